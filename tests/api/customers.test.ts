import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as mappingRoute } from '@/app/api/v3/clients/overviewmappingbased/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/overview/route';
import { GET as dsoRoute } from '@/app/api/v3/clients/dso/route';
import { GET as annualDsoRoute } from '@/app/api/v3/clients/annualdso/route';
import { GET as splitByRoute } from '@/app/api/v3/clients/split_by/route';
import { GET as splitByDsoRoute } from '@/app/api/v3/clients/split_by_dso/route';
import { PARENT_OBLIGOR_SORT_KEYS } from '@/lib/contract/customers';
import { todayIso } from '@/lib/domain/dates';
import { dsoEndDate } from '@/lib/domain/dso';
import { salesSegments } from '@/lib/domain/segments';
import { queryRows } from '@/lib/db/query';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, DSO_END, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * The customer analysis of the hand-computed client in tests/helpers/customer-ledger.ts, seen by an
 * admin (every obligor). Hand computation as of TODAY 2026-11-20 (days past due -> credit bucket):
 *   A1: A1-2 32,000 (284 days, crd4; 314 days old, inv4), A1-3 50,000 (26, crd1; 56 old, inv2),
 *       A1-CN -5,000 (15 days since issue, crd1; inv1) -> 77,000, all overdue; rating 2.
 *   A2: A2-1 24,000 (81, crd3; 111 old, inv4), A2-2 10,000 (current; inv1) -> 34,000; rating 3.
 *   PB: B-2 5,000 (128, crd4; inv4), B-3 15,000 (11, crd1; inv2; its payment of 25 Nov is later) -> 20,000; rating 1.
 *   C1: nothing open.
 * 12-month sales (issued after 2025-11-20 up to TODAY, net of credit notes): A1 62,000 + 50,000 - 5,000
 * = 107,000; A2 34,000; PB 7,000 + 30,000 + 15,000 = 52,000 (B-1 of 2025-11-20 is just outside);
 * C1 5,000; total 198,000. Segments: A1 starts at 0 -> LARGE; PB starts at 107,000 (54%) and crosses
 * 80% -> LARGE; A2 starts at 159,000 (80.3%) -> MEDIUM; C1 at 193,000 (97.5%) -> SMALL.
 */
let database: TestDatabase;
let ledger: CustomerLedger;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = await buildCustomerLedger(database);
});
afterAll(() => database?.dispose());

type Query = Record<string, string | number | undefined>;
type Route = Parameters<typeof callRoute>[0];
const get = (route: Route, path: string, query: Query = {}) =>
  callRoute(route, path, { cookie: ledger.cookies.admin, query });
const families = (query: Query = {}) =>
  get(parentObligorsRoute, '/api/v3/clients/parentobligors', { date: TODAY, ...query });
const codes = (res: { json: { sysObligorCode: string }[] }) => res.json.map((r) => r.sysObligorCode);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));

describe('GET /v3/clients/parentobligors', () => {
  it('gives each family its ageing, limit, utilisation, DSO and collection risk, balance DESC by default', async () => {
    const res = await families();
    expect(res.status).toBe(200);
    expect(total(res)).toBe(3);
    expect(codes(res)).toEqual(['PA', 'PB', 'PC']);
    const [alpha, beta, gamma] = res.json;
    // Alpha: 77,000 + 34,000. Past b2 = crd3 24,000 + crd4 32,000 = 56,000 = 50.5% -> HIGH.
    // Limit: members' 100,000 + 30,000 (the parent's 500,000 is ignored) -> 111,000 / 130,000 = 85.4%.
    // DSO 111,000 / (107,000 + 34,000) x 365 = 287.3. Weighted rating (2 x 77,000 + 3 x 34,000) / 111,000 = 2.31 -> medium.
    expect(alpha).toMatchObject({
      name: 'Alpha Group',
      dim1: 'North',
      date: TODAY,
      members: 3,
      openObligors: 2,
      balance: 111000,
      current: 10000,
      overdue: 101000,
      crdBucket1: 45000,
      crdBucket1Num: 2,
      crdBucket2: 0,
      crdBucket2Num: 0,
      crdBucket3: 24000,
      crdBucket3Num: 1,
      crdBucket4: 32000,
      crdBucket4Num: 1,
      invBucket1: 5000,
      invBucket1Num: 2,
      invBucket2: 50000,
      invBucket2Num: 1,
      invBucket3: 0,
      invBucket4: 56000,
      invBucket4Num: 2,
      sales12m: 141000,
      creditLimit: 130000,
      creditUtilisation: 85.4,
      dso: 287.3,
      overduePastB2Share: 50.5,
      collectionRisk: 'HIGH',
      openStatus: 'OPEN',
      rating: 'medium',
      lowRatedReceivables: 0,
      medRatedReceivables: 77000,
      highRatedReceivables: 34000,
    });
    expect(alpha.obligorWeightedRating).toBeCloseTo(256000 / 111000, 10);
    // Beta: 20,000, past b2 5,000 = 25.0% -> MEDIUM; 20,000 / 40,000 = 50.0%; DSO 20,000 / 52,000 x 365 = 140.4.
    expect(beta).toMatchObject({
      name: 'Beta Traders',
      balance: 20000,
      current: 0,
      overdue: 20000,
      crdBucket1: 15000,
      crdBucket4: 5000,
      invBucket2: 15000,
      invBucket4: 5000,
      sales12m: 52000,
      creditLimit: 40000,
      creditUtilisation: 50,
      dso: 140.4,
      overduePastB2Share: 25,
      collectionRisk: 'MEDIUM',
      openStatus: 'OPEN',
      rating: 'low',
      obligorWeightedRating: 1,
      lowRatedReceivables: 20000,
      members: 1,
    });
    // Gamma: everything paid -> CLOSED, LOW; the parent's 25,000 is the group limit (C1 has none), 0% used; DSO 0 on 5,000 of sales.
    expect(gamma).toMatchObject({
      name: 'Gamma Holdings',
      dim1: 'South',
      balance: 0,
      overdue: 0,
      sales12m: 5000,
      creditLimit: 25000,
      creditUtilisation: 0,
      dso: 0,
      overduePastB2Share: 0,
      collectionRisk: 'LOW',
      openStatus: 'CLOSED',
      rating: '-',
      obligorWeightedRating: null,
      members: 2,
      openObligors: 0,
    });
  });

  it('pages with offset as the page number, reporting the total on every page', async () => {
    const second = await families({ count: 1, offset: 2 });
    expect(codes(second)).toEqual(['PB']);
    expect(total(second)).toBe(3);
    expect(codes(await families({ count: 2, offset: 2 }))).toEqual(['PC']);
    const past = await families({ count: 2, offset: 5 });
    expect(past.json).toEqual([]);
    expect(total(past)).toBe(3);
  });

  it('accepts every sort key and refuses any other with the field named', async () => {
    for (const sortBy of PARENT_OBLIGOR_SORT_KEYS) {
      for (const order of ['ASC', 'DESC']) {
        const res = await families({ sortBy, order });
        expect(res.status, `${sortBy} ${order}`).toBe(200);
        expect(total(res)).toBe(3);
      }
    }
    expect(codes(await families({ sortBy: 'name', order: 'ASC' }))).toEqual(['PA', 'PB', 'PC']);
    expect(codes(await families({ sortBy: 'dso', order: 'ASC' }))).toEqual(['PC', 'PB', 'PA']);
    expect(codes(await families({ sortBy: 'creditUtilisation', order: 'DESC' }))).toEqual(['PA', 'PB', 'PC']);
    expect(codes(await families({ sortBy: 'overduePastB2Share', order: 'ASC' }))).toEqual(['PC', 'PB', 'PA']);
    expect(codes(await families({ sortBy: 'crdBucket4', order: 'DESC' }))).toEqual(['PA', 'PB', 'PC']);
    const bad = await families({ sortBy: 'city' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('sortBy');
  });

  it('filters by collection risk and open status (a family owing nothing is CLOSED)', async () => {
    expect(codes(await families({ collectionRisk: 'HIGH' }))).toEqual(['PA']);
    expect(codes(await families({ collectionRisk: 'MEDIUM' }))).toEqual(['PB']);
    expect(codes(await families({ collectionRisk: 'LOW' }))).toEqual(['PC']);
    expect(codes(await families({ openStatus: 'CLOSED' }))).toEqual(['PC']);
    expect(codes(await families({ openStatus: 'OPEN' }))).toEqual(['PA', 'PB']);
    expect(codes(await families({ openStatus: 'ALL', collectionRisk: 'ALL' }))).toEqual(['PA', 'PB', 'PC']);
  });

  it('filters by obligor risk, sales segment, risk x segment and dim1, summing the matching members', async () => {
    const pick = async (query: Query) =>
      (await families(query)).json.map((r: { sysObligorCode: string; balance: number }) => [
        r.sysObligorCode,
        r.balance,
      ]);
    expect(await pick({ risk: 'MEDIUM' })).toEqual([['PA', 77000]]); // A1
    expect(await pick({ risk: 'HIGH' })).toEqual([['PA', 34000]]); // A2
    expect(await pick({ risk: 'LOW' })).toEqual([['PB', 20000]]);
    expect(await pick({ risk: 'UNRATED' })).toEqual([['PC', 0]]); // C1 (PA and PC have no documents at all)
    expect(await pick({ salesSegment: 'LARGE' })).toEqual([
      ['PA', 77000],
      ['PB', 20000],
    ]);
    expect(await pick({ salesSegment: 'MEDIUM' })).toEqual([['PA', 34000]]);
    expect(await pick({ salesSegment: 'SMALL' })).toEqual([['PC', 0]]);
    expect(await pick({ riskSalesSegment: 'HIGH_MEDIUM' })).toEqual([['PA', 34000]]);
    expect(await pick({ riskSalesSegment: 'MEDIUM_LARGE' })).toEqual([['PA', 77000]]);
    expect(await pick({ riskSalesSegment: 'UNRATED_SMALL' })).toEqual([['PC', 0]]);
    const none = await families({ riskSalesSegment: 'HIGH_LARGE' });
    expect(none.json).toEqual([]);
    expect(total(none)).toBe(0);
    expect(await pick({ dim: ledger.north })).toEqual([
      ['PA', 77000],
      ['PB', 20000],
    ]);
    expect(await pick({ dim: ledger.south })).toEqual([
      ['PA', 34000],
      ['PC', 0],
    ]);
    // A1 alone: 32,000 past b2 of 77,000 = 41.6% -> still HIGH; 12-month sales 107,000.
    expect((await families({ risk: 'MEDIUM', collectionRisk: 'HIGH' })).json[0]).toMatchObject({
      sales12m: 107000,
      overduePastB2Share: 41.6,
    });
    expect((await families({ salesSegment: 'HUGE' })).status).toBe(400);
  });

  it('under a filter on obligor attributes, credit limit and utilisation cover the matching members too', async () => {
    // A1 alone (MEDIUM): limit 100,000, balance 77,000 -> 77.0%; A2 alone (HIGH): 30,000 and 34,000 -> 113.3%.
    expect((await families({ risk: 'MEDIUM' })).json[0]).toMatchObject({
      sysObligorCode: 'PA',
      members: 1,
      creditLimit: 100000,
      creditUtilisation: 77,
    });
    expect((await families({ risk: 'HIGH' })).json[0]).toMatchObject({
      sysObligorCode: 'PA',
      members: 1,
      creditLimit: 30000,
      creditUtilisation: 113.3,
    });
  });

  it('restricts to one family with parentSysObligorCode (or sysObligorCode)', async () => {
    const beta = await families({ parentSysObligorCode: 'PB' });
    expect(codes(beta)).toEqual(['PB']);
    expect(total(beta)).toBe(1);
    expect(codes(await families({ sysObligorCode: 'PA' }))).toEqual(['PA']);
  });

  it('adds the sales and collections of fromDate..toDate, as of toDate', async () => {
    // As of 2026-08-31: Alpha A1-2 32,000 + A2-1 24,000; Beta B-2 5,000; Gamma 0.
    // Issued 2026-03-01..08-31: Alpha A2-1 24,000; Beta B-2 30,000; Gamma C1-2 5,000.
    // Paid in it: Alpha 30,000 (A1-2, 15 Mar); Beta 7,000 (B-0, 20 Mar) + 25,000 (B-2, 1 Aug); Gamma 5,000 (C1-2, 30 Jun).
    const res = await get(parentObligorsRoute, '/api/v3/clients/parentobligors', {
      fromDate: '2026-03-01',
      toDate: '2026-08-31',
    });
    expect(res.status).toBe(200);
    expect(
      res.json.map((r: Record<string, unknown>) => [
        r.sysObligorCode,
        r.date,
        r.balance,
        r.salesInPeriod,
        r.collectedInPeriod,
      ]),
    ).toEqual([
      ['PA', '2026-08-31', 56000, 24000, 30000],
      ['PB', '2026-08-31', 5000, 30000, 32000],
      ['PC', '2026-08-31', 0, 5000, 5000],
    ]);
    expect(res.json[0]).toMatchObject({ fromDate: '2026-03-01', toDate: '2026-08-31' });
    const reversed = await get(parentObligorsRoute, '/api/v3/clients/parentobligors', {
      fromDate: '2026-09-01',
      toDate: '2026-08-31',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.json.fields).toHaveProperty('fromDate');
  });
});

describe('GET /v3/clients/overviewmappingbased', () => {
  it('totals the families: customers, balance, weighted rating, overall risk and their breakdowns', async () => {
    const res = await get(mappingRoute, '/api/v3/clients/overviewmappingbased', { date: TODAY });
    expect(res.status).toBe(200);
    // Overall risk = mean of the families' weighted ratings (2.306 and 1) = 1.65 -> 1.7; weighted over
    // the rated balance (256,000 + 20,000) / 131,000 = 2.107. Risk distribution of 20,000 / 77,000 / 34,000.
    expect(res.json).toMatchObject({
      date: TODAY,
      currency: 'INR',
      customers: 3,
      openCustomers: 2,
      obligors: 6,
      openObligors: 3,
      balance: 131000,
      overdue: 121000,
      sales12m: 198000,
      creditLimit: 195000,
      dso: 241.5,
      overallRisk: 1.7,
      lowRatedReceivables: 20000,
      medRatedReceivables: 77000,
      highRatedReceivables: 34000,
      riskDistribution: { low: 15.3, medium: 58.8, high: 26 },
      byCollectionRisk: [
        { key: 'HIGH', customers: 1, balance: 111000 },
        { key: 'LOW', customers: 1, balance: 0 },
        { key: 'MEDIUM', customers: 1, balance: 20000 },
      ],
      byOpenStatus: [
        { key: 'CLOSED', customers: 1, balance: 0 },
        { key: 'OPEN', customers: 2, balance: 131000 },
      ],
    });
    expect(res.json.obligorWeightedRating).toBeCloseTo(276000 / 131000, 10);
  });

  it('applies the same filters as the list', async () => {
    const large = await get(mappingRoute, '/api/v3/clients/overviewmappingbased', {
      date: TODAY,
      salesSegment: 'LARGE',
    });
    // A1 77,000 (rating 2) and PB 20,000 (rating 1): overall risk (2 + 1) / 2 = 1.5.
    expect(large.json).toMatchObject({
      customers: 2,
      balance: 97000,
      sales12m: 159000,
      overallRisk: 1.5,
      highRatedReceivables: 0,
    });
    const closed = await get(mappingRoute, '/api/v3/clients/overviewmappingbased', {
      date: TODAY,
      openStatus: 'CLOSED',
    });
    expect(closed.json).toMatchObject({
      customers: 1,
      openCustomers: 0,
      balance: 0,
      overallRisk: null,
      obligorWeightedRating: null,
    });
  });
});

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
      const rows = await queryRows<{ code: string; sales: string; segment: string }>(
        database.db,
        sql`
        select sys_obligor_code as code, sales12m as sales, sales_segment as segment from obligor_ageing
        where client_id = ${ledger.clientId} and as_of_date = ${asOf}::date`,
      );
      const fromDomain = salesSegments(rows.map((r) => ({ code: r.code, sales: Number(r.sales) })));
      expect(Object.fromEntries(rows.map((r) => [r.code, r.segment])), asOf).toEqual(Object.fromEntries(fromDomain));
      expect(Object.fromEntries(fromDomain), asOf).toEqual(expected);
    }
  });
});
