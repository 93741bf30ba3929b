import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import type { TImportReport } from '@/lib/contract/imports';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { ageingRowsForDates, ageingRowsSql, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import { ageItems, type LedgerItem, type LedgerReceipt } from '@/lib/domain/ageing';
import * as receivablesRoute from '@/app/api/v4/clients/receivables/route';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as creditLimitsRoute } from '@/app/api/v3/clients/credit_limits/route';
import { GET as obligorCreditLimitRoute } from '@/app/api/v3/obligors/credit_limit/route';
import { GET as creditHoldsRoute } from '@/app/api/credit_holds/route';
import type { TCreditHold } from '@/lib/contract/credit-holds';
import { callRoute, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { csv, newClient, PASSWORD, TALLY_BATCH, TODAY } from '../imports/helpers';

/** The ledger of TALLY_BATCH (tests/imports/helpers.ts), figures worked out by hand there. */
const FILES = TALLY_BATCH;

const B = { b1: 30, b2: 60, b3: 90 };

/** The client's figures at each date, by hand (see the ledger above). */
const EXPECTED: Record<string, Record<string, number>> = {
  // INV1 40,000 at 30 days past due; nothing received on account yet.
  '2026-09-30': {
    current: 0,
    crdBucket1: 40000,
    crdBucket2: 0,
    crdBucket3: 0,
    outstanding: 40000,
    unallocated: 0,
    netBalance: 40000,
  },
  // RC2 received, not yet allocated: INV1 40,000 at 40 days, INV2 30,000 current.
  '2026-10-10': {
    current: 30000,
    crdBucket1: 0,
    crdBucket2: 40000,
    crdBucket3: 0,
    outstanding: 70000,
    unallocated: -35000,
    netBalance: 35000,
  },
  // 25,000 of RC2 on INV1 (15,000 left at 61 days); the advance RC3 is S1's, with no invoice yet.
  '2026-10-31': {
    current: 30000,
    crdBucket1: 0,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 45000,
    unallocated: -25000,
    netBalance: 20000,
  },
  // INV3 issued the day before the advance is applied to it.
  '2026-11-05': {
    current: 50000,
    crdBucket1: 0,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 65000,
    unallocated: -25000,
    netBalance: 40000,
  },
  // Everything allocated but 5,000 of RC2: INV1 15,000 at 81 days, INV2 25,000 at 11 days, INV3 5,000 current.
  [TODAY]: {
    current: 5000,
    crdBucket1: 25000,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 45000,
    unallocated: -5000,
    netBalance: 40000,
  },
};
const DATES = Object.keys(EXPECTED).sort();

let database: TestDatabase;
let clientId: number;
let cookie: string;
let report: TImportReport;

const importFiles = () => importBatch(database.db, clientId, FILES);

beforeAll(async () => {
  ({ database, clientId, cookie, report } = await ledgerClient('TALLY', FILES));
});
afterAll(() => database?.dispose());

const summaryAt = (date: string) => summaryOf(cookie, date);

describe('receipts on account, advances and their allocations', () => {
  it("imports Tally's Agst Ref, On Account and Advance with their allocations", () => {
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    expect(report.files.map((f) => [f.kind, f.rows])).toEqual([
      ['obligors', 3],
      ['invoices', 3],
      ['payments', 3],
      ['allocations', 3],
    ]);
    expect(report.counts.payments).toMatchObject({ inserted: 3, unchanged: 0 });
    expect(report.counts.allocations).toMatchObject({ inserted: 3 });
  });

  it('gives the hand-computed buckets, unallocated and net balance at dates before and after each event', async () => {
    for (const date of DATES) {
      const summary = await summaryAt(date);
      expect(summary, date).toMatchObject(EXPECTED[date]!);
      // Buckets hold the invoices only; with the unallocated receipts they make the net balance.
      const buckets =
        summary.current! + summary.crdBucket1! + summary.crdBucket2! + summary.crdBucket3! + summary.crdBucket4!;
      expect(buckets + summary.unallocated!).toBe(summary.netBalance);
      expect(summary.balance).toBe(summary.outstanding);
    }
  });

  it('counts receipts on account as cash collected on their day, not again when allocated', async () => {
    expect((await summaryAt('2026-10-31')).paid).toBe(50000); // RC2 and RC3 in October
    expect((await summaryAt('2026-09-30')).paid).toBe(10000); // RC1
    expect((await summaryAt(TODAY)).paid).toBe(0); // November: allocations only
  });

  it("counts receipts on account in a family's collections of a period, as the dashboard does", async () => {
    const res = await callRoute(parentObligorsRoute as never, '/api/v3/clients/parentobligors', {
      cookie,
      query: { fromDate: '2026-09-01', toDate: '2026-10-31' },
    });
    expect(res.status).toBe(200);
    // P1: RC1 10,000 against INV1 and RC2 35,000 on account; S1: the advance RC3 15,000.
    expect((res.json as Record<string, unknown>[]).map((r) => [r.sysObligorCode, r.collectedInPeriod]).sort()).toEqual([
      ['P1', 45000],
      ['S1', 15000],
    ]);
  });

  it('shows each customer and family with its own unallocated and net balance', async () => {
    const families = await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', {
      cookie,
      query: { date: '2026-10-31', sortBy: 'balance', order: 'DESC' },
    });
    expect(families.status).toBe(200);
    const byCode = Object.fromEntries(
      (families.json as { sysObligorCode: string; outstanding: number; unallocated: number; netBalance: number }[]).map(
        (r) => [r.sysObligorCode, [r.outstanding, r.unallocated, r.netBalance]],
      ),
    );
    // S1 owes nothing yet holds an advance: it is listed, with a negative net balance.
    expect(byCode).toEqual({ P1: [45000, -10000, 35000], S1: [0, -15000, -15000] });
    const accounts = await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', {
      cookie,
      query: { date: '2026-11-05', parentSysObligorCode: 'P1' },
    });
    expect(
      (accounts.json as Record<string, unknown>[]).map((r) => [r.sysObligorCode, r.unallocated, r.netBalance]),
    ).toEqual([['A1', -10000, 35000]]);
  });

  it('agrees with the TypeScript rule, and the many-date query with the one-date query', async () => {
    const items: Record<string, LedgerItem[]> = {
      A1: [
        {
          issueDate: '2026-08-01',
          dueDate: '2026-08-31',
          amountPaise: 5_000_000,
          payments: [
            { paidDate: '2026-09-10', amountPaise: 1_000_000 },
            { paidDate: '2026-10-15', amountPaise: 2_500_000 },
          ],
        },
        {
          issueDate: '2026-10-10',
          dueDate: '2026-11-09',
          amountPaise: 3_000_000,
          payments: [{ paidDate: '2026-11-12', amountPaise: 500_000 }],
        },
      ],
      S1: [
        {
          issueDate: '2026-11-05',
          dueDate: '2026-12-05',
          amountPaise: 2_000_000,
          payments: [{ paidDate: '2026-11-06', amountPaise: 1_500_000 }],
        },
      ],
    };
    const receipts: Record<string, LedgerReceipt[]> = {
      A1: [
        {
          paidDate: '2026-10-01',
          amountPaise: 3_500_000,
          allocations: [
            { allocatedDate: '2026-10-15', amountPaise: 2_500_000 },
            { allocatedDate: '2026-11-12', amountPaise: 500_000 },
          ],
        },
      ],
      S1: [
        {
          paidDate: '2026-10-20',
          amountPaise: 1_500_000,
          allocations: [{ allocatedDate: '2026-11-06', amountPaise: 1_500_000 }],
        },
      ],
    };
    const many = await database.db.transaction(async (tx) => {
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql`select as_of_date::text as as_of, sys_obligor_code, outstanding::text, unallocated::text, current::text, crd_bucket1::text,
          crd_bucket2::text, crd_bucket3::text, paid::text
        from (${await ageingRowsForDates(tx, clientId, DATES, B)}) r order by as_of_date, sys_obligor_code`,
      );
      await dropAgeingDates(tx);
      return rows;
    });
    const one: Record<string, string>[] = [];
    for (const date of DATES) {
      one.push(
        ...(await queryRows<Record<string, string>>(
          database.db,
          sql`select ${date}::text as as_of, sys_obligor_code, outstanding::text, unallocated::text, current::text,
            crd_bucket1::text, crd_bucket2::text, crd_bucket3::text, paid::text
          from (${ageingRowsSql(clientId, date, B)}) r order by sys_obligor_code`,
        )),
      );
    }
    const numbers = (rows: Record<string, string>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^-?[\d.]+$/.test(v) ? Number(v) : v])));
    expect(numbers(many)).toEqual(numbers(one));
    for (const row of numbers(one)) {
      const rule = ageItems(
        items[row.sys_obligor_code as string] ?? [],
        row.as_of as string,
        B,
        receipts[row.sys_obligor_code as string],
      );
      expect(row, `${row.sys_obligor_code} ${row.as_of}`).toMatchObject({
        outstanding: rule.outstanding / 100,
        unallocated: rule.unallocated / 100,
        current: rule.current / 100,
        crd_bucket1: rule.crdBucket1 / 100,
        crd_bucket2: rule.crdBucket2 / 100,
        crd_bucket3: rule.crdBucket3 / 100,
      });
    }
  });

  it('gives the same figures from the ageing history as from the ledger', async () => {
    expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
    for (const date of DATES) expect(await summaryAt(date), date).toMatchObject(EXPECTED[date]!);
    const [read] = await queryRows<{ unallocated: string }>(
      database.db,
      sql`select h.unallocated::text as unallocated from ageing_history h
      where h.client_id = ${clientId} and h.level = 'client' and h.valid @> '2026-10-10'::date`,
    );
    expect(Number(read!.unallocated)).toBe(-35000);
  });

  it('changes nothing when the same files are imported again', async () => {
    const again = await importFiles();
    expect(again.status).toBe('SUCCEEDED');
    expect(again.counts.payments).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(again.counts.allocations).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await summaryAt(TODAY)).toMatchObject(EXPECTED[TODAY]!);
  });
});

describe('the rules of receipts and allocations', () => {
  let clients = 0;
  const refused = async (name: string, lines: string[], more: Record<string, string> = {}) => {
    const other = await newClient(database.db, `BAD${++clients}`);
    const files = { ...FILES, [name]: csv(lines), ...more };
    const result = await importBatch(database.db, other.clientId, files);
    expect(result.status).toBe('FAILED');
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select ((select count(*) from receipts where client_id = ${other.clientId}) + (select count(*) from allocations where client_id = ${other.clientId}))::int as n`,
    );
    expect(count!.n).toBe(0);
    return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`);
  };
  const PAYMENTS_HEADER = 'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount';
  const ALLOCATIONS_HEADER = 'payment_ref,sys_invoice_num,amount,allocated_date';

  it('refuses a receipt that names neither an invoice nor a customer, or names both apart', async () => {
    expect(
      await refused(
        'payments.csv',
        [
          PAYMENTS_HEADER,
          'RC1,,,Agst Ref,10/09/2026,100',
          'RC2,,,,01/10/2026,100',
          'RC3,INV1,,Advance,20/10/2026,100',
          'RC4,INV1,S1,,20/10/2026,100',
          'RC5,,X9,On Account,20/10/2026,100',
          'RC6,,A1,New Ref,20/10/2026,100',
        ],
        { 'allocations.csv': csv([ALLOCATIONS_HEADER]) },
      ),
    ).toEqual([
      'payments.csv:2:sys_invoice_num: required for a receipt against an invoice (kind AGAINST)',
      'payments.csv:3:sys_obligor_code: required for an ON_ACCOUNT receipt (it names no invoice)',
      'payments.csv:4:sys_invoice_num: an ADVANCE receipt names no invoice: apply it to invoices in allocations.csv',
      'payments.csv:5:sys_obligor_code: invoice INV1 is of obligor A1, not S1',
      'payments.csv:6:sys_obligor_code: obligor X9 is neither in obligors nor stored',
      'payments.csv:7:kind: "New Ref" names a new bill: a receipt is Agst Ref, Advance or On Account',
    ]);
  });

  it('refuses allocations beyond the receipt, to another customer, to a credit note or before the receipt', async () => {
    expect(
      await refused('allocations.csv', [
        ALLOCATIONS_HEADER,
        'RC2,INV1,"30,000.00",15/10/2026',
        'RC2,INV2,"6,000.00",12/11/2026', // 36,000 of a 35,000 receipt
        'RC3,INV1,"1,000.00",06/11/2026', // INV1 is A1's, RC3 S1's
        'RC1,INV1,"1,000.00",06/11/2026', // RC1 is against a bill
        'RC3,INV3,"1,000.00",19/10/2026', // before the advance
      ]),
    ).toEqual([
      'allocations.csv:3:amount: allocations of receipt RC2 total 36000.00, above its amount 35000.00',
      'allocations.csv:4:sys_invoice_num: invoice INV1 is of obligor A1, the receipt of S1',
      'allocations.csv:5:payment_ref: receipt RC1 is not an advance or on-account receipt in payments nor stored',
      'allocations.csv:6:allocated_date: allocated on 2026-10-19, before the receipt of 2026-10-20',
    ]);
  });

  it('refuses an allocation that pays an invoice beyond its amount', async () => {
    const payments = csv([
      PAYMENTS_HEADER,
      'RC1,INV1,,Agst Ref,10/09/2026,"20,000.00"',
      'RC2,,A1,On Account,01/10/2026,"35,000.00"',
    ]);
    expect(
      await refused('allocations.csv', [ALLOCATIONS_HEADER, 'RC2,INV1,"35,000.00",15/10/2026'], {
        'payments.csv': payments,
      }),
    ).toEqual([
      'allocations.csv:2:amount: payments and notes against invoice INV1 total 55000.00, above its amount 50000.00',
      'payments.csv:2:amount: payments and notes against invoice INV1 total 55000.00, above its amount 50000.00',
    ]);
  });

  it("refuses Tally's re-export of a receipt on account against another customer's bill or below its allocations", async () => {
    const reExport = async (row: string) => {
      const result = await importBatch(database.db, clientId, { 'payments.csv': csv([PAYMENTS_HEADER, row]) });
      expect(result.status).toBe('FAILED');
      return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`);
    };
    // RC2 is A1's ₹35,000 on account, ₹30,000 of it allocated; INV3 is S1's.
    expect(await reExport('RC2,INV3,,Agst Ref,01/10/2026,"35,000.00"')).toEqual([
      'payments.csv:2:sys_invoice_num: invoice INV3 is of obligor S1, the receipt of A1',
    ]);
    expect(await reExport('RC2,INV2,,,01/10/2026,"20,000.00"')).toEqual([
      'payments.csv:2:amount: receipt RC2 of 20000.00 is below the 30000.00 already allocated from it',
    ]);
    expect(await summaryAt(TODAY)).toMatchObject(EXPECTED[TODAY]!);
  });
});

describe("Tally's re-export of a receipt once it is allocated (On Account, then Agst Ref)", () => {
  const PAYMENTS_HEADER = 'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount';
  // RC2, A1's ₹35,000 on account, has ₹30,000 allocated (INV1 on 15/10, INV2 on 12/11): Tally, where
  // the rest was applied to INV2, now exports the whole voucher against INV2.
  const REEXPORT = { 'payments.csv': csv([PAYMENTS_HEADER, 'RC2,INV2,,Agst Ref,01/10/2026,"35,000.00"']) };
  let other: { clientId: number; cookie: string };
  const allocationsOf = (id: number) =>
    queryRows<{ ref: string; num: string; day: string; amount: string }>(
      database.db,
      sql`select payment_ref as ref, sys_invoice_num as num, allocated_date::text as day, amount::text as amount
      from allocations where client_id = ${id} order by allocated_date, payment_ref, sys_invoice_num`,
    );

  beforeAll(async () => {
    const created = await newClient(database.db, 'TALLYRE');
    other = {
      clientId: created.clientId,
      cookie: (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie,
    };
    expect((await importBatch(database.db, other.clientId, FILES)).status).toBe('SUCCEEDED');
  });

  it('applies what is left of the receipt to the bill it now names, from the day of the import', async () => {
    const result = await importBatch(database.db, other.clientId, REEXPORT);
    expect(result.status, JSON.stringify(result.errors)).toBe('SUCCEEDED');
    expect(result.counts.payments).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(result.counts.allocations).toMatchObject({ inserted: 1, updated: 0 });
    // The receipt stays on account; its last ₹5,000 goes to INV2 on the import day.
    const [receipt] = await queryRows<{ kind: string; amount: string }>(
      database.db,
      sql`select kind, amount::text as amount from receipts where client_id = ${other.clientId} and payment_ref = 'RC2'`,
    );
    expect(receipt).toEqual({ kind: 'ON_ACCOUNT', amount: '35000.00' });
    expect((await allocationsOf(other.clientId)).filter((a) => a.day === TODAY)).toEqual([
      { ref: 'RC2', num: 'INV2', day: TODAY, amount: '5000.00' },
    ]);
    // Today: nothing left on account; INV2 (₹25,000 at 11 days) is down to ₹20,000.
    expect(await summaryOf(other.cookie, TODAY)).toMatchObject({
      current: 5000,
      crdBucket1: 20000,
      crdBucket3: 15000,
      outstanding: 40000,
      unallocated: 0,
      netBalance: 40000,
    });
    // Every earlier date still sees the ₹5,000 unallocated, as it did before the import.
    for (const date of DATES.filter((d) => d < TODAY))
      expect(await summaryOf(other.cookie, date), date).toMatchObject(EXPECTED[date]!);
    // The day before: the same net balance, ₹5,000 of it still on account.
    expect(await summaryOf(other.cookie, '2026-11-19')).toMatchObject({
      outstanding: 45000,
      unallocated: -5000,
      netBalance: 40000,
    });
  });

  it('changes nothing when the same export comes again, the same day or later', async () => {
    const before = await allocationsOf(other.clientId);
    const sameDay = await importBatch(database.db, other.clientId, REEXPORT);
    expect(sameDay.status).toBe('SUCCEEDED');
    expect(sameDay.counts.allocations).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const nextDay = await importBatch(database.db, other.clientId, REEXPORT, '2026-11-21');
    expect(nextDay.status).toBe('SUCCEEDED');
    expect(nextDay.counts.allocations).toBeUndefined();
    expect(nextDay.counts.payments).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await allocationsOf(other.clientId)).toEqual(before);
  });

  it('refuses a re-export naming a bill the receipt is not applied to once it is allocated in full', async () => {
    const result = await importBatch(database.db, other.clientId, {
      'payments.csv': csv([PAYMENTS_HEADER, 'RC3,INV1,,Agst Ref,20/10/2026,"15,000.00"']),
    });
    expect(result.status).toBe('FAILED');
    expect(result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'payments.csv:2:sys_invoice_num: receipt RC3 is stored on account and already allocated in full, not to INV1: correct its allocations in allocations.csv',
    ]);
  });
});

describe('credit limits drawn on by the net balance', () => {
  // A1 (P1's one member) owes ₹40,000 at TODAY with ₹5,000 of RC2 still on account: its exposure is
  // ₹35,000. On a ₹38,000 limit the balance alone (105.3%) would breach it; the net (92.1%) is near.
  beforeAll(async () => {
    await database.db.execute(
      sql`update obligors set credit_limit = 38000 where client_id = ${clientId} and sys_obligor_code = 'A1'`,
    );
  });

  it('lists the family and the account at their net balance, with the customer analysis row alike', async () => {
    for (const view of ['families', 'accounts'] as const) {
      const res = await callRoute(creditLimitsRoute as never, '/api/v3/clients/credit_limits', {
        cookie,
        query: { date: TODAY, view },
      });
      expect(res.status).toBe(200);
      const row = (res.json as Record<string, unknown>[]).find((r) => r.creditLimit != null)!;
      expect(row, view).toMatchObject({
        sysObligorCode: view === 'families' ? 'P1' : 'A1',
        creditLimit: 38000,
        exposure: 35000,
        available: 3000,
        status: 'NEAR',
      });
    }
    const families = await callRoute(parentObligorsRoute as never, '/api/v3/clients/parentobligors', {
      cookie,
      query: { date: TODAY },
    });
    const p1 = (families.json as Record<string, unknown>[]).find((r) => r.sysObligorCode === 'P1')!;
    expect(p1).toMatchObject({ balance: 40000, unallocated: -5000, netBalance: 35000, creditUtilisation: 92.1 });
  });

  it("gives a customer's credit limit card the same exposure", async () => {
    for (const code of ['P1', 'A1']) {
      const res = await callRoute(obligorCreditLimitRoute as never, '/api/v3/obligors/credit_limit', {
        cookie,
        query: { sysObligorCode: code, date: TODAY },
      });
      expect(res.status).toBe(200);
      expect(res.json, code).toMatchObject({ creditLimit: 38000, exposure: 35000, available: 3000, overLimit: false });
    }
  });

  it('holds an account over its limit only once the money on account is counted, and says so', async () => {
    const overLimit = async () => {
      const res = await callRoute(creditHoldsRoute as never, '/api/credit_holds', { cookie, query: { count: 100 } });
      expect(res.status).toBe(200);
      const a1 = (res.json as TCreditHold[]).find((r) => r.sysObligorCode === 'A1');
      return { a1, reasons: (a1?.reasons ?? []).filter((r) => r.startsWith('Over its credit limit')) };
    };
    // ₹40,000 of bills over a ₹38,000 limit, but ₹35,000 drawn: no over-limit hold.
    expect((await overLimit()).reasons).toEqual([]);
    await database.db.execute(
      sql`update obligors set credit_limit = 30000 where client_id = ${clientId} and sys_obligor_code = 'A1'`,
    );
    const held = await overLimit();
    expect(held.a1).toMatchObject({ balance: 40000, unallocated: -5000, creditLimit: 30000 });
    expect(held.reasons).toEqual([
      'Over its credit limit of ₹30,000.00 by ₹5,000.00 (after ₹5,000.00 received on account)',
    ]);
  });
});
