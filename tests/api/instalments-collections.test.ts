import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as openInvoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as holdsRoute } from '@/app/api/credit_holds/route';
import type { TCreditHold } from '@/lib/contract/credit-holds';
import type { TPaymentPredictions } from '@/lib/contract/forecast';
import type { TStatement } from '@/lib/contract/portal';
import type { TImportReport } from '@/lib/contract/imports';
import { DEFAULT_POLICY, overdueTableText } from '@/lib/domain/dunning';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { CLIENT_TODAY, day, dmy, ledgerClient } from '../helpers/ledger-client';
import { csv, file } from '../imports/helpers';

/** The new client's today: the hand ledger is dated from it. */
const T = CLIENT_TODAY;

/**
 * Invoices payable in instalments beyond the ageing: reminders, the open list's order by lateness,
 * expected payments, the portal's ageing and credit holds, each by hand, as of T.
 *
 * - Rao Electricals (R1): INV1 ₹90,000 issued T-70, due T+20 in thirds on T-40, T-10 and T+20; ₹40,000
 *   paid on T-35 settles the first instalment and ₹10,000 of the second. At T it owes ₹50,000: the
 *   second instalment holds ₹20,000 at 10 days past due, the third ₹30,000 due in 20 days. Beside it
 *   INV2 ₹8,000 due T-15, INV3 ₹5,000 due T-12 and a credit note CN1 of ₹2,000 issued T-5.
 * - Hegde Hardware (H1): HH1 ₹60,000 issued T-150, due T+30 in thirds on T-120, T-30 and T+30, nothing
 *   paid: ₹20,000 at 120 days, ₹20,000 at 30, ₹20,000 not yet due.
 *
 * By the invoices' own due dates INV1 and HH1 would not be late at all.
 */
const ledger = () => [
  file(
    'obligors.csv',
    csv([
      'sys_obligor_code,name,email',
      'R1,Rao Electricals,accounts@rao.example',
      'H1,Hegde Hardware,accounts@hegde.example',
    ]),
  ),
  file(
    'invoices.csv',
    csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount',
      `INV1,RE-801,R1,INVOICE,${day(-70)},${day(20)},"90,000.00"`,
      `INV2,RE-802,R1,INVOICE,${day(-45)},${day(-15)},"8,000.00"`,
      `INV3,RE-803,R1,INVOICE,${day(-42)},${day(-12)},"5,000.00"`,
      `CN1,RE-CN-1,R1,CREDIT_NOTE,${day(-5)},${day(-5)},"2,000.00"`,
      `HH1,HH-1,H1,INVOICE,${day(-150)},${day(30)},"60,000.00"`,
    ]),
  ),
  file(
    'instalments.csv',
    csv([
      'sys_invoice_num,due_date,amount',
      `INV1,${dmy(-40)},"30,000.00"`,
      `INV1,${dmy(-10)},"30,000.00"`,
      `INV1,${dmy(20)},"30,000.00"`,
      `HH1,${dmy(-120)},"20,000.00"`,
      `HH1,${dmy(-30)},"20,000.00"`,
      `HH1,${dmy(30)},"20,000.00"`,
    ]),
  ),
  file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', `P1,INV1,${day(-35)},"40,000.00"`])),
];

let database: TestDatabase;
let clientId: number;
let admin: string;
let report: TImportReport;

beforeAll(async () => {
  ({ database, clientId, cookie: admin, report } = await ledgerClient('INSTCOL', ledger(), T));
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
});
afterAll(() => database?.dispose());

describe('reminders for an invoice in instalments', () => {
  it('ask for the instalments due, as late as the oldest open one, and name what falls due later', async () => {
    // The default policy's first level is 3 days before the due date: what falls due by T+3 is asked.
    const [rao] = (await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T)).filter((c) => c.code === 'R1');
    expect(rao).toBeDefined();
    // 20,000 (INV1's second instalment) + 8,000 + 5,000 - 2,000; INV1's third (30,000) is not asked.
    expect(rao!.amountDue).toBe(31000);
    expect(rao!.oldestDays).toBe(15);
    const inv1 = rao!.items.find((i) => i.invoiceNum === 'RE-801')!;
    expect(inv1).toMatchObject({ outstanding: 20000, notYetDue: 30000, daysPastDue: 10, dueDate: day(-10) });
    expect(rao!.items.find((i) => i.invoiceNum === 'RE-802')).not.toHaveProperty('notYetDue');
    expect(overdueTableText(rao!.items)).toContain(
      `- Invoice RE-801 dated ${dmy(-70)}, due ${dmy(-10)}: ₹20,000.00 (10 days overdue; ₹30,000.00 more in instalments due later)`,
    );
  });

  it('make an invoice whose own due date is ahead late by its instalments', async () => {
    const [hegde] = (await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T)).filter((c) => c.code === 'H1');
    // 120 days late (the first instalment), 40,000 asked, 20,000 due at T+30 left for later.
    expect(hegde).toMatchObject({ amountDue: 40000, oldestDays: 120 });
    expect(hegde!.items).toEqual([
      expect.objectContaining({ invoiceNum: 'HH-1', outstanding: 40000, notYetDue: 20000, daysPastDue: 120 }),
    ]);
  });
});

describe('the open list ordered by how late', () => {
  const page = async (order: 'ASC' | 'DESC', offset: number, count: number) => {
    const res = await callRoute(openInvoicesRoute, '/api/v4/invoices', {
      cookie: admin,
      query: { sortBy: 'daysPastDue', order, offset, count },
    });
    expect(res.status).toBe(200);
    return (res.json as { invoiceNum: string; daysPastDue: number }[]).map((r) => `${r.invoiceNum}:${r.daysPastDue}`);
  };

  it('places an invoice in instalments by its oldest open instalment, on every page, both ways', async () => {
    // Debts first, most overdue first; the credit note (5 days old) after them.
    const whole = ['HH-1:120', 'RE-802:15', 'RE-803:12', 'RE-801:10', 'RE-CN-1:5'];
    expect(await page('DESC', 1, 50)).toEqual(whole);
    // Pages of two: the indexed debts' edge (12 days) still lets INV1 (10) and HH1 (120) in.
    expect([...(await page('DESC', 1, 2)), ...(await page('DESC', 2, 2)), ...(await page('DESC', 3, 2))]).toEqual(
      whole,
    );
    const least = ['RE-801:10', 'RE-803:12', 'RE-802:15', 'HH-1:120', 'RE-CN-1:5'];
    expect(await page('ASC', 1, 50)).toEqual(least);
    expect([...(await page('ASC', 1, 2)), ...(await page('ASC', 2, 2)), ...(await page('ASC', 3, 2))]).toEqual(least);
  });
});

describe('expected payments of an invoice in instalments', () => {
  it('list the invoice once, by its oldest open instalment, with each open instalment expected on its own', async () => {
    const res = await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', {
      cookie: admin,
      query: { sysObligorCode: 'R1' },
    });
    expect(res.status).toBe(200);
    const { predictions } = res.json as TPaymentPredictions;
    expect(predictions.map((p) => [p.invoiceNum, p.dueDate, p.open])).toEqual([
      ['RE-802', day(-15), 8000],
      ['RE-803', day(-12), 5000],
      ['RE-801', day(-10), 50000],
    ]);
    const inv1 = predictions.find((p) => p.invoiceNum === 'RE-801')!;
    // No bill paid off in the last 12 months: each part is expected on its due date, or today when past it.
    expect(inv1.instalments?.map((p) => [p.dueDate, p.open, p.basis, p.date])).toEqual([
      [day(-10), 20000, 'DUE_DATE', T],
      [day(20), 30000, 'DUE_DATE', day(20)],
    ]);
    expect(inv1.date).toBe(T);
  });
});

describe('the portal statement of an account with an invoice in instalments', () => {
  it('ages each instalment by its own due date and lists the invoice at its oldest open one', async () => {
    const res = await callRoute(statementRoute, '/api/customerportal/statement', {
      cookie: admin,
      query: { sysObligorCode: 'H1' },
    });
    expect(res.status).toBe(200);
    const statement = res.json as TStatement;
    expect(statement.closing).toBe(60000);
    expect(statement.overdue).toBe(40000);
    expect(statement.ageing).toEqual([
      { bucket: '90+ days', amount: 20000 },
      { bucket: '1-30 days', amount: 20000 },
      { bucket: 'Not yet due', amount: 20000 },
    ]);
    expect(statement.openItems.total).toBe(1);
    // Its due date is the one its days past due count from (T-120), not its own last one (T+30):
    // "due in a month, 120 days past due" read as a sign error in the attached statement.
    expect(statement.openItems.rows[0]).toMatchObject({
      invoiceNum: 'HH-1',
      outstanding: 60000,
      daysPastDue: 120,
      dueDate: day(-120),
    });
  });
});

describe('credit holds', () => {
  it('hold an account whose oldest open instalment is beyond the days rule, for what those instalments hold', async () => {
    const res = await callRoute(holdsRoute, '/api/credit_holds', { cookie: admin, query: { count: 100 } });
    expect(res.status).toBe(200);
    const rows = res.json as TCreditHold[];
    // The default rule: debts more than 90 days past due. Only HH1's first instalment is.
    expect(rows.map((r) => [r.sysObligorCode, r.oldestDaysPastDue, r.overdueBeyond])).toEqual([['H1', 120, 20000]]);
  });
});
