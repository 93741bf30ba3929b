import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as familyObligorsRoute } from '@/app/api/v3/parentobligors/[id]/obligors/route';
import { GET as familyOverviewRoute } from '@/app/api/v3/parentobligors/receivables/overview/route';
import { GET as obligorRoute } from '@/app/api/v3/obligors/route';
import { GET as creditLimitRoute } from '@/app/api/v3/obligors/credit_limit/route';
import { GET as obligorOverviewRoute } from '@/app/api/v3/obligors/overview/route';
import { GET as obligorDsoRoute } from '@/app/api/v3/obligors/dso/route';
import { GET as obligorAnnualDsoRoute } from '@/app/api/v3/obligors/annualdso/route';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, DSO_END, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * One family or one obligor of the hand-computed client (tests/helpers/customer-ledger.ts), seen by an
 * admin. As of TODAY: A1 77,000, A2 34,000 (Alpha 111,000), PB 20,000, C1 nothing open.
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
const get = (route: Route, path: string, query: Query = {}, params?: Record<string, string>) =>
  callRoute(route, path, { cookie: ledger.cookies.admin, query, params });
const familyObligors = (id: string, query: Query = {}) =>
  get(familyObligorsRoute, `/api/v3/parentobligors/${id}/obligors`, { date: TODAY, ...query }, { id });

describe('GET /v3/parentobligors/{id}/obligors', () => {
  it('lists the obligors of the family with their ageing, balance DESC', async () => {
    const res = await familyObligors('PA');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-totalrecords')).toBe('2');
    expect(res.json).toMatchObject([
      {
        sysObligorCode: 'A1',
        parentSysObligorCode: 'PA',
        balance: 77000,
        overdue: 77000,
        crdBucket1: 45000,
        crdBucket4: 32000,
        rating: 'medium',
      },
      {
        sysObligorCode: 'A2',
        parentSysObligorCode: 'PA',
        balance: 34000,
        current: 10000,
        crdBucket3: 24000,
        rating: 'high',
      },
    ]);
    expect(
      (await familyObligors('PA', { sortBy: 'name', order: 'ASC', count: 1, offset: 2 })).json.map(
        (r: { sysObligorCode: string }) => r.sysObligorCode,
      ),
    ).toEqual(['A2']);
    // Gamma: C1 owes nothing but sold in the 12 months, so it has a row.
    expect(
      (await familyObligors('PC')).json.map((r: { sysObligorCode: string; balance: number }) => [
        r.sysObligorCode,
        r.balance,
      ]),
    ).toEqual([['C1', 0]]);
    expect((await familyObligors('NOPE')).status).toBe(404);
    expect((await familyObligors('PA', { sortBy: 'dso' })).status).toBe(400);
  });
});

describe('GET /v3/parentobligors/receivables/overview', () => {
  it('gives the family (or one obligor) month by month', async () => {
    const overview = (query: Query) =>
      get(familyOverviewRoute, '/api/v3/parentobligors/receivables/overview', {
        fromDate: '2026-08-01',
        toDate: '2026-10-31',
        ...query,
      });
    const res = await overview({ parentSysObligorCode: 'PA' });
    expect(res.status).toBe(200);
    // 31 Aug: A1-2 32,000 overdue + A2-1 24,000 due that day; 30 Sep: + A1-3 50,000 (current), A2-1 late; 31 Oct: A1-3 late too.
    expect(
      res.json[0].months.map((m: Record<string, unknown>) => [
        m.date,
        m.outstanding,
        m.overdue,
        m.receivables,
        m.collected,
      ]),
    ).toEqual([
      ['2026-08-31', 56000, 32000, 24000, 0],
      ['2026-09-30', 106000, 56000, 50000, 0],
      ['2026-10-31', 106000, 106000, 0, 0],
    ]);
    const one = await overview({ sysObligorCode: 'A2' });
    expect(one.json[0].months.map((m: Record<string, unknown>) => [m.outstanding, m.overdue])).toEqual([
      [24000, 0],
      [24000, 24000],
      [24000, 24000],
    ]);
    const missing = await overview({});
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toHaveProperty('sysObligorCode');
  });
});

describe('GET /v3/obligors', () => {
  const info = (query: Query) => get(obligorRoute, '/api/v3/obligors', query);

  it('describes a child with its parent as parentSysObligorCode', async () => {
    const res = await info({ sysObligorCode: 'A1' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      sysObligorCode: 'A1',
      parentSysObligorCode: 'PA',
      parentName: 'Alpha Group',
      isParent: false,
      name: 'Alpha Mills North',
      creditLimit: 100000,
      rating: 2,
      ratingLabel: 'medium',
      ratingDate: '2026-09-01',
      salesSegment: 'LARGE',
      dim1: 'North',
      guestId: ledger.users.guest,
      guestName: 'Field Officer',
      representativeId: null,
      members: 0,
    });
    expect((await info({ sysObligorCode: 'C1' })).json).toMatchObject({
      parentSysObligorCode: 'PC',
      representativeName: 'Area Manager',
      salesSegment: 'SMALL',
      ratingLabel: '-',
    });
  });

  it('gives a parent its own code as parentSysObligorCode, and reads parentSysObligorCode alone', async () => {
    expect((await info({ sysObligorCode: 'PA' })).json).toMatchObject({
      sysObligorCode: 'PA',
      parentSysObligorCode: 'PA',
      parentName: null,
      isParent: true,
      members: 2,
      creditLimit: 500000,
      rating: null,
      ratingLabel: '-',
      salesSegment: null,
    });
    expect((await info({ parentSysObligorCode: 'PB' })).json).toMatchObject({
      sysObligorCode: 'PB',
      parentSysObligorCode: 'PB',
      salesSegment: 'LARGE',
      rating: 1,
    });
    expect((await info({ sysObligorCode: 'NOPE' })).status).toBe(404);
    expect((await info({})).status).toBe(400);
  });
});

describe('GET /v3/obligors/credit_limit', () => {
  const limit = (sysObligorCode: string, date = TODAY) =>
    get(creditLimitRoute, '/api/v3/obligors/credit_limit', { sysObligorCode, date });

  it('answers a parent for its family: members limits against the family balance', async () => {
    // 100,000 + 30,000; 111,000 used = 85.4%, 19,000 left.
    expect((await limit('PA')).json).toMatchObject({
      sysObligorCode: 'PA',
      date: TODAY,
      currency: 'INR',
      creditLimit: 130000,
      exposure: 111000,
      utilisation: 85.4,
      available: 19000,
      overLimit: false,
      history: [],
    });
    // Gamma: the parent's group limit, nothing used.
    expect((await limit('PC')).json).toMatchObject({
      creditLimit: 25000,
      exposure: 0,
      utilisation: 0,
      available: 25000,
      overLimit: false,
    });
  });

  it('answers a child for itself, over its limit when it owes more, with the history newest first', async () => {
    // A2: 34,000 on 30,000 = 113.3%, 4,000 over.
    expect((await limit('A2')).json).toEqual({
      sysObligorCode: 'A2',
      date: TODAY,
      currency: 'INR',
      creditLimit: 30000,
      exposure: 34000,
      utilisation: 113.3,
      available: -4000,
      overLimit: true,
      history: [
        { effectiveDate: '2026-07-01', creditLimit: 30000, changedBy: null },
        { effectiveDate: '2026-01-01', creditLimit: 20000, changedBy: 'Admin User' },
      ],
    });
    expect((await limit('A1')).json).toMatchObject({
      creditLimit: 100000,
      exposure: 77000,
      utilisation: 77,
      available: 23000,
      history: [
        { effectiveDate: '2026-04-01', creditLimit: 100000 },
        { effectiveDate: '2025-06-01', creditLimit: 80000 },
      ],
    });
    // Backdated: Beta on 31 Aug owed B-2's 5,000 of 40,000 = 12.5%.
    expect((await limit('PB', '2026-08-31')).json).toMatchObject({
      date: '2026-08-31',
      creditLimit: 40000,
      exposure: 5000,
      utilisation: 12.5,
      available: 35000,
    });
  });
});

describe('GET /v3/obligors/overview', () => {
  it('gives the rating changes of the family members and the monthly weighted rating', async () => {
    const res = await get(obligorOverviewRoute, '/api/v3/obligors/overview', {
      parentSysObligorCode: 'PA',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
    });
    expect(res.status).toBe(200);
    expect(res.json.ratings.map((r: Record<string, unknown>) => [r.sysObligorCode, r.date, r.rating, r.label])).toEqual(
      [
        ['A1', '2025-01-01', 1, 'low'],
        ['A2', '2026-01-01', 3, 'high'],
        ['A1', '2026-09-01', 2, 'medium'],
      ],
    );
    // 31 Aug (32,000 x 1 + 24,000 x 3) / 56,000 = 1.857; 30 Sep and 31 Oct (82,000 x 2 + 24,000 x 3) / 106,000 = 2.226.
    expect(res.json.months.map((m: Record<string, unknown>) => [m.date, m.balance, m.overallRisk])).toEqual([
      ['2026-08-31', 56000, 1.9],
      ['2026-09-30', 106000, 2.2],
      ['2026-10-31', 106000, 2.2],
    ]);
    expect(res.json.months.map((m: { obligorWeightedRating: number }) => m.obligorWeightedRating)).toEqual([
      expect.closeTo(104000 / 56000, 10),
      expect.closeTo(236000 / 106000, 10),
      expect.closeTo(236000 / 106000, 10),
    ]);
    const child = await get(obligorOverviewRoute, '/api/v3/obligors/overview', {
      sysObligorCode: 'A1',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
    });
    expect(child.json.ratings.map((r: { rating: number }) => r.rating)).toEqual([1, 2]);
    expect(child.json.months.map((m: Record<string, unknown>) => [m.balance, m.obligorWeightedRating])).toEqual([
      [32000, 1],
      [82000, 2],
      [82000, 2],
    ]);
  });
});

describe('GET /v3/obligors/dso and /v3/obligors/annualdso', () => {
  it('gives the monthly DSO of a family and of one obligor', async () => {
    const res = await get(obligorDsoRoute, '/api/v3/obligors/dso', { parentSysObligorCode: 'PA', toDate: DSO_END });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fromDate: '2025-11-01', toDate: DSO_END, dsoEndDate: DSO_END });
    expect(res.json.months.map((m: Record<string, unknown>) => [m.date, m.receivables, m.sales, m.dso])).toEqual([
      ['2025-11-30', 31000, 0, null], // A1-1, sold in October
      ['2025-12-31', 0, 0, null],
      ['2026-01-31', 62000, 62000, 31], // A1-2 / A1-2 x 31
      ['2026-02-28', 62000, 0, null],
      ['2026-03-31', 32000, 0, null],
      ['2026-04-30', 32000, 0, null],
      ['2026-05-31', 32000, 0, null],
      ['2026-06-30', 32000, 0, null],
      ['2026-07-31', 32000, 0, null],
      ['2026-08-31', 56000, 24000, 72.3], // + A2-1: 56,000 / 24,000 x 31 = 72.33
      ['2026-09-30', 106000, 50000, 63.6], // + A1-3: 106,000 / 50,000 x 30
      ['2026-10-20', 106000, 0, null],
    ]);
    const a2 = await get(obligorDsoRoute, '/api/v3/obligors/dso', { sysObligorCode: 'A2', toDate: DSO_END });
    expect(a2.json.months.slice(-3).map((m: Record<string, unknown>) => [m.receivables, m.sales, m.dso])).toEqual([
      [24000, 24000, 31],
      [24000, 0, null],
      [24000, 0, null],
    ]);
  });

  it('gives the annual DSO of a family and of one obligor at the DSO end date', async () => {
    const annual = (query: Query) =>
      get(obligorAnnualDsoRoute, '/api/v3/obligors/annualdso', { toDate: DSO_END, ...query });
    // Alpha: 82,000 + 24,000 = 106,000 over 112,000 + 24,000 = 136,000 of sales x 365 = 284.49 -> 284.5.
    expect((await annual({ parentSysObligorCode: 'PA' })).json).toMatchObject({
      date: DSO_END,
      receivables: 106000,
      sales12m: 136000,
      dso: 284.5,
    });
    expect((await annual({ sysObligorCode: 'A2' })).json).toMatchObject({
      receivables: 24000,
      sales12m: 24000,
      dso: 365,
    });
    expect((await annual({ parentSysObligorCode: 'PC' })).json).toMatchObject({
      receivables: 0,
      sales12m: 5000,
      dso: 0,
    });
    expect((await annual({})).status).toBe(400);
  });
});
