import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as forecastRoute } from '@/app/api/v3/clients/forecast/route';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import type { TForecast, TPaymentPredictions } from '@/lib/contract/forecast';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';
import { daysFrom } from '../helpers/dates';

/**
 * Two customers whose history the plain lateness profile reads wrong.
 *
 * R1 pays in one monthly run, on the 10th, whatever its bills' due dates: R1 is billed
 * on the 1st and the 20th of every month, due 30 days later, and pays each bill on the first 10th on
 * or after its due date. Its lateness is two habits, about 9 days (the bills of the 1st, due at the
 * month's end) and about 21 (those of the 20th, due on the 19th or 20th); read alone, it would place
 * half of each bill 12 days off. Its payment days are all 10ths: the forecast moves each payment to
 * the nearest 10th, where the cash comes.
 *
 * D1 pays later and later: billed every 5 days, due 30 days later, each bill paid 5 days late plus a
 * day for every 10 days since the first (35 days late by the end of the year before today). Its
 * year's average lags where it pays now; the last 3 months' bills came markedly later than the rest,
 * and the forecast moves the earlier ones to where it pays now.
 *
 * P1 pays every bill in two halves: ₹5,000 five days before its due date, ₹5,000 twenty days after
 * it. Read bill by bill, at its settlement, all of each bill would come 20 days late; read receipt
 * by receipt, half comes 5 days early and half 20 days late, as it does.
 */
let database: TestDatabase;
let admin: string;
let today: string;

const firstTenthFrom = (iso: string) => {
  const day = +iso.slice(8, 10);
  if (day <= 10) return `${iso.slice(0, 8)}10`;
  const next = new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7), 10));
  return next.toISOString().slice(0, 10);
};

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'FHABIT');
  today = await clientToday(database.db, created.clientId);
  const invoices = ['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount'];
  const payments = ['payment_ref,sys_invoice_num,paid_date,amount'];
  const start = new Date(Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 15, 1));
  const first = start.toISOString().slice(0, 10);
  for (let t = 0; daysFrom(first, t) <= today; t += 5) {
    const issue = daysFrom(first, t);
    const due = daysFrom(issue, 30);
    invoices.push(`D${t},INV/D${t},D1,${issue},${due},10000`);
    const paid = daysFrom(due, 5 + Math.floor(t / 10));
    if (paid <= today) payments.push(`PD${t},D${t},${paid},10000`);
  }
  for (let m = 0; m < 16; m++) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1)).toISOString().slice(0, 8);
    for (const day of ['01', '20']) {
      const issue = `${month}${day}`;
      if (issue > today) continue;
      const due = daysFrom(issue, 30);
      const n = `R${month.slice(0, 7)}-${day}`;
      invoices.push(`${n},INV/${n},R1,${issue},${due},10000`);
      const paid = firstTenthFrom(due);
      if (paid <= today) payments.push(`P${n},${n},${paid},10000`);
    }
  }
  for (let t = 0; daysFrom(first, t) <= today; t += 6) {
    const issue = daysFrom(first, t);
    const due = daysFrom(issue, 30);
    invoices.push(`P${t},INV/P${t},P1,${issue},${due},10000`);
    for (const [half, day] of [
      ['a', daysFrom(due, -5)],
      ['b', daysFrom(due, 20)],
    ] as const)
      if (day <= today) payments.push(`PP${t}${half},P${t},${day},5000`);
  }
  const report = await runImport(database.db, {
    clientId: created.clientId,
    userId: null,
    source: 'CLI',
    today,
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name,dim1',
          'R1,Mahalaxmi Distributors,North',
          'D1,Sai Krupa Enterprises,North',
          'P1,Om Sai Traders,North',
        ]),
      ),
      file('invoices.csv', csv(invoices)),
      file('payments.csv', csv(payments)),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

describe('a customer that pays in a monthly run', () => {
  it('is expected on a 10th, and the reason says why', async () => {
    const res = await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', {
      cookie: admin,
      query: { sysObligorCode: 'R1' },
    });
    expect(res.status).toBe(200);
    const { predictions } = res.json as TPaymentPredictions;
    expect(predictions.length).toBeGreaterThan(0);
    for (const p of predictions) {
      expect(p.basis).toBe('HISTORY');
      // each bill on the first 10th on or after its due date (not before today)
      expect(p.date).toBe(firstTenthFrom(p.dueDate < today ? today : p.dueDate));
      expect(p.reason).toMatch(/; pays around the 10th of the month \(\d+ of \d+ payment days\)$/);
    }
  });

  it('back-tests without a miss, where both simple rules miss the run', async () => {
    const f = (
      await callRoute(forecastRoute, '/api/v3/clients/forecast', { cookie: admin, query: { sysObligorCode: 'R1' } })
    ).json as TForecast;
    // From each month end, the bills paid in the next four weeks all came on the 10th, in week 2 (the
    // 8th to the 14th), and the forecast put them there: no error.
    for (const p of f.backtest.points) {
      expect(p.forecast).toBeCloseTo(p.actual, 2);
      if (p.actual > 0) expect(p.weekStart).toBe(daysFrom(p.monthEnd, 8));
    }
    expect(f.backtest.mape).toBe(0);
    // The due-date rule puts the bills due at the month end and those already late in week 1: every
    // week 2 missed in full.
    expect(f.backtest.rules.dueDate).toEqual({ mape: 100, improvement: 100 });
    expect(f.backtest.rules.customerMean.improvement).toBe(100);
  });
});

describe('a customer that pays later and later', () => {
  it('is expected where it pays now, and the reason says it drifts', async () => {
    const res = await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', {
      cookie: admin,
      query: { sysObligorCode: 'D1' },
    });
    const { predictions } = res.json as TPaymentPredictions;
    const ahead = predictions.filter((p) => p.dueDate > today);
    expect(ahead.length).toBeGreaterThan(0);
    for (const p of ahead) {
      expect(p.reason).toMatch(/^Pays \d+ days late on average lately, \d+ days later than before/);
      // its bills due this month and next came 35 to 50 days late; the year's average is about 26
      const late = (Date.parse(p.date!) - Date.parse(p.dueDate)) / 86_400_000;
      expect(late).toBeGreaterThanOrEqual(35);
    }
  });

  it('back-tests better than both rules by more than a quarter', async () => {
    const f = (
      await callRoute(forecastRoute, '/api/v3/clients/forecast', { cookie: admin, query: { sysObligorCode: 'D1' } })
    ).json as TForecast;
    // Read without its drift, the year's profile beat the customer-mean rule by only 12% (88% against
    // 100%); with it, by about half.
    expect(f.backtest.rules.customerMean.improvement).toBeGreaterThanOrEqual(25);
    expect(f.backtest.rules.dueDate.improvement).toBeGreaterThanOrEqual(25);
  });
});

describe('a customer that pays in parts', () => {
  it('is expected half before its due date and half after, payment by payment', async () => {
    const res = await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', {
      cookie: admin,
      query: { sysObligorCode: 'P1' },
    });
    const { predictions } = res.json as TPaymentPredictions;
    // a bill not yet 5 days from its due date: half 5 days early, half 20 days late. The halves still
    // open count as not yet paid, so a little under half is expected early and the median is the
    // later day; the band runs from one to the other
    const ahead = predictions.filter((p) => p.dueDate > daysFrom(today, 5));
    expect(ahead.length).toBeGreaterThan(0);
    for (const p of ahead) {
      expect(p).toMatchObject({
        date: daysFrom(p.dueDate, 20),
        low: daysFrom(p.dueDate, -5),
        high: daysFrom(p.dueDate, 20),
      });
      expect(p.reason).toMatch(
        /^Pays \d+ days late on average \(\d+ payments, last 12 months; it pays most bills in parts\)$/,
      );
    }
    // one whose first half came: the rest 20 days late
    const started = predictions.filter((p) => p.dueDate <= daysFrom(today, 5) && p.dueDate > daysFrom(today, -20));
    expect(started.length).toBeGreaterThan(0);
    for (const p of started) expect(p.date).toBe(daysFrom(p.dueDate, 20));
  });

  it('back-tests within a few per cent, where both rules miss by half', async () => {
    const f = (
      await callRoute(forecastRoute, '/api/v3/clients/forecast', { cookie: admin, query: { sysObligorCode: 'P1' } })
    ).json as TForecast;
    // Each week's cash is the early halves of the bills due in it and the late halves of those due 25
    // days before; the forecast holds back the small share the open halves stand for (2.1% here).
    // Read bill by bill it put every bill 20 days late: 53.5%.
    expect(f.backtest.mape).toBeLessThan(5);
    expect(f.backtest.rules.dueDate.mape).toBeGreaterThan(50);
    expect(f.backtest.rules.customerMean.mape).toBeGreaterThan(50);
  });
});
