import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as mappingRoute } from '@/app/api/v3/clients/overviewmappingbased/route';
import { PARENT_OBLIGOR_SORT_KEYS } from '@/lib/contract/customers';
import type { TestDatabase } from '../helpers/db';
import { customerLedgerDatabase, getAsAdmin, TODAY, type CustomerLedger, type Query } from '../helpers/customer-ledger';

/**
 * The customer list of the hand-computed client in tests/helpers/customer-ledger.ts and its totals, seen
 * by an admin (every obligor); its figures as of TODAY are worked out by hand at customerLedgerDatabase()
 * there. The monthly series and the splits are in customer-series.test.ts.
 */
let database: TestDatabase;
let ledger: CustomerLedger;

beforeAll(async () => ({ database, ledger } = await customerLedgerDatabase()));
afterAll(() => database?.dispose());

const get = getAsAdmin(() => ledger);
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
