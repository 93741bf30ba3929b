import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as dimRoute } from '@/app/api/v4/dim/receivables/current/route';
import { GET as dim1OverviewRoute } from '@/app/api/v3/dim1/receivables/overview/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { dimensionValues, obligors } from '@/lib/db/schema';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * Performance by dimension on the hand-computed client of tests/helpers/customer-ledger.ts, as of
 * TODAY 2026-11-20 (buckets 30/60/90):
 *   North = A1 + PB (PA itself has no documents):
 *     A1 77,000 all overdue (crd1 50,000 - 5,000 credit note = 45,000; crd4 32,000), rating 2, 12-month sales 107,000
 *     PB 20,000 all overdue (crd1 15,000; crd4 5,000), rating 1, sales 52,000
 *     -> balance 97,000, overdue 97,000, crd1 60,000, crd4 37,000; weighted rating (2 x 77,000 + 1 x 20,000) / 97,000
 *        = 1.794; DSO 97,000 / 159,000 x 365 = 222.7
 *   South = A2 + C1: A2 34,000 (current 10,000, crd3 24,000), rating 3, sales 34,000; C1 nothing open, sales 5,000
 *     -> balance 34,000, overdue 24,000 (70.6%); weighted rating 3; DSO 34,000 / 39,000 x 365 = 318.2
 * Collections from 2025-12-01 (the default range: 12 calendar months) to TODAY, credit notes excluded:
 *   North 31,000 (10 Dec) + 30,000 (15 Mar) + 25,000 (5 Jan) + 7,000 (20 Mar) + 25,000 (1 Aug) = 118,000
 *   (B-3's 15,000 of 25 Nov is after TODAY); South 5,000 (30 Jun; C1-1's 15 Nov 2025 payment is before the range).
 *   Month to date (1-20 Nov): nothing.
 * For the dim2 breakdown the test gives A1 the branch Ludhiana and A2 Chennai (PB and C1 have none).
 */
let database: TestDatabase;
let ledger: CustomerLedger;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = await buildCustomerLedger(database);
  const db = database.db;
  const [ludhiana, chennai] = await db
    .insert(dimensionValues)
    .values([
      { clientId: ledger.clientId, dimLevel: 2, name: 'Ludhiana', parentId: ledger.north },
      { clientId: ledger.clientId, dimLevel: 2, name: 'Chennai', parentId: ledger.south },
    ])
    .returning();
  await db
    .update(obligors)
    .set({ dim2Id: ludhiana!.id })
    .where(and(eq(obligors.clientId, ledger.clientId), eq(obligors.sysObligorCode, 'A1')));
  await db
    .update(obligors)
    .set({ dim2Id: chennai!.id })
    .where(and(eq(obligors.clientId, ledger.clientId), eq(obligors.sysObligorCode, 'A2')));
  await db.transaction((tx) => refreshReceivableRollups(tx, ledger.clientId, TODAY));
});
afterAll(() => database?.dispose());

type Who = 'admin' | 'guest' | 'representative';
type Query = Record<string, string | number | undefined>;
const dims = (query: Query = {}, who: Who = 'admin') =>
  callRoute(dimRoute, '/api/v4/dim/receivables/current', {
    cookie: ledger.cookies[who],
    query: { date: TODAY, ...query },
  });
const overview = (query: Query = {}, who: Who = 'admin') =>
  callRoute(dim1OverviewRoute, '/api/v3/dim1/receivables/overview', {
    cookie: ledger.cookies[who],
    query: { toDate: TODAY, ...query },
  });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

const NORTH = {
  name: 'North',
  balance: 97000,
  outstanding: 97000,
  overdue: 97000,
  current: 0,
  crdBucket1: 60000,
  crdBucket2: 0,
  crdBucket3: 0,
  crdBucket4: 37000,
  sales12m: 159000,
  dso: 222.7,
  overduePercent: 100,
  openObligors: 2,
  rating: 'medium',
};
const SOUTH = {
  name: 'South',
  balance: 34000,
  overdue: 24000,
  current: 10000,
  crdBucket3: 24000,
  sales12m: 39000,
  dso: 318.2,
  overduePercent: 70.6,
  obligorWeightedRating: 3,
  rating: 'high',
};

describe('GET /v4/dim/receivables/current', () => {
  it('sums the receivables per dim1 value, balance DESC by default, with the total in x-totalrecords', async () => {
    const res = await dims();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-totalrecords')).toBe('2');
    expect(res.json[0]).toMatchObject({ ...NORTH, dimId: ledger.north, date: TODAY, paid: 0, collections: 0 });
    expect(res.json[0].obligorWeightedRating).toBeCloseTo(174000 / 97000, 6);
    expect(res.json[1]).toMatchObject({ ...SOUTH, dimId: ledger.south });
  });

  it('ties back to the receivables pages: the values add up to the client summary and each equals the list filtered by it', async () => {
    const cookie = ledger.cookies.admin;
    const summary = await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', {
      cookie,
      query: { date: TODAY },
    });
    const rows = (await dims()).json as { balance: number; overdue: number; crdBucket4: number }[];
    expect(rows.reduce((s, r) => s + r.balance, 0)).toBe(summary.json.balance);
    expect(rows.reduce((s, r) => s + r.overdue, 0)).toBe(summary.json.overdue);
    const south = await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', {
      cookie,
      query: { date: TODAY, dim1Id: ledger.south },
    });
    expect(south.json).toMatchObject({ balance: 34000, overdue: 24000, crdBucket3: 24000 });
  });

  it('sorts by any column in either order and pages', async () => {
    expect(names((await dims({ sortBy: 'name', order: 'ASC' })).json)).toEqual(['North', 'South']);
    expect(names((await dims({ sortBy: 'dso', order: 'DESC' })).json)).toEqual(['South', 'North']);
    expect(names((await dims({ sortBy: 'current', order: 'DESC' })).json)).toEqual(['South', 'North']);
    const page2 = await dims({ count: 1, offset: 2 });
    expect(names(page2.json)).toEqual(['South']);
    expect(page2.headers.get('x-totalrecords')).toBe('2');
    const past = await dims({ count: 1, offset: 5 });
    expect(past.json).toEqual([]);
    expect(past.headers.get('x-totalrecords')).toBe('2');
  });

  it('groups by dim2 within a dim1 value (customers without a branch in one row), from the rollup and from the ledger', async () => {
    for (const date of [TODAY, '2026-11-19']) {
      const res = await dims({ groupingKey: 'dim2', dim1Id: ledger.north, date });
      expect(res.status).toBe(200);
      // On 19 Nov B-3 (due 9 Nov) is 10 days past due and A1-CN 14 days: the same buckets as on TODAY.
      expect(res.json.map((r: { name: string; balance: number }) => [r.name, r.balance])).toEqual([
        ['Ludhiana', 77000],
        ['Not assigned', 20000],
      ]);
    }
    const all = await dims({ groupingKey: 'dim2', sortBy: 'name', order: 'ASC' });
    expect(all.json.map((r: { name: string; balance: number }) => [r.name, r.balance])).toEqual([
      ['Chennai', 34000],
      ['Ludhiana', 77000],
      ['Not assigned', 20000],
    ]);
  });

  it('applies the obligor filters of the receivables list: a family, one obligor, risk', async () => {
    const family = await dims({ parentSysObligorCode: 'PA' });
    expect(family.json.map((r: { name: string; balance: number }) => [r.name, r.balance])).toEqual([
      ['North', 77000],
      ['South', 34000],
    ]);
    expect((await dims({ sysObligorCode: 'PB' })).json).toMatchObject([{ name: 'North', balance: 20000 }]);
    expect((await dims({ risk: 'HIGH' })).json).toMatchObject([{ name: 'South', balance: 34000 }]);
  });

  it('shows a field officer only the amounts of their obligors, a manager only theirs', async () => {
    const guest = await dims({}, 'guest');
    expect(guest.json).toMatchObject([{ name: 'North', balance: 97000 }]);
    expect(guest.headers.get('x-totalrecords')).toBe('1');
    const representative = await dims({ groupingKey: 'dim2' }, 'representative');
    expect(representative.json.map((r: { name: string; balance: number }) => [r.name, r.balance])).toEqual([
      ['Chennai', 34000],
      ['Not assigned', 0],
    ]);
  });

  it('refuses a bad groupingKey, sort, order or date with 400 and field messages', async () => {
    for (const query of [
      { groupingKey: 'dim4' },
      { sortBy: 'colour' },
      { order: 'UP' },
      { date: '2026-13-01' },
      { offset: 0 },
    ]) {
      const res = await dims(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json.fields ?? {}).length, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });

  it('needs a signed-in borrower', async () => {
    expect((await callRoute(dimRoute, '/api/v4/dim/receivables/current')).status).toBe(401);
  });
});

describe('GET /v3/dim1/receivables/overview', () => {
  it('gives one row per dim1 value with the collections of the range (12 calendar months by default)', async () => {
    const res = await overview();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fromDate: '2025-12-01', toDate: TODAY, currency: 'INR' });
    expect(res.json.rows[0]).toMatchObject({ ...NORTH, collections: 118000 });
    expect(res.json.rows[1]).toMatchObject({ ...SOUTH, collections: 5000 });
    const narrow = await overview({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    // 31 March: A1-2 32,000 open, B-0 paid 20 March; collections 30,000 + 7,000 in North.
    expect(narrow.json.rows.find((r: { name: string }) => r.name === 'North')).toMatchObject({
      balance: 32000,
      collections: 37000,
    });
  });

  it('sorts the rows', async () => {
    expect(names((await overview({ sortBy: 'collections', order: 'ASC' })).json.rows)).toEqual(['South', 'North']);
    expect(names((await overview({ sortBy: 'overduePercent', order: 'DESC' })).json.rows)).toEqual(['North', 'South']);
  });

  it('with dimId gives that value and its monthly trend, whose collections add up to the row', async () => {
    const res = await overview({ dimId: ledger.north });
    expect(res.status).toBe(200);
    expect(res.json.rows).toMatchObject([{ ...NORTH, collections: 118000 }]);
    const months = res.json.months as {
      month: string;
      balance: number;
      collected: number;
      dso: number | null;
      obligorWeightedRating: number | null;
    }[];
    expect(months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.reduce((s, m) => s + m.collected, 0)).toBe(118000);
    expect(months.at(-1)).toMatchObject({ balance: 97000, dso: 222.7 });
    expect(months.at(-1)!.obligorWeightedRating).toBeCloseTo(174000 / 97000, 6);
    // 31 March: A1-2 32,000 open (rating 1 then), B-0 paid.
    expect(months[3]).toMatchObject({ balance: 32000, collected: 37000, obligorWeightedRating: 1 });
    // The trend equals the receivables list filtered by the value on the same date.
    const list = await callRoute(receivablesRoute, '/api/v4/clients/receivables', {
      cookie: ledger.cookies.admin,
      query: { date: '2026-03-31', dim1Id: ledger.north },
    });
    expect(list.json.reduce((s: number, r: { balance: number }) => s + r.balance, 0)).toBe(32000);
  });

  it('shows a field officer only their obligors: North only, South unknown to them', async () => {
    const res = await overview({}, 'guest');
    expect(names(res.json.rows)).toEqual(['North']);
    const south = await overview({ dimId: ledger.south }, 'guest');
    expect(south.json.rows).toEqual([]);
    expect(
      south.json.months.every((m: { balance: number; collected: number }) => m.balance === 0 && m.collected === 0),
    ).toBe(true);
    const representative = await overview({}, 'representative');
    expect(representative.json.rows).toMatchObject([{ name: 'South', balance: 34000, collections: 5000 }]);
  });

  it('refuses a reversed range, a bad sort or dimId with 400', async () => {
    for (const query of [
      { fromDate: '2026-11-21' },
      { sortBy: 'colour' },
      { dimId: 'north' },
      { toDate: 'yesterday' },
    ]) {
      expect((await overview(query)).status, JSON.stringify(query)).toBe(400);
    }
  });
});
