import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as dimRoute } from '@/app/api/v4/dim/receivables/current/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/receivables/overview/route';
import { GET as splitByRoute } from '@/app/api/v3/clients/split_by/route';
import { dimensionValues, obligors } from '@/lib/db/schema';
import { todayIso } from '@/lib/domain/dates';
import { annualDso } from '@/lib/domain/dso';
import { periodPair, summaryPeriods } from '@/lib/domain/periods';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * The calls of the beta pages, as those pages combine them, on the hand-computed client of
 * tests/helpers/customer-ledger.ts (A1 in branch Ludhiana under North, A2 in Chennai under South,
 * PB and C1 without a branch).
 *
 * Business performance beta (dim1 x dim2 at TODAY against the previous month end 2026-10-31):
 *   2026-10-31: A1 owes A1-2 32,000 + A1-3 50,000 (due 25 Oct) = 82,000, all overdue; PB owes B-2 5,000
 *   (overdue) + B-3 15,000 (due 9 Nov, current); A2 owes A2-1 24,000 (overdue). North 102,000, 87,000
 *   overdue (85.3%); South 24,000 all overdue.
 *   TODAY: North 97,000 all overdue (Ludhiana 77,000, no branch 20,000); South 34,000, 24,000 overdue (70.6%).
 *   2026-10-15 (no rollup, from the ledger): the same balances as at 31 Oct, but A1-3 is not yet due:
 *   North overdue 32,000 + 5,000 = 37,000 (36.3%).
 * Summary dashboard beta (TODAY against 2026-10-31): balance 131,000 against 126,000, overdue 121,000
 *   against 111,000, 12-month sales 198,000 against 218,000 (A1 112,000, PB 77,000, A2 24,000, C1 5,000).
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

type Who = 'admin' | 'guest';
type DimRow = { dimId: number | null; name: string; balance: number; overdue: number; overduePercent: number };
const dims = async (query: Record<string, string | number>, who: Who = 'admin') => {
  const res = await callRoute(dimRoute, '/api/v4/dim/receivables/current', { cookie: ledger.cookies[who], query });
  expect(res.status).toBe(200);
  return res.json as DimRow[];
};
const summary = async (date: string, who: Who = 'admin') =>
  (
    await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', {
      cookie: ledger.cookies[who],
      query: { date },
    })
  ).json;
const cents = (n: number) => Math.round(n * 100);

/** The matrix of the beta page for one pair of dates: per dim1 value, its total and its dim2 rows at both dates. */
async function matrix(date: string, compareDate: string, who: Who = 'admin') {
  const values = (await dims({ groupingKey: 'dim1', date, count: 100 }, who)).map((r) => r.dimId!);
  return Promise.all(
    values.map(async (id) => {
      const [now, before] = await Promise.all(
        [date, compareDate].map((d) =>
          dims({ groupingKey: 'dim2', dim1Id: id, date: d, count: 100, sortBy: 'balance' }, who),
        ),
      );
      const [totalNow, totalBefore] = await Promise.all(
        [date, compareDate].map(
          async (d) => (await dims({ groupingKey: 'dim1', dim1Id: id, date: d, count: 1 }, who))[0],
        ),
      );
      return { id, name: totalNow!.name, now: now!, before: before!, totalNow: totalNow!, totalBefore: totalBefore! };
    }),
  );
}

describe('business performance beta: dim1 x dim2 at two dates', () => {
  it('compares today with the previous month end by default', () => {
    expect(periodPair({}, TODAY)).toEqual({ date: TODAY, compareDate: '2026-10-31' });
  });

  it('gives each dim1 value and its dim2 values at both dates, with the change between them', async () => {
    const groups = await matrix(TODAY, '2026-10-31');
    const north = groups.find((g) => g.name === 'North')!;
    const south = groups.find((g) => g.name === 'South')!;
    expect([north.totalNow.balance, north.totalBefore.balance]).toEqual([97000, 102000]);
    expect([north.totalNow.overduePercent, north.totalBefore.overduePercent]).toEqual([100, 85.3]);
    expect(north.totalNow.balance - north.totalBefore.balance).toBe(-5000);
    expect(north.now.map((r) => [r.name, r.balance])).toEqual([
      ['Ludhiana', 77000],
      ['Not assigned', 20000],
    ]);
    expect(north.before.map((r) => [r.name, r.balance])).toEqual([
      ['Ludhiana', 82000],
      ['Not assigned', 20000],
    ]);
    expect([south.totalNow.balance, south.totalBefore.balance]).toEqual([34000, 24000]);
    expect([south.totalNow.overduePercent, south.totalBefore.overduePercent]).toEqual([70.6, 100]);
    expect(south.now.find((r) => r.name === 'Chennai')!.balance).toBe(34000);
    expect(south.before.find((r) => r.name === 'Chennai')!.balance).toBe(24000);
  });

  it("adds up: each value's dim2 rows to its total, the totals to the client summary, at both dates", async () => {
    for (const [date, compareDate] of [
      [TODAY, '2026-10-31'],
      [TODAY, '2026-10-15'],
    ] as const) {
      const groups = await matrix(date, compareDate);
      for (const g of groups) {
        expect(g.now.reduce((s, r) => s + cents(r.balance), 0)).toBe(cents(g.totalNow.balance));
        expect(g.before.reduce((s, r) => s + cents(r.balance), 0)).toBe(cents(g.totalBefore.balance));
      }
      for (const [d, key] of [
        [date, 'totalNow'],
        [compareDate, 'totalBefore'],
      ] as const) {
        const client = await summary(d);
        expect(groups.reduce((s, g) => s + cents(g[key].balance), 0)).toBe(cents(client.balance));
        expect(groups.reduce((s, g) => s + cents(g[key].overdue), 0)).toBe(cents(client.overdue));
      }
    }
  });

  it('compares any two dates a link names, a day without rollups from the ledger', async () => {
    const north = (await matrix(TODAY, '2026-10-15')).find((g) => g.name === 'North')!;
    expect(north.totalBefore).toMatchObject({ balance: 102000, overdue: 37000, overduePercent: 36.3 });
  });

  it("shows a field officer only their obligors' amounts", async () => {
    const groups = await matrix(TODAY, '2026-10-31', 'guest');
    // The guest has A1 and PB: North only, at both dates.
    expect(groups.map((g) => [g.name, g.totalNow.balance, g.totalBefore.balance])).toEqual([['North', 97000, 102000]]);
  });
});

describe('summary dashboard beta: this period against the previous one', () => {
  it('compares balance, overdue and DSO today with the previous month end', async () => {
    const p = summaryPeriods(TODAY);
    expect(p).toEqual({ now: TODAY, before: '2026-10-31', fromDate: '2026-10-01' });
    const [now, before] = await Promise.all([summary(p.now), summary(p.before)]);
    expect([now.balance, before.balance]).toEqual([131000, 126000]);
    expect([now.overdue, before.overdue]).toEqual([121000, 111000]);
    expect([now.sales12m, before.sales12m]).toEqual([198000, 218000]);
    expect(annualDso(now.balance, now.sales12m)).toBe(241.5);
    expect(annualDso(before.balance, before.sales12m)).toBe(211);
  });

  it("puts this month's and last month's collections at the end of the overview from the previous month's start", async () => {
    // 20 Aug 2026: August to date has R5's 25,000 (1 Aug); July nothing.
    const p = summaryPeriods('2026-08-20');
    const res = await callRoute(overviewRoute, '/api/v3/clients/receivables/overview', {
      cookie: ledger.cookies.admin,
      query: { fromDate: p.fromDate, toDate: p.now },
    });
    expect(res.status).toBe(200);
    const months = res.json[0].months as { month: string; collected: number }[];
    expect(months.slice(-2).map((m) => [m.month, m.collected])).toEqual([
      ['2026-07', 0],
      ['2026-08', 25000],
    ]);
  });

  it("the trend and ageing graphs (split_by without dates) are today's: the ageing adds up to today's summary", async () => {
    const get = (graph: string) =>
      callRoute(splitByRoute, '/api/v3/clients/split_by', { cookie: ledger.cookies.admin, query: { graph } });
    const [trend, ageing] = await Promise.all([get('graph1'), get('graph2')]);
    expect(trend.status).toBe(200);
    expect(trend.json.months.at(-1).date).toBe(todayIso());
    const today = (
      await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', { cookie: ledger.cookies.admin })
    ).json;
    const buckets = (ageing.json.creditBasis as { amount: number }[]).reduce((s, b) => s + cents(b.amount), 0);
    expect(buckets).toBe(cents(today.balance));
    expect(trend.json.months.at(-1).balance).toBe(today.balance);
  });
});
