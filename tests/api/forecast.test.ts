import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { GET as forecastRoute } from '@/app/api/v3/clients/forecast/route';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import type { TForecast, TPaymentPredictions } from '@/lib/contract/forecast';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { ROLE_DEFAULTS } from '@/lib/db/seed/reference-data';
import { backtestMonthEnds } from '@/lib/domain/cash-forecast';
import { hashPassword } from '@/lib/server/auth/password';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';
import { daysFrom, dmyOf } from '../helpers/dates';

/**
 * A small ledger around today (T) and the last six back-test month ends (M1..M6), whose forecast and
 * back-test are worked out by hand below.
 *
 * C1 (North) paid six ₹1,000 bills 10 days late, long ago; from each month end Mk one ₹2,000 bill
 * (issued Mk - 27, due Mk + 3) was paid 10 days late, on Mk + 13, except the sixth: ₹4,000 paid 3
 * days late, on M6 + 6. Today C1 owes: L1 ₹5,000 due T+5; L3 ₹700 due T+2, in dispute; L4 ₹2,500 due
 * T+40, promised for T+3. G1 (North, the field officer's) has no history and owes ₹800 due T+9. X1
 * (West) paid five ₹1,000 bills on the due date and owes ₹1,500 already 28 days late.
 *
 * C1's habit today: ₹16,000 (11 bills) 10 days late, ₹4,000 (1 bill) 3 days late: 20% at 3 days and
 * 80% at 10, 9 days on average ((4,000 x 3 + 16,000 x 10) / 20,000 = 8.6).
 */
let database: TestDatabase;
let admin: string;
let guest: string;
let other: string;
let today: string;
let monthEnds: string[];
let north: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'FCAST');
  const db = database.db;
  const clientId = created.clientId;
  today = await clientToday(db, clientId);
  monthEnds = backtestMonthEnds(today);
  const [role] = await queryRows(
    db,
    sql`select id from roles where client_id = ${clientId} and code = 'guest'`,
    row({ id: col.int }),
  );
  const [officer] = await queryRows(
    db,
    sql`insert into users (client_id, email, name, user_type, role_id, password_hash)
      values (${clientId}, 'officer@fcast.test', 'Field Officer', 'borrowers', ${role!.id}, ${await hashPassword(PASSWORD)})
      returning id`,
    row({ id: col.int }),
  );
  for (const [position, feature] of ROLE_DEFAULTS.guest.entries())
    await db.execute(sql`insert into user_page_permissions (client_id, user_id, feature_type, access_value, position)
      values (${clientId}, ${officer!.id}, ${feature}, true, ${position})`);

  const T = (offset: number) => daysFrom(today, offset);
  const invoices = ['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount'];
  const payments = ['payment_ref,sys_invoice_num,paid_date,amount'];
  for (let k = 0; k < 6; k++) {
    const due = T(-330 + 15 * k);
    invoices.push(`H${k},INV/H${k},C1,${daysFrom(due, -30)},${due},1000`);
    payments.push(`PH${k},H${k},${daysFrom(due, 10)},1000`);
  }
  for (let k = 0; k < 5; k++) {
    const due = T(-300 + 10 * k);
    invoices.push(`X${k},INV/X${k},X1,${daysFrom(due, -30)},${due},1000`);
    payments.push(`PX${k},X${k},${due},1000`);
  }
  monthEnds.forEach((m, k) => {
    const last = k === 5;
    invoices.push(`D${k + 1},INV/D${k + 1},C1,${daysFrom(m, -27)},${daysFrom(m, 3)},${last ? 4000 : 2000}`);
    payments.push(`PD${k + 1},D${k + 1},${daysFrom(m, last ? 6 : 13)},${last ? 4000 : 2000}`);
  });
  invoices.push(
    `L1,INV/L1,C1,${T(-25)},${T(5)},5000`,
    `L3,INV/L3,C1,${T(-25)},${T(2)},700`,
    `L4,INV/L4,C1,${T(-5)},${T(40)},2500`,
    `G1,INV/G1,G1,${T(-21)},${T(9)},800`,
    `XO,INV/XO,X1,${T(-28)},,1500`,
  );
  const report = await runImport(db, {
    clientId,
    userId: null,
    source: 'CLI',
    today,
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name,dim1,guest_email',
          'C1,Shree Balaji Traders,North,',
          'G1,Ganesh Agencies,North,officer@fcast.test',
          'X1,Konkan Distributors,West,',
        ]),
      ),
      file('invoices.csv', csv(invoices)),
      file('payments.csv', csv(payments)),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  const [dispute] = await queryRows(
    db,
    sql`insert into disputes (client_id, sys_obligor_code, reason, amount, status, opened_on)
      values (${clientId}, 'C1', 'PRICING', 700, 'OPEN', ${today}) returning id`,
    row({ id: col.int }),
  );
  await db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, ${dispute!.id}, 'L3')`,
  );
  const [promise] = await queryRows(
    db,
    sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, status)
      values (${clientId}, 'C1', 2500, ${T(3)}, ${today}, 'CALL', 'OPEN') returning id`,
    row({ id: col.int }),
  );
  await db.execute(
    sql`insert into promise_invoices (client_id, promise_id, sys_invoice_num) values (${clientId}, ${promise!.id}, 'L4')`,
  );
  const [region] = await queryRows(
    db,
    sql`select id from dimension_values where client_id = ${clientId} and dim_level = 1 and name = 'North'`,
    row({ id: col.int }),
  );
  north = region!.id;
  admin = (await sessionCookieFor(db, created.email, PASSWORD)).cookie;
  guest = (await sessionCookieFor(db, 'officer@fcast.test', PASSWORD)).cookie;
  other = (await sessionCookieFor(db, (await newClient(db, 'FCOTHER')).email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

const forecast = (cookie: string, query: Record<string, string | number> = {}) =>
  callRoute(forecastRoute, '/api/v3/clients/forecast', { cookie, query });
const predictions = (cookie: string, code: string) =>
  callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', { cookie, query: { sysObligorCode: code } });
const weekOf = (f: TForecast) => f.weeks.map((w) => [w.weekStart, w.expected, w.low, w.high]);

describe('GET /v3/clients/forecast', () => {
  it('places the open debts in the weeks from today, with the band and what is left out', async () => {
    const res = await forecast(admin);
    expect(res.status).toBe(200);
    const f = res.json as TForecast;
    expect(f.asOf).toBe(today);
    expect(f.weeks).toHaveLength(13);
    expect(f.weeks[0]).toMatchObject({ weekStart: today, weekEnd: daysFrom(today, 6) });
    // week 1: L4's promise (T+3), certain; the back-test missed its week 1 by 100%: 0 to 5,000
    // week 2: 20% of L1 (paid 3 days late: T+8) 1,000 + 20% of G1 (its region's habit: T+12) 160;
    //   spread √(5,000² x 0.2 x 0.8 + 800² x 0.2 x 0.8) = 2,025.44, x 1.2816 = 2,595.80
    // week 3: 80% of L1 (T+15) 4,000 + 80% of G1 (T+19) 640, the same spread
    expect(weekOf(f).slice(0, 4)).toEqual([
      [today, 2500, 0, 5000],
      [daysFrom(today, 7), 1160, 0, 3755.8],
      [daysFrom(today, 14), 4640, 2044.2, 7235.8],
      [daysFrom(today, 21), 0, 0, 0],
    ]);
    expect(f.weeks.slice(3).every((w) => w.expected === 0)).toBe(true);
    expect(f.total).toEqual({ expected: 8300, low: 2044.2, high: 15991.6 });
    expect(f.openDebts).toBe(10500);
    expect(f.later).toBe(0);
    // L3 in dispute; X1's bill 28 days late, later than any payment of the year (10 days at most)
    expect(f.excluded).toEqual({ disputed: 700, notExpected: 1500, unlikely: 0 });
    // every part has its line: 8,300 + 0 + 700 + 1,500 = 10,500; no credit note, so the balance
    expect(f.credits).toBe(0);
    expect(f.balance).toBe(10500);
  });

  it("back-tests from the six month ends: week 2 of each right, the sixth's early payment missed", async () => {
    const f = (await forecast(admin)).json as TForecast;
    expect(f.backtest.weeks).toBe(4);
    const expected = monthEnds.flatMap((m, k) =>
      [0, 1, 2, 3].map((w) => {
        const amount = k === 5 ? 4000 : 2000;
        // From each month end the bill due Mk + 3 is expected 10 days late, Mk + 13: week 2. Every
        // payment of C1 came 10 days late, so no spread; the band is the back-test's error at that
        // distance: none in week 2, 100% in week 1 (of nothing expected there).
        const forecast = w === 1 ? amount : 0;
        return {
          monthEnd: m,
          weekStart: daysFrom(m, 1 + 7 * w),
          forecast,
          low: forecast,
          high: forecast,
          // The due-date rule: on Mk + 3, week 1.
          dueDateRule: w === 0 ? amount : 0,
          // C1's mean days to settle: 40 (the H bills, issued 30 days before their due date and paid
          // 10 after it; the D bills, issued Mk - 27 and paid Mk + 13): Mk - 27 + 40 = Mk + 13, week 2.
          customerMeanRule: w === 1 ? amount : 0,
          // The sixth came on M6 + 6: week 1.
          actual: k === 5 ? (w === 0 ? 4000 : 0) : w === 1 ? 2000 : 0,
        };
      }),
    );
    expect(f.backtest.points).toEqual(expected);
    // six weeks with cash: five exact, one missed by 100%
    expect(f.backtest.mape).toBe(16.7);
    // the due-date rule: five missed by 100%, the sixth exact: 83.3%, the model's error 80% lower;
    // the customer-mean rule says what the model says here
    expect(f.backtest.rules).toEqual({
      dueDate: { mape: 83.3, improvement: 80 },
      customerMean: { mape: 16.7, improvement: 0 },
    });
    // five of the six weeks with cash inside the band (the sixth's early payment outside)
    expect(f.backtest.bandShare).toBe(83.3);
  });

  it('narrows to a customer, a dim1 value, fewer weeks and the field officer’s scope', async () => {
    const c1 = (await forecast(admin, { sysObligorCode: 'C1' })).json as TForecast;
    expect(weekOf(c1).slice(0, 3)).toEqual([
      [today, 2500, 0, 5000],
      // 1,000 ± 1.2816 x √(5,000² x 0.16) = 2,563.20
      [daysFrom(today, 7), 1000, 0, 3563.2],
      [daysFrom(today, 14), 4000, 1436.8, 6563.2],
    ]);
    expect(c1.backtest.mape).toBe(16.7);
    const region = (await forecast(admin, { dim1Id: north })).json as TForecast;
    expect(region.total.expected).toBe(8300);
    expect(region.excluded).toEqual({ disputed: 700, notExpected: 0, unlikely: 0 });
    // C1's 8,200 and G1's 800 in North: 8,300 expected + 700 in dispute
    expect(region.openDebts).toBe(9000);
    const two = (await forecast(admin, { weeks: 2 })).json as TForecast;
    expect(two.weeks.map((w) => w.expected)).toEqual([2500, 1160]);
    expect(two.later).toBe(4640);

    const mine = (await forecast(guest)).json as TForecast;
    // only G1: 160 and 640 ± 1.2816 x √(800² x 0.16) = 410.11; nothing to back-test
    expect(weekOf(mine).slice(0, 3)).toEqual([
      [today, 0, 0, 0],
      [daysFrom(today, 7), 160, 0, 570.11],
      [daysFrom(today, 14), 640, 229.89, 1050.11],
    ]);
    expect(mine.openDebts).toBe(800);
    expect(mine.backtest.mape).toBeNull();
    expect((await forecast(guest, { sysObligorCode: 'C1' })).status).toBe(404);
  });

  it('puts the same weeks and back-test in the collections workbook', async () => {
    const url = new URL('http://localhost:3000/api/reports/download.xlsx?report=COLLECTIONS_BY_MONTH');
    const res = await downloadRoute(new NextRequest(url, { headers: { cookie: admin } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const column = (name: string, header: string) => {
      const sheet = wb.getWorksheet(name)!;
      const at = (sheet.getRow(3).values as unknown[]).indexOf(header);
      const values: unknown[] = [];
      sheet.eachRow((row, n) => {
        const value = row.getCell(at).value;
        // the total row holds a formula: its cached result
        if (n > 3) values.push(value && typeof value === 'object' && 'result' in value ? value.result : value);
      });
      return values;
    };
    // 13 weeks and the total row
    expect(column('Cash-in forecast', 'Expected').slice(0, 3)).toEqual([2500, 1160, 4640]);
    expect(column('Cash-in forecast', 'Expected').at(-1)).toBe(8300);
    expect(column('Cash-in forecast', 'High').slice(0, 3)).toEqual([5000, 3755.8, 7235.8]);
    // 6 month ends x 4 weeks, then the totals: ₹14,000 forecast and collected
    const collected = column('Forecast back-test', 'Collected');
    expect(collected).toHaveLength(25);
    expect(collected.at(-1)).toBe(14000);
    expect(column('Forecast back-test', 'Forecast').at(-1)).toBe(14000);
    // the simple rules beside it: the same ₹14,000, placed in other weeks
    expect(column('Forecast back-test', 'Due-date rule').at(-1)).toBe(14000);
    expect(column('Forecast back-test', 'Customer-mean rule').at(-1)).toBe(14000);
    expect(column('Forecast back-test', 'Due-date rule error').slice(0, 2)).toEqual([null, 100]);
  });

  it('refuses bad parameters and unknown customers', async () => {
    for (const weeks of ['0', 'abc', '27', '2.5'])
      expect((await forecast(admin, { weeks })).status, `weeks=${weeks}`).toBe(400);
    expect((await forecast(admin, { dim1Id: north, sysObligorCode: 'C1' })).status).toBe(400);
    expect((await forecast(admin, { sysObligorCode: 'NOPE' })).status).toBe(404);
    expect((await forecast(other, { sysObligorCode: 'C1' })).status).toBe(404);
  });
});

describe('GET /v3/clients/payment_predictions', () => {
  it('gives each open debt of C1 its date and reason, oldest due first', async () => {
    const res = await predictions(admin, 'C1');
    expect(res.status).toBe(200);
    const p = res.json as TPaymentPredictions;
    expect(p.asOf).toBe(today);
    expect(p.predictions.map((x) => [x.sysInvoiceNum, x.basis, x.date, x.low, x.high, x.level, x.reason])).toEqual([
      ['L3', 'DISPUTED', null, null, null, null, `In dispute since ${dmyOf(today)}`],
      // 20% at 3 days late, 80% at 10: the median and both quartiles at 10 days, T+15
      [
        'L1',
        'HISTORY',
        daysFrom(today, 15),
        daysFrom(today, 15),
        daysFrom(today, 15),
        'ACCOUNT',
        'Pays 9 days late on average (12 invoices, last 12 months)',
      ],
      [
        'L4',
        'PROMISED',
        daysFrom(today, 3),
        daysFrom(today, 3),
        daysFrom(today, 3),
        null,
        `Promised for ${dmyOf(daysFrom(today, 3))}`,
      ],
    ]);
    expect(p.predictions[1]).toMatchObject({ invoiceNum: 'INV/L1', dueDate: daysFrom(today, 5), open: 5000 });
  });

  it('falls back to the region for a customer without history, and expects nothing of a debt too late', async () => {
    const g1 = (await predictions(admin, 'G1')).json as TPaymentPredictions;
    expect(g1.predictions).toMatchObject([
      {
        sysInvoiceNum: 'G1',
        basis: 'HISTORY',
        level: 'DIM1',
        date: daysFrom(today, 19),
        reason: 'Few payments of its own: customers in North pay 9 days late on average (12 invoices, last 12 months)',
      },
    ]);
    const x1 = (await predictions(admin, 'X1')).json as TPaymentPredictions;
    expect(x1.predictions).toMatchObject([
      {
        sysInvoiceNum: 'XO',
        basis: 'NOT_EXPECTED',
        date: null,
        reason: 'Already 28 days late: later than any bill paid in the last 12 months',
      },
    ]);
  });

  it('keeps the field officer to their own customers', async () => {
    expect((await predictions(guest, 'G1')).status).toBe(200);
    expect((await predictions(guest, 'C1')).status).toBe(404);
    expect((await predictions(other, 'C1')).status).toBe(404);
    expect((await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', { cookie: admin })).status).toBe(
      400,
    );
  });
});
