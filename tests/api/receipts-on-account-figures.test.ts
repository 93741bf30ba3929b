import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
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
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { DATES, EXPECTED } from '../helpers/tally-ledger';
import { TALLY_BATCH, TODAY } from '../imports/helpers';
import { asText } from '../helpers/text-columns';

/**
 * Receipts on account, advances and their allocations in the figures of the ledger of TALLY_BATCH
 * (tests/imports/helpers.ts; the buckets, unallocated and net balance by hand in tests/helpers/tally-ledger.ts):
 * cash collected, the ageing history, and the credit limits the net balance draws on. The rules of receipts
 * and allocations on import are in receipts-on-account-rules.test.ts.
 */
const FILES = TALLY_BATCH;

const B = { b1: 30, b2: 60, b3: 90 };

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
    const columns = asText([
      'sys_obligor_code',
      'outstanding',
      'unallocated',
      'current',
      'crd_bucket1',
      'crd_bucket2',
      'crd_bucket3',
      'paid',
    ]);
    const many = await database.db.transaction(async (tx) => {
      const rows = await queryRows(
        tx,
        sql`select as_of_date::text as as_of, ${columns.select}
        from (${await ageingRowsForDates(tx, clientId, DATES, B)}) r order by as_of_date, sys_obligor_code`,
        columns.shape,
      );
      await dropAgeingDates(tx);
      return rows;
    });
    const one: Record<string, string>[] = [];
    for (const date of DATES) {
      one.push(
        ...(await queryRows(
          database.db,
          sql`select ${date}::text as as_of, ${columns.select}
          from (${ageingRowsSql(clientId, date, B)}) r order by sys_obligor_code`,
          columns.shape,
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
    const [read] = await queryRows(
      database.db,
      sql`select h.unallocated::text as unallocated from ageing_history h
      where h.client_id = ${clientId} and h.level = 'client' and h.valid @> '2026-10-10'::date`,
      row({ unallocated: col.text }),
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
