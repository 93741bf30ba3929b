import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations, instalments, invoices, obligors, receipts, settlements } from '@/lib/db/schema';
import { ageItems, applyNotes, type LedgerItem, type LedgerReceipt } from '@/lib/domain/ageing';
import { ZInvoicesQuery, ZReceivablesQuery } from '@/lib/contract/receivables';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';

/** The SQL ageing (rollups and ledger path) must equal the reference rules of lib/domain/ageing.ts. */
let database: TestDatabase;
let clientId: number;
beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
});
afterAll(() => database?.dispose());

const paise = (amount: string | number) => Math.round(Number(amount) * 100);
const B = { b1: 30, b2: 60, b3: 90 };

/**
 * A customer's items with what settles them (payments, allocations; notes against an invoice by the
 * domain rule, not the view) and their instalments, and its receipts on account with their allocations.
 */
async function ledgerOf(code: string): Promise<{ items: LedgerItem[]; receipts: LedgerReceipt[] }> {
  const items = await database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.sysObligorCode, code)));
  const paid = items.length
    ? await database.db
        .select()
        .from(settlements)
        .where(
          and(
            eq(settlements.clientId, clientId),
            inArray(settlements.source, ['PAYMENT', 'ALLOCATION']),
            inArray(
              settlements.sysInvoiceNum,
              items.map((i) => i.sysInvoiceNum),
            ),
          ),
        )
    : [];
  const schedules = items.length
    ? await database.db
        .select()
        .from(instalments)
        .where(
          and(
            eq(instalments.clientId, clientId),
            inArray(
              instalments.sysInvoiceNum,
              items.map((i) => i.sysInvoiceNum),
            ),
          ),
        )
    : [];
  const received = await database.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.clientId, clientId), eq(receipts.sysObligorCode, code)));
  const applied = received.length
    ? await database.db
        .select()
        .from(allocations)
        .where(
          and(
            eq(allocations.clientId, clientId),
            inArray(
              allocations.paymentRef,
              received.map((r) => r.paymentRef),
            ),
          ),
        )
    : [];
  return {
    items: applyNotes(
      items.map((i) => ({
        ref: i.sysInvoiceNum,
        against: i.againstSysInvoiceNum,
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        amountPaise: paise(i.amount),
        payments: paid
          .filter((p) => p.sysInvoiceNum === i.sysInvoiceNum)
          .map((p) => ({ paidDate: p.paidDate, amountPaise: paise(p.amount) })),
        instalments: schedules
          .filter((k) => k.sysInvoiceNum === i.sysInvoiceNum)
          .map((k) => ({ dueDate: k.dueDate, amountPaise: paise(k.amount) })),
      })),
    ),
    receipts: received.map((r) => ({
      paidDate: r.paidDate,
      amountPaise: paise(r.amount),
      allocations: applied
        .filter((a) => a.paymentRef === r.paymentRef)
        .map((a) => ({ allocatedDate: a.allocatedDate, amountPaise: paise(a.amount) })),
    })),
  };
}

describe('SQL ageing equals the domain rules on the demo ledger', () => {
  // TEST_TODAY and a month end use the rollups; the other dates are computed from the ledger.
  for (const asOf of [TEST_TODAY, '2026-08-31', '2026-03-17', '2025-12-05']) {
    it(`agrees obligor by obligor as of ${asOf}`, async () => {
      const children = await database.db
        .select({ code: obligors.sysObligorCode })
        .from(obligors)
        .where(eq(obligors.clientId, clientId))
        .orderBy(obligors.sysObligorCode)
        .limit(40);
      let compared = 0;
      for (const { code } of children) {
        const ledger = await ledgerOf(code);
        const expected = ageItems(ledger.items, asOf, B, ledger.receipts);
        const { rows } = await listReceivables(
          database.db,
          clientId,
          ZReceivablesQuery.parse({ date: asOf, sysObligorCode: code }),
        );
        if (expected.outstanding === 0 && expected.unallocated === 0 && rows.length === 0) continue;
        const row = rows[0];
        if (!row) {
          expect([expected.outstanding, expected.unallocated], `${code} missing`).toEqual([0, 0]);
          continue;
        }
        for (const key of [
          'current',
          'crdBucket1',
          'crdBucket2',
          'crdBucket3',
          'crdBucket4',
          'invBucket1',
          'invBucket2',
          'invBucket3',
          'invBucket4',
          'outstanding',
          'overdue',
          'unallocated',
        ] as const) {
          expect(paise(row[key]), `${code} ${key}`).toBe(expected[key]);
        }
        expect(row.crdBucket4Num, `${code} crdBucket4Num`).toBe(expected.crdBucket4Num);
        compared++;
      }
      expect(compared).toBeGreaterThan(5);
    });
  }

  it('holds receipts on account and advances, most allocated, some still unallocated today', async () => {
    const [found] = await queryRows(
      database.db,
      sql`select count(*)::int as receipts,
        count(*) filter (where exists (select 1 from allocations a where a.client_id = r.client_id and a.payment_ref = r.payment_ref))::int as allocated,
        count(*) filter (where not exists (select 1 from allocations a where a.client_id = r.client_id and a.payment_ref = r.payment_ref))::int as open,
        (select unallocated from client_ageing where client_id = ${clientId} and as_of_date = ${TEST_TODAY}::date)::float8 as unallocated
      from receipts r where r.client_id = ${clientId}`,
      row({ receipts: col.num, allocated: col.num, open: col.num, unallocated: col.num }),
    );
    expect(found!.receipts).toBeGreaterThan(50);
    expect(found!.allocated).toBeGreaterThan(found!.open);
    expect(found!.open).toBeGreaterThan(0);
    expect(found!.unallocated).toBeLessThan(0);
  });

  it('has the summary equal to the sum of every parent row', async () => {
    const summary = await receivablesSummary(database.db, clientId, { date: TEST_TODAY });
    const { rows, total } = await listReceivables(
      database.db,
      clientId,
      ZReceivablesQuery.parse({ date: TEST_TODAY, count: 500 }),
    );
    expect(rows.length).toBe(total);
    const sum = (key: 'outstanding' | 'overdue' | 'current') => rows.reduce((acc, r) => acc + paise(r[key]), 0);
    expect(sum('outstanding')).toBe(paise(summary.outstanding));
    expect(sum('overdue')).toBe(paise(summary.overdue));
    expect(sum('current')).toBe(paise(summary.current));
  });
});

describe('open invoices today', () => {
  it("count every open item as today's rollup does, and as the ledger does", async () => {
    const today = todayIso();
    await refreshStaleRollups(database.db, today);
    const [ledger] = await queryRows(
      database.db,
      sql`select count(*)::int as n from invoices where client_id = ${clientId} and settled_date is null
        and issue_date <= ${today}::date`,
      row({ n: col.num }),
    );
    const listed = await listOpenInvoices(database.db, clientId, ZInvoicesQuery.parse({ count: 10 }));
    expect(ledger!.n).toBeGreaterThan(100);
    expect(listed.total).toBe(ledger!.n);
    // A filter that keeps every document counts them the ledger's way: the same number.
    const withFilter = await listOpenInvoices(
      database.db,
      clientId,
      ZInvoicesQuery.parse({ count: 10, invoiceNum: '/20' }),
    );
    expect(withFilter.total).toBe(ledger!.n);
  });
});
