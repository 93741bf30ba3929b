import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as overviewRoute } from '@/app/api/v3/clients/overview/route';
import { GET as dsoRoute } from '@/app/api/v3/clients/dso/route';
import { GET as annualDsoRoute } from '@/app/api/v3/clients/annualdso/route';
import { GET as splitByRoute } from '@/app/api/v3/clients/split_by/route';
import { GET as splitByDsoRoute } from '@/app/api/v3/clients/split_by_dso/route';
import { todayIso } from '@/lib/domain/dates';
import { dsoEndDate } from '@/lib/domain/dso';
import { salesSegments } from '@/lib/domain/segments';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TestDatabase } from '../helpers/db';
import { customerLedgerDatabase, DSO_END, getAsAdmin, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * The customer analysis's monthly series and splits (risk overview, DSO, split_by, the segmentation) of
 * the hand-computed client in tests/helpers/customer-ledger.ts, seen by an admin (every obligor). The hand
 * computation as of TODAY (balances, 12-month sales, sales segments), the header the tests below refer to,
 * heads customerLedgerDatabase() there. The customer list and its totals are in customer-list.test.ts.
 */
let database: TestDatabase;
let ledger: CustomerLedger;

beforeAll(async () => ({ database, ledger } = await customerLedgerDatabase()));
afterAll(() => database?.dispose());

const get = getAsAdmin(() => ledger);

describe('GET /v3/clients/overview (risk month by month)', () => {
  it('weights the ratings in force at each month end', async () => {
    const res = await get(overviewRoute, '/api/v3/clients/overview', { fromDate: '2026-07-01', toDate: '2026-10-31' });
    expect(res.status).toBe(200);
    const months = res.json.months as Record<string, unknown>[];
    expect(months.map((m) => [m.date, m.balance, m.overdue, m.overallRisk])).toEqual([
      // 31 Jul: A1-2 32,000 (rating 1) + B-2 30,000 (rating 1), both overdue.
      ['2026-07-31', 62000, 62000, 1],
      // 31 Aug: A1 32,000 (1), A2 24,000 (3, due that day: current), PB 5,000 (1). Alpha (32 + 72) / 56 = 1.857, Beta 1 -> 1.4.
      ['2026-08-31', 61000, 37000, 1.4],
      // 30 Sep: A1 82,000 now rated 2, A2 24,000 (3, 30 days late), PB 5,000. Alpha 236 / 106 = 2.226, Beta 1 -> 1.6.
      ['2026-09-30', 111000, 61000, 1.6],
      // 31 Oct: B-3 15,000 added (current); A1-3 6 days late.
      ['2026-10-31', 126000, 111000, 1.6],
    ]);
    expect(months.map((m) => m.obligorWeightedRating as number)).toEqual([
      1,
      expect.closeTo(109000 / 61000, 10),
      expect.closeTo(241000 / 111000, 10),
      expect.closeTo(256000 / 126000, 10),
    ]);
    expect(months.map((m) => m.riskDistribution)).toEqual([
      { low: 100, medium: 0, high: 0 },
      { low: 60.7, medium: 0, high: 39.3 },
      { low: 4.5, medium: 73.9, high: 21.6 },
      { low: 15.9, medium: 65.1, high: 19 },
    ]);
  });
});

describe('GET /v3/clients/dso and /v3/clients/annualdso', () => {
  it('gives monthly DSO = receivables at the month end / sales of the month x its days, to the DSO end date', async () => {
    const res = await get(dsoRoute, '/api/v3/clients/dso', { toDate: DSO_END });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fromDate: '2025-11-01', toDate: DSO_END, dsoEndDate: DSO_END });
    expect(
      res.json.months.map((m: Record<string, unknown>) => [m.date, m.receivables, m.sales, m.days, m.dso]),
    ).toEqual([
      ['2025-11-30', 56000, 25000, 30, 67.2], // A1-1 31,000 + B-1 25,000 (C1-1 paid 15 Nov) / B-1 x 30
      ['2025-12-31', 25000, 0, 31, null], // B-1; no sales
      ['2026-01-31', 62000, 62000, 31, 31], // A1-2 (B-1 paid 5 Jan) / A1-2 x 31
      ['2026-02-28', 69000, 7000, 28, 276], // A1-2 + B-0 / B-0 x 28
      ['2026-03-31', 32000, 0, 31, null], // 30,000 of A1-2 and B-0 paid
      ['2026-04-30', 32000, 0, 30, null],
      ['2026-05-31', 37000, 5000, 31, 229.4], // + C1-2 / C1-2 x 31
      ['2026-06-30', 62000, 30000, 30, 62], // C1-2 paid 30 Jun, + B-2 / B-2 x 30
      ['2026-07-31', 62000, 0, 31, null],
      ['2026-08-31', 61000, 24000, 31, 78.8], // B-2 down to 5,000, + A2-1 / A2-1 x 31 = 78.79
      ['2026-09-30', 111000, 50000, 30, 66.6], // + A1-3 / A1-3 x 30
      ['2026-10-20', 126000, 15000, 20, 168], // + B-3 / B-3 x 20: the month measured to the DSO end date
    ]);
  });

  it('gives annual DSO at the DSO end date over the sales of the 12 months up to it', async () => {
    // 12 months to 2026-10-20 (after 2025-10-20): A1 112,000, A2 24,000, PB 25,000 + 7,000 + 30,000 + 15,000 = 77,000,
    // C1 5,000 = 218,000. 126,000 / 218,000 x 365 = 210.96 -> 211.0.
    const res = await get(annualDsoRoute, '/api/v3/clients/annualdso', { toDate: DSO_END });
    expect(res.json).toMatchObject({
      date: DSO_END,
      dsoEndDate: DSO_END,
      receivables: 126000,
      sales12m: 218000,
      dso: 211,
    });
  });

  it('defaults to the DSO end date of today (one month before it)', async () => {
    const end = dsoEndDate(todayIso());
    const monthly = await get(dsoRoute, '/api/v3/clients/dso');
    expect(monthly.json).toMatchObject({ toDate: end, dsoEndDate: end });
    expect(monthly.json.months).toHaveLength(12);
    expect(monthly.json.months.at(-1).date).toBe(end);
    const annual = await get(annualDsoRoute, '/api/v3/clients/annualdso');
    expect(annual.json).toMatchObject({ date: end, dsoEndDate: end });
  });
});

describe('GET /v3/clients/split_by and split_by_dso', () => {
  it('graph1: monthly balance, overdue, sales and collections', async () => {
    const res = await get(splitByRoute, '/api/v3/clients/split_by', {
      graph: 'graph1',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
    });
    expect(
      res.json.months.map((m: Record<string, unknown>) => [m.date, m.balance, m.overdue, m.sales, m.collections]),
    ).toEqual([
      ['2026-08-31', 61000, 37000, 24000, 25000],
      ['2026-09-30', 111000, 61000, 50000, 0],
      ['2026-10-31', 126000, 111000, 15000, 0],
    ]);
  });

  it('graph2: the ageing at the date in both bases', async () => {
    const res = await get(splitByRoute, '/api/v3/clients/split_by', { graph: 'graph2', date: TODAY });
    expect(res.json).toMatchObject({ balance: 131000, overdue: 121000 });
    const amounts = (list: { bucket: string; amount: number; count: number }[]) =>
      list.map((b) => [b.bucket, b.amount, b.count]);
    expect(amounts(res.json.creditBasis)).toEqual([
      ['current', 10000, 1],
      ['crdBucket1', 60000, 3],
      ['crdBucket2', 0, 0],
      ['crdBucket3', 24000, 1],
      ['crdBucket4', 37000, 2],
    ]);
    expect(amounts(res.json.invoiceBasis)).toEqual([
      ['invBucket1', 5000, 2],
      ['invBucket2', 65000, 2],
      ['invBucket3', 0, 0],
      ['invBucket4', 61000, 3],
    ]);
  });

  it('graph4: obligors by sales segment and risk', async () => {
    const res = await get(splitByRoute, '/api/v3/clients/split_by', { graph: 'graph4', date: TODAY });
    expect(
      res.json.cells.map((c: Record<string, unknown>) => [c.riskSalesSegment, c.customers, c.balance, c.sales12m]),
    ).toEqual([
      ['LOW_LARGE', 1, 20000, 52000],
      ['MEDIUM_LARGE', 1, 77000, 107000],
      ['HIGH_MEDIUM', 1, 34000, 34000],
      ['UNRATED_SMALL', 1, 0, 5000],
    ]);
  });

  it('refuses an unknown graph', async () => {
    const res = await get(splitByRoute, '/api/v3/clients/split_by', { graph: 'graph3' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('graph');
  });

  it('splits annual DSO at the DSO end date by sales segment, risk and dim1', async () => {
    // At 2026-10-20 the 12-month sales are A1 112,000, PB 77,000, A2 24,000, C1 5,000 (218,000): A1 and PB
    // LARGE (PB starts at 51%), A2 starts at 86.7% -> MEDIUM, C1 at 97.7% -> SMALL. Receivables A1 82,000,
    // PB 20,000, A2 24,000, C1 0. LARGE 102,000 / 189,000 x 365 = 196.98 -> 197.0.
    const split = async (by: string) =>
      (await get(splitByDsoRoute, '/api/v3/clients/split_by_dso', { by, date: DSO_END })).json;
    const bySegment = await split('salesSegment');
    expect(bySegment).toMatchObject({ by: 'salesSegment', date: DSO_END, dsoEndDate: DSO_END });
    expect(bySegment.rows).toEqual([
      { key: 'LARGE', customers: 2, receivables: 102000, sales12m: 189000, dso: 197 },
      { key: 'MEDIUM', customers: 1, receivables: 24000, sales12m: 24000, dso: 365 },
      { key: 'SMALL', customers: 1, receivables: 0, sales12m: 5000, dso: 0 },
    ]);
    // Ratings at 2026-10-20: A1 2, PB 1, A2 3, C1 none. 82,000 / 112,000 x 365 = 267.2; 20,000 / 77,000 x 365 = 94.8.
    expect((await split('risk')).rows.map((r: Record<string, unknown>) => [r.key, r.dso])).toEqual([
      ['MEDIUM', 267.2],
      ['LOW', 94.8],
      ['HIGH', 365],
      ['UNRATED', 0],
    ]);
    // North A1 + PB as LARGE; South A2 + C1: 24,000 / 29,000 x 365 = 302.1.
    expect(
      (await split('dim1')).rows.map((r: Record<string, unknown>) => [r.key, r.receivables, r.sales12m, r.dso]),
    ).toEqual([
      ['North', 102000, 189000, 197],
      ['South', 24000, 29000, 302.1],
    ]);
  });
});

describe('sales segments in the rollups', () => {
  it('are the segments lib/domain/segments.ts gives for the same 12-month sales', async () => {
    // At both dates (hand-computed in the header and in split_by_dso above) A1 and PB are LARGE, A2 MEDIUM, C1 SMALL.
    const expected = { A1: 'LARGE', PB: 'LARGE', A2: 'MEDIUM', C1: 'SMALL' };
    for (const asOf of [TODAY, DSO_END]) {
      const rows = await queryRows(
        database.db,
        sql`
        select sys_obligor_code as code, sales12m as sales, sales_segment as segment from obligor_ageing
        where client_id = ${ledger.clientId} and as_of_date = ${asOf}::date`,
        row({ code: col.text, sales: col.text, segment: col.text }),
      );
      const fromDomain = salesSegments(rows.map((r) => ({ code: r.code, sales: Number(r.sales) })));
      expect(Object.fromEntries(rows.map((r) => [r.code, r.segment])), asOf).toEqual(Object.fromEntries(fromDomain));
      expect(Object.fromEntries(fromDomain), asOf).toEqual(expected);
    }
  });
});
