import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as forecastRoute } from '@/app/api/v3/clients/forecast/route';
import { GET as behaviourRoute } from '@/app/api/v3/clients/payment_behaviour/route';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import { GET as invoiceRoute } from '@/app/api/invoices/route';
import type { TForecast, TPaymentPredictions } from '@/lib/contract/forecast';
import type { TPaymentBehaviour } from '@/lib/contract/payment-behaviour';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { forecastDifferences } from '@/lib/domain/cash-forecast';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { forecastFromLedger } from '@/lib/server/forecast/cash-forecast';
import { storedForecastBuild } from '@/lib/server/forecast/stored-forecast';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * Payment behaviour, predicted payments, the cash-in forecast and invoice detail as of a past day D
 * (today - 90): what was known then, from the payments, promises and disputes dated up to it.
 *
 * A1 (the hand ledger, all days from D):
 *   B1 ₹1,000 due D-100, paid D-90 (10 days late); B2 ₹3,000 due D-50, paid D-45 (5 late);
 *   B3 ₹2,000 due D-20, paid D+10 (30 late), in dispute from D-2 to D+8;
 *   O1 ₹5,000 due D+10, promised on D-5 for D+3 (broken on D+4), paid D+15 (5 late);
 *   O2 ₹4,000 due D+20, ₹1,000 of it paid on D+30, the rest still open.
 */
let database: TestDatabase;
let hand: string;
let handClient: number;
let full: string;
let cut: string;
let today: string;
let D: string;

interface Ledger {
  obligors: string[];
  invoices: string[];
  payments: string[];
}

async function importLedger(db: Db, code: string, ledger: Ledger) {
  const created = await newClient(db, code);
  const report = await runImport(db, {
    clientId: created.clientId,
    userId: null,
    source: 'CLI',
    today: await clientToday(db, created.clientId),
    files: [
      file('obligors.csv', csv(['sys_obligor_code,name,parent_sys_obligor_code,dim1', ...ledger.obligors])),
      file(
        'invoices.csv',
        csv(['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount', ...ledger.invoices]),
      ),
      file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', ...ledger.payments])),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  return { clientId: created.clientId, cookie: (await sessionCookieFor(db, created.email, PASSWORD)).cookie };
}

async function addPromise(
  db: Db,
  clientId: number,
  p: { code: string; amount: number; takenOn: string; promisedDate: string; invoice: string; closedOn?: string },
) {
  const [made] = await queryRows(
    db,
    sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, status, closed_on)
      values (${clientId}, ${p.code}, ${p.amount}, ${p.promisedDate}, ${p.takenOn}, 'CALL',
        ${p.closedOn ? 'BROKEN' : 'OPEN'}, ${p.closedOn ?? null}) returning id`,
    row({ id: col.int }),
  );
  await db.execute(
    sql`insert into promise_invoices (client_id, promise_id, sys_invoice_num) values (${clientId}, ${made!.id}, ${p.invoice})`,
  );
}

async function addDispute(
  db: Db,
  clientId: number,
  d: { code: string; amount: number; openedOn: string; invoice: string; resolvedOn?: string },
) {
  const [made] = await queryRows(
    db,
    sql`insert into disputes (client_id, sys_obligor_code, reason, amount, status, opened_on, outcome, resolved_on)
      values (${clientId}, ${d.code}, 'QUALITY', ${d.amount}, ${d.resolvedOn ? 'RESOLVED' : 'OPEN'}, ${d.openedOn},
        ${d.resolvedOn ? 'CUSTOMER_TO_PAY' : null}, ${d.resolvedOn ?? null}) returning id`,
    row({ id: col.int }),
  );
  await db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, ${made!.id}, ${d.invoice})`,
  );
}

/** A ledger of three customers (a family of two and one more) over the 13 months to today, paid at varied lateness. */
function richLedger(): Ledger & {
  promises: {
    code: string;
    amount: number;
    takenOn: string;
    promisedDate: string;
    invoice: string;
    closedOn?: string;
  }[];
  disputes: { code: string; amount: number; openedOn: string; invoice: string; resolvedOn?: string }[];
} {
  const codes = ['K1', 'K2', 'K3'];
  const out = {
    obligors: ['K1,Kaveri Traders,,North', 'K2,Kaveri Traders Pune,K1,North', 'K3,Sahyadri Agencies,,West'],
    invoices: [] as string[],
    payments: [] as string[],
    promises: [] as ReturnType<typeof richLedger>['promises'],
    disputes: [] as ReturnType<typeof richLedger>['disputes'],
  };
  for (let n = 0; n < 44; n++) {
    const code = codes[n % 3]!;
    const issue = daysFrom(today, -400 + 9 * n);
    const due = daysFrom(issue, 30);
    const amount = 1000 + ((n * 37) % 11) * 500;
    const num = `R${n}`;
    out.invoices.push(`${num},INV/${num},${code},${issue},${due},${amount}`);
    // Lateness from -3 to 40 days by customer and bill; every seventh bill is never paid.
    if (n % 7 === 6) continue;
    const late = (code === 'K3' ? 20 : code === 'K2' ? 8 : 2) + ((n * 13) % 17) - 3;
    const paid = daysFrom(due, late);
    if (paid >= today) continue;
    // Every fourth bill in two parts: half 12 days before the rest.
    if (n % 4 === 0) {
      out.payments.push(`P${n}a,${num},${daysFrom(paid, -12)},${amount / 2}`, `P${n}b,${num},${paid},${amount / 2}`);
    } else out.payments.push(`P${n},${num},${paid},${amount}`);
    if (n % 5 === 2)
      out.promises.push({
        code,
        amount,
        takenOn: daysFrom(due, -2),
        promisedDate: daysFrom(due, 4),
        invoice: num,
        closedOn: daysFrom(due, 5),
      });
    if (n % 6 === 1)
      out.disputes.push({ code, amount, openedOn: daysFrom(due, 1), invoice: num, resolvedOn: daysFrom(paid, -1) });
  }
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  // The hand ledger.
  const probe = await newClient(db, 'ASOFPROBE');
  today = await clientToday(db, probe.clientId);
  D = daysFrom(today, -90);
  const d = (n: number) => daysFrom(D, n);
  const a1 = await importLedger(db, 'ASOFHAND', {
    obligors: ['A1,Anand Stores,,North'],
    invoices: [
      `B1,INV/B1,A1,${d(-130)},${d(-100)},1000`,
      `B2,INV/B2,A1,${d(-80)},${d(-50)},3000`,
      `B3,INV/B3,A1,${d(-50)},${d(-20)},2000`,
      `O1,INV/O1,A1,${d(-20)},${d(10)},5000`,
      `O2,INV/O2,A1,${d(-10)},${d(20)},4000`,
    ],
    payments: [
      `PB1,B1,${d(-90)},1000`,
      `PB2,B2,${d(-45)},3000`,
      `PB3,B3,${d(10)},2000`,
      `PO1,O1,${d(15)},5000`,
      `PO2,O2,${d(30)},1000`,
    ],
  });
  hand = a1.cookie;
  handClient = a1.clientId;
  await addPromise(db, a1.clientId, {
    code: 'A1',
    amount: 5000,
    takenOn: d(-5),
    promisedDate: d(3),
    invoice: 'O1',
    closedOn: d(4),
  });
  await addDispute(db, a1.clientId, { code: 'A1', amount: 2000, openedOn: d(-2), invoice: 'B3', resolvedOn: d(8) });

  // The same ledger twice: whole, and cut at D (what was dated up to it, disputes and promises still open then).
  const ledger = richLedger();
  const whole = await importLedger(db, 'ASOFFULL', ledger);
  full = whole.cookie;
  for (const p of ledger.promises) await addPromise(db, whole.clientId, p);
  for (const x of ledger.disputes) await addDispute(db, whole.clientId, x);
  const dateOf = (line: string, column: number) => line.split(',')[column]!;
  const part = await importLedger(db, 'ASOFCUT', {
    obligors: ledger.obligors,
    invoices: ledger.invoices.filter((l) => dateOf(l, 3) <= D),
    payments: ledger.payments.filter((l) => dateOf(l, 2) <= D),
  });
  cut = part.cookie;
  for (const p of ledger.promises.filter((p) => p.takenOn <= D))
    await addPromise(db, part.clientId, { ...p, ...(p.closedOn && p.closedOn <= D ? {} : { closedOn: undefined }) });
  for (const x of ledger.disputes.filter((x) => x.openedOn <= D))
    await addDispute(db, part.clientId, {
      ...x,
      ...(x.resolvedOn && x.resolvedOn <= D ? {} : { resolvedOn: undefined }),
    });
});
afterAll(() => database?.dispose());

const behaviour = (cookie: string, code: string, date?: string) =>
  callRoute(behaviourRoute, '/api/v3/clients/payment_behaviour', { cookie, query: { sysObligorCode: code, date } });
const predictions = (cookie: string, code: string, date?: string) =>
  callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', { cookie, query: { sysObligorCode: code, date } });
const forecast = (cookie: string, query: Record<string, string | undefined> = {}) =>
  callRoute(forecastRoute, '/api/v3/clients/forecast', { cookie, query });
const invoice = (cookie: string, num: string, date?: string) =>
  callRoute(invoiceRoute, '/api/invoices', { cookie, query: { sysInvoiceNum: num, date } });

describe('payment behaviour as of a date', () => {
  it('counts the bills paid off by the date, in the 12 months to it', async () => {
    const before = (await behaviour(hand, 'A1', D)).json as TPaymentBehaviour;
    // B1 10 days late (₹1,000), B2 5 days late (₹3,000): (10,000 + 15,000) / 4,000 = 6.25, to 1 decimal
    expect(before).toMatchObject({ toDate: D, invoicesPaid: 2, amountPaid: 4000, averageDaysLate: 6.3 });
    const after = (await behaviour(hand, 'A1', daysFrom(D, 20))).json as TPaymentBehaviour;
    // and B3 30 late (₹2,000), O1 5 late (₹5,000): (10,000 + 15,000 + 60,000 + 25,000) / 11,000 = 10
    expect(after).toMatchObject({ invoicesPaid: 4, amountPaid: 11000, averageDaysLate: 10 });
    const now = (await behaviour(hand, 'A1')).json as TPaymentBehaviour;
    expect(now.toDate).toBe(today);
  });

  it('refuses a date after today', async () => {
    const res = await behaviour(hand, 'A1', daysFrom(today, 1));
    expect(res.status).toBe(400);
    expect(res.json.fields.date).toMatch(/cannot be after today/);
  });
});

describe('predicted payments as of a date', () => {
  it('on D: B3 in dispute, O1 on its promise, O2 by the habit known then', async () => {
    const p = (await predictions(hand, 'A1', D)).json as TPaymentPredictions;
    expect(p.asOf).toBe(D);
    expect(p.predictions.map((x) => [x.sysInvoiceNum, x.open, x.basis, x.date])).toEqual([
      ['B3', 2000, 'DISPUTED', null],
      ['O1', 5000, 'PROMISED', daysFrom(D, 3)],
      // Open debts at -20, -10 and 20 days late, paid 5 days late ₹3,000 and 10 late ₹1,000: the
      // chance of 5 is 3,000 / 6,000 = 50%, then 10 is 1,000 / 3,000 of the half left: 67% in all,
      // half of it reached at 5 days late.
      ['O2', 4000, 'HISTORY', daysFrom(D, 25)],
    ]);
    expect(p.predictions[2]!.reason).toBe(
      'Pays 6 days late on average (2 invoices, last 12 months; 67% likely to be paid)',
    );
  });

  it('after the promised day the promise no longer places O1; after the resolution B3 is no longer held back', async () => {
    const p5 = (await predictions(hand, 'A1', daysFrom(D, 5))).json as TPaymentPredictions;
    expect(p5.predictions.map((x) => [x.sysInvoiceNum, x.basis, x.date])).toEqual([
      ['B3', 'DISPUTED', null],
      ['O1', 'HISTORY', daysFrom(D, 15)],
      ['O2', 'HISTORY', daysFrom(D, 25)],
    ]);
    const p9 = (await predictions(hand, 'A1', daysFrom(D, 9))).json as TPaymentPredictions;
    // 29 days late: later than anything paid in the 12 months to D+9 (10 days at most)
    expect(p9.predictions[0]).toMatchObject({ sysInvoiceNum: 'B3', basis: 'NOT_EXPECTED', date: null });
    // today only O2 is open, with ₹3,000 of it
    const now = (await predictions(hand, 'A1')).json as TPaymentPredictions;
    expect(now.asOf).toBe(today);
    expect(now.predictions.map((x) => [x.sysInvoiceNum, x.open])).toEqual([['O2', 3000]]);
  });
});

describe('cash-in forecast as of a date', () => {
  it('places what was open on D in the weeks from D', async () => {
    const f = (await forecast(hand, { date: D })).json as TForecast;
    expect(f.asOf).toBe(D);
    expect(f.weeks[0]).toMatchObject({ weekStart: D, expected: 5000 }); // O1's promise, D+3
    // O2: half at D+25 (week 4), a sixth at D+30 (week 5), the third never paid by history
    expect(f.weeks[3]!.expected).toBe(2000);
    expect(f.weeks[4]!.expected).toBeCloseTo(666.67, 2);
    expect(f.openDebts).toBe(11000);
    expect(f.excluded.disputed).toBe(2000);
    expect(f.excluded.unlikely).toBeCloseTo(1333.33, 2);
    // today: O2's ₹3,000
    expect(((await forecast(hand)).json as TForecast).openDebts).toBe(3000);
  });
});

describe('invoice detail as of a date', () => {
  it('is open on a day before its settlement and closed from it', async () => {
    const before = (await invoice(hand, 'B3', D)).json as TInvoiceDetail;
    expect(before).toMatchObject({ status: 'OPEN', settledDate: null, outstanding: 2000, date: D });
    const on = (await invoice(hand, 'B3', daysFrom(D, 10))).json as TInvoiceDetail;
    expect(on).toMatchObject({ status: 'CLOSED', settledDate: daysFrom(D, 10), outstanding: 0 });
    const now = (await invoice(hand, 'B3')).json as TInvoiceDetail;
    expect(now).toMatchObject({ status: 'CLOSED', settledDate: daysFrom(D, 10) });
  });
});

describe('a past date equals the ledger cut at it', () => {
  it('gives the same behaviour, predictions, forecast and invoice detail', async () => {
    for (const code of ['K1', 'K2', 'K3']) {
      expect((await behaviour(full, code, D)).json).toEqual((await behaviour(cut, code, D)).json);
      const a = (await predictions(full, code, D)).json as TPaymentPredictions;
      expect(a.predictions.length).toBeGreaterThan(0);
      expect(a).toEqual((await predictions(cut, code, D)).json);
      expect(
        forecastDifferences(
          (await forecast(full, { date: D, sysObligorCode: code })).json,
          (await forecast(cut, { date: D, sysObligorCode: code })).json,
        ),
      ).toEqual([]);
    }
    const whole = (await forecast(full, { date: D })).json as TForecast;
    expect(whole.backtest.points.some((p) => p.actual > 0)).toBe(true);
    expect(whole.openDebts).toBeGreaterThan(0);
    expect(forecastDifferences(whole, (await forecast(cut, { date: D })).json)).toEqual([]);
    for (let n = 0; n < 44; n++) {
      const a = (await invoice(full, `R${n}`, D)).json as TInvoiceDetail;
      if (a.issueDate > D) continue;
      const b = (await invoice(cut, `R${n}`, D)).json as TInvoiceDetail;
      // Every payment is listed; the figures and the status are those of the date.
      expect({ ...a, payments: [] }).toEqual({ ...b, payments: [] });
    }
  });
});

describe('a new client’s first import', () => {
  it('builds the stored forecast, which answers today as the ledger does', async () => {
    expect(await storedForecastBuild(database.db, handClient, today)).not.toBeNull();
    const stored = (await forecast(hand)).json as TForecast;
    const ledger = await forecastFromLedger(database.db, handClient, ALL_OBLIGORS, { weeks: 13 });
    expect(forecastDifferences(stored, ledger)).toEqual([]);
  });
});
