import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { VARDHMAN } from '@/lib/db/seed/tenants';
import { callContext } from '@/scripts/bench/calls';
import { cashCalls, everySubset } from '@/scripts/bench/cash-calls';
import { cashStatement, measureCashStatement } from '@/scripts/bench/cash';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';

// The cash application bench parts on a small seed: the statement is generated the same way twice,
// stored and rolled back; the suggestions call and its every-subset baseline agree.
let database: TestDatabase;
let clientId: number;

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, VARDHMAN.code);
}, 300_000);
afterAll(() => database?.close());

const item = (sysInvoiceNum: string, open: number, date: string) => ({
  sysInvoiceNum,
  sysObligorCode: 'C',
  open,
  taxable: null,
  date,
});

describe('cash application bench', () => {
  it('the baseline tries every subset: the fewest invoices, then the oldest', () => {
    const items = [item('A', 100, '2026-01-01'), item('B', 200, '2026-02-01'), item('C', 300, '2026-03-01')];
    expect(everySubset(300, items)).toEqual(['C']);
    expect(everySubset(500, items)).toEqual(['B', 'C']);
    expect(everySubset(600, items)).toEqual(['A', 'B', 'C']);
    expect(everySubset(50, items)).toBeNull();
  });

  it('generates the same statement every time, its balance running', () => {
    const items = [
      { code: 'A', name: 'Shree Ganesh Traders', invoiceNum: 'INV/1', open: 1000 },
      { code: 'A', name: 'Shree Ganesh Traders', invoiceNum: 'INV/2', open: 500.5 },
      { code: 'B', name: 'Kaveri Agro', invoiceNum: 'KA-9', open: 250 },
    ];
    const one = cashStatement(items, 10, TEST_TODAY);
    expect(one).toEqual(cashStatement(items, 10, TEST_TODAY));
    expect(one.credits).toBe(3);
    expect(one.csv.split('\n').filter((l) => /^\d\d\//.test(l))).toHaveLength(3);
  });

  it('stores a statement of the seeded client in a transaction rolled back', async () => {
    const run = await measureCashStatement(database.db, clientId, TEST_TODAY, () => {}, 300);
    expect(run.credits).toBe(300);
    expect(run.outcome.lines).toBe(300);
    // The cheque deposits name no invoice; the rest name theirs.
    expect(run.outcome.suggested + run.outcome.matched).toBeGreaterThanOrEqual(200);
    const left = await queryRows(
      database.db,
      sql`select count(*)::int as n from bank_lines where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    expect(left).toEqual([{ n: 0 }]);
  }, 120_000);

  it("a line's suggestions agree with the every-subset baseline", async () => {
    const [call] = cashCalls(await callContext(database.db, clientId, TEST_TODAY));
    const service = await call!.service(database.db);
    const baseline = await call!.baseline!(database.db);
    expect(call!.compare!(service, baseline)).toEqual([]);
  }, 60_000);
});
