import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as mappingRoute } from '@/app/api/v3/clients/overviewmappingbased/route';
import { GET as dsoRoute } from '@/app/api/v3/clients/dso/route';
import { GET as annualDsoRoute } from '@/app/api/v3/clients/annualdso/route';
import { GET as splitByRoute } from '@/app/api/v3/clients/split_by/route';
import { GET as splitByDsoRoute } from '@/app/api/v3/clients/split_by_dso/route';
import { GET as familyObligorsRoute } from '@/app/api/v3/parentobligors/[id]/obligors/route';
import { GET as familyOverviewRoute } from '@/app/api/v3/parentobligors/receivables/overview/route';
import { GET as searchRoute } from '@/app/api/v3/parentobligors/route';
import { GET as obligorRoute } from '@/app/api/v3/obligors/route';
import { GET as creditLimitRoute } from '@/app/api/v3/obligors/credit_limit/route';
import { GET as obligorOverviewRoute } from '@/app/api/v3/obligors/overview/route';
import { GET as obligorDsoRoute } from '@/app/api/v3/obligors/dso/route';
import { GET as obligorAnnualDsoRoute } from '@/app/api/v3/obligors/annualdso/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as invoiceRoute } from '@/app/api/invoices/route';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, DSO_END, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * Row-level scope on the hand-computed client (tests/helpers/customer-ledger.ts): the field officer
 * (guest) is assigned A1 and PB, the area sales manager (representative) A2 and C1; the admin sees all.
 * A family shows only the assigned members and their amounts. As of TODAY: A1 77,000 (crd1 45,000,
 * crd4 32,000, rating 2, 12-month sales 107,000, limit 100,000); PB 20,000 (crd1 15,000, crd4 5,000,
 * rating 1, sales 52,000, limit 40,000); A2 34,000 (current 10,000, crd3 24,000, rating 3, sales 34,000,
 * limit 30,000); C1 0 (sales 5,000, no limit).
 */
let database: TestDatabase;
let ledger: CustomerLedger;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = await buildCustomerLedger(database);
});
afterAll(() => database?.dispose());

type Who = 'admin' | 'guest' | 'representative';
type Query = Record<string, string | number | undefined>;
type Route = Parameters<typeof callRoute>[0];
const get = (who: Who, route: Route, path: string, query: Query = {}, params?: Record<string, string>) =>
  callRoute(route, path, { cookie: ledger.cookies[who], query, params });
const codes = (res: { json: { sysObligorCode: string }[] }) => res.json.map((r) => r.sysObligorCode);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));
const families = (who: Who, query: Query = {}) =>
  get(who, parentObligorsRoute, '/api/v3/clients/parentobligors', { date: TODAY, ...query });

describe('the field officer (guest) sees only the obligors assigned to them', () => {
  it('lists the families holding them, with the assigned members amounts only', async () => {
    const res = await families('guest');
    expect(total(res)).toBe(2);
    expect(codes(res)).toEqual(['PA', 'PB']);
    // Alpha is A1 alone: limit 100,000 (77.0% used), DSO 77,000 / 107,000 x 365 = 262.7, past b2 32,000 / 77,000 = 41.6%.
    expect(res.json[0]).toMatchObject({
      balance: 77000,
      current: 0,
      overdue: 77000,
      crdBucket1: 45000,
      crdBucket3: 0,
      crdBucket4: 32000,
      invBucket1: -5000,
      sales12m: 107000,
      creditLimit: 100000,
      creditUtilisation: 77,
      dso: 262.7,
      overduePastB2Share: 41.6,
      collectionRisk: 'HIGH',
      members: 1,
      openObligors: 1,
      obligorWeightedRating: 2,
      medRatedReceivables: 77000,
      highRatedReceivables: 0,
    });
    expect(res.json[1]).toMatchObject({
      balance: 20000,
      creditLimit: 40000,
      creditUtilisation: 50,
      dso: 140.4,
      members: 1,
    });
    // 2026-03-01..08-31 as of 31 Aug: A1-2 32,000 open, no sale (A2-1 is not theirs), 30,000 collected.
    const period = await families('guest', { date: undefined, fromDate: '2026-03-01', toDate: '2026-08-31' });
    expect(
      period.json.map((r: Record<string, unknown>) => [
        r.sysObligorCode,
        r.balance,
        r.salesInPeriod,
        r.collectedInPeriod,
      ]),
    ).toEqual([
      ['PA', 32000, 0, 30000],
      ['PB', 5000, 30000, 32000],
    ]);
  });

  it('totals only the assigned obligors, in the customer analysis and the receivables summary', async () => {
    const mapping = await get('guest', mappingRoute, '/api/v3/clients/overviewmappingbased', { date: TODAY });
    // 97,000 = A1 77,000 + PB 20,000; overall risk (2 + 1) / 2 = 1.5; DSO 97,000 / 159,000 x 365 = 222.7.
    expect(mapping.json).toMatchObject({
      customers: 2,
      openCustomers: 2,
      obligors: 2,
      openObligors: 2,
      balance: 97000,
      overdue: 97000,
      sales12m: 159000,
      creditLimit: 140000,
      dso: 222.7,
      overallRisk: 1.5,
      lowRatedReceivables: 20000,
      medRatedReceivables: 77000,
      highRatedReceivables: 0,
      riskDistribution: { low: 20.6, medium: 79.4, high: 0 },
      byCollectionRisk: [
        { key: 'HIGH', customers: 1, balance: 77000 },
        { key: 'MEDIUM', customers: 1, balance: 20000 },
      ],
      byOpenStatus: [{ key: 'OPEN', customers: 2, balance: 97000 }],
    });
    expect(mapping.json.obligorWeightedRating).toBeCloseTo(174000 / 97000, 10);
    const summary = await get('guest', summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TODAY });
    expect(summary.json).toMatchObject({
      outstanding: 97000,
      balance: 97000,
      overdue: 97000,
      current: 0,
      crdBucket1: 60000,
      crdBucket1Num: 3,
      crdBucket3: 0,
      crdBucket4: 37000,
      crdBucket4Num: 2,
      overallRisk: 1.5,
      openObligors: 2,
    });
    // The same as the admin's rows of A1 and PB added up.
    const adminRow = async (code: string) =>
      (await get('admin', receivablesRoute, '/api/v4/clients/receivables', { date: TODAY, sysObligorCode: code }))
        .json[0];
    const [a1, pb] = [await adminRow('A1'), await adminRow('PB')];
    for (const key of [
      'outstanding',
      'overdue',
      'current',
      'crdBucket1',
      'crdBucket4',
      'invBucket1',
      'invBucket2',
      'invBucket4',
    ]) {
      expect(summary.json[key], key).toBe(a1[key] + pb[key]);
    }
  });

  it('refuses (404) every call about an obligor or family outside the scope', async () => {
    const refused: [Route, string, Query, Record<string, string>?][] = [
      [obligorRoute, '/api/v3/obligors', { sysObligorCode: 'A2' }],
      [obligorRoute, '/api/v3/obligors', { sysObligorCode: 'C1' }],
      [obligorRoute, '/api/v3/obligors', { parentSysObligorCode: 'PC' }],
      [obligorDsoRoute, '/api/v3/obligors/dso', { parentSysObligorCode: 'PC', toDate: DSO_END }],
      [obligorDsoRoute, '/api/v3/obligors/dso', { sysObligorCode: 'A2', toDate: DSO_END }],
      [obligorAnnualDsoRoute, '/api/v3/obligors/annualdso', { sysObligorCode: 'A2', toDate: DSO_END }],
      [creditLimitRoute, '/api/v3/obligors/credit_limit', { sysObligorCode: 'A2', date: TODAY }],
      [creditLimitRoute, '/api/v3/obligors/credit_limit', { sysObligorCode: 'C1', date: TODAY }],
      [obligorOverviewRoute, '/api/v3/obligors/overview', { sysObligorCode: 'A2', toDate: TODAY }],
      [
        familyOverviewRoute,
        '/api/v3/parentobligors/receivables/overview',
        { parentSysObligorCode: 'PC', toDate: TODAY },
      ],
      [familyObligorsRoute, '/api/v3/parentobligors/PC/obligors', { date: TODAY }, { id: 'PC' }],
      [invoiceRoute, '/api/invoices', { sysInvoiceNum: 'A2-1', date: TODAY }],
    ];
    for (const [route, path, query, params] of refused) {
      expect((await get('guest', route, path, query, params)).status, `${path} ${JSON.stringify(query)}`).toBe(404);
    }
  });

  it('answers the calls about its own obligors and their families with their amounts only', async () => {
    expect((await get('guest', obligorRoute, '/api/v3/obligors', { sysObligorCode: 'PA' })).json).toMatchObject({
      isParent: true,
      members: 1,
    });
    expect((await get('guest', obligorRoute, '/api/v3/obligors', { sysObligorCode: 'A1' })).json).toMatchObject({
      parentSysObligorCode: 'PA',
    });
    expect(
      (await get('guest', creditLimitRoute, '/api/v3/obligors/credit_limit', { sysObligorCode: 'PA', date: TODAY }))
        .json,
    ).toMatchObject({ creditLimit: 100000, exposure: 77000, utilisation: 77, available: 23000 });
    // The family's limit history is that of the guest's account A1 only, never A2's.
    const history = (
      await get('guest', creditLimitRoute, '/api/v3/obligors/credit_limit', { sysObligorCode: 'PA', date: TODAY })
    ).json.history as { effectiveDate: string; creditLimit: number }[];
    expect(history.map((h) => [h.effectiveDate, h.creditLimit])).toEqual([
      ['2026-04-01', 100000],
      ['2025-06-01', 80000],
    ]);
    const members = await get(
      'guest',
      familyObligorsRoute,
      '/api/v3/parentobligors/PA/obligors',
      { date: TODAY },
      { id: 'PA' },
    );
    expect(codes(members)).toEqual(['A1']);
    expect(total(members)).toBe(1);
    // A1 alone on 30 Sep: 82,000 / 50,000 x 30 = 49.2; annual at 2026-10-20: 82,000 / 112,000 x 365 = 267.2.
    const dso = await get('guest', obligorDsoRoute, '/api/v3/obligors/dso', {
      parentSysObligorCode: 'PA',
      toDate: DSO_END,
    });
    expect(dso.json.months.find((m: { date: string }) => m.date === '2026-09-30')).toMatchObject({
      receivables: 82000,
      sales: 50000,
      dso: 49.2,
    });
    expect(
      (
        await get('guest', obligorAnnualDsoRoute, '/api/v3/obligors/annualdso', {
          parentSysObligorCode: 'PA',
          toDate: DSO_END,
        })
      ).json,
    ).toMatchObject({ receivables: 82000, sales12m: 112000, dso: 267.2 });
    const family = await get('guest', familyOverviewRoute, '/api/v3/parentobligors/receivables/overview', {
      parentSysObligorCode: 'PA',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
    });
    expect(family.json[0].months.map((m: { outstanding: number }) => m.outstanding)).toEqual([32000, 82000, 82000]);
    // The family's rating history shows the assigned member only.
    const overview = await get('guest', obligorOverviewRoute, '/api/v3/obligors/overview', {
      parentSysObligorCode: 'PA',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
    });
    expect(overview.json.ratings.map((r: { sysObligorCode: string }) => r.sysObligorCode)).toEqual(['A1', 'A1']);
    expect(overview.json.months.map((m: Record<string, unknown>) => [m.balance, m.obligorWeightedRating])).toEqual([
      [32000, 1],
      [82000, 2],
      [82000, 2],
    ]);
  });

  it('scopes the client-wide series: DSO, annual DSO, ageing split and DSO split', async () => {
    // 30 Sep: A1 82,000 + PB 5,000 over A1-3's 50,000 x 30 = 52.2.
    const dso = await get('guest', dsoRoute, '/api/v3/clients/dso', { toDate: DSO_END });
    expect(dso.json.months.find((m: { date: string }) => m.date === '2026-09-30')).toMatchObject({
      receivables: 87000,
      sales: 50000,
      dso: 52.2,
    });
    // A1 82,000 + PB 20,000 over 112,000 + 77,000 x 365 = 197.0.
    expect((await get('guest', annualDsoRoute, '/api/v3/clients/annualdso', { toDate: DSO_END })).json).toMatchObject({
      receivables: 102000,
      sales12m: 189000,
      dso: 197,
    });
    expect(
      (await get('guest', splitByRoute, '/api/v3/clients/split_by', { graph: 'graph2', date: TODAY })).json,
    ).toMatchObject({ balance: 97000, overdue: 97000 });
    // Segments stay those of the whole client's ranking: A1 and PB are LARGE.
    expect((await get('guest', splitByDsoRoute, '/api/v3/clients/split_by_dso', { date: DSO_END })).json.rows).toEqual([
      { key: 'LARGE', customers: 2, receivables: 102000, sales12m: 189000, dso: 197 },
    ]);
  });

  it('scopes the receivables list, the open invoices, one invoice and the customer search', async () => {
    const list = await get('guest', receivablesRoute, '/api/v4/clients/receivables', { date: TODAY });
    expect(
      list.json.map((r: { sysObligorCode: string; outstanding: number }) => [r.sysObligorCode, r.outstanding]),
    ).toEqual([
      ['PA', 77000],
      ['PB', 20000],
    ]);
    expect(total(list)).toBe(2);
    const open = await get('guest', invoicesRoute, '/api/v4/invoices', { date: TODAY, count: 50 });
    expect(open.json.map((r: { sysInvoiceNum: string }) => r.sysInvoiceNum).sort()).toEqual([
      'A1-2',
      'A1-3',
      'A1-CN',
      'B-2',
      'B-3',
    ]);
    expect(total(open)).toBe(5);
    expect(total(await get('guest', invoicesRoute, '/api/v4/invoices', { date: TODAY, sysObligorCode: 'A2' }))).toBe(0);
    expect(total(await get('admin', invoicesRoute, '/api/v4/invoices', { date: TODAY }))).toBe(7);
    expect(
      (await get('guest', invoiceRoute, '/api/invoices', { sysInvoiceNum: 'B-2', date: TODAY })).json,
    ).toMatchObject({ outstanding: 5000 });
    expect(
      (await get('admin', invoiceRoute, '/api/invoices', { sysInvoiceNum: 'A2-1', date: TODAY })).json,
    ).toMatchObject({ outstanding: 24000 });
    const search = async (who: Who, obligorName: string) =>
      (await get(who, searchRoute, '/api/v3/parentobligors', { obligorName })).json
        .map((r: { sysObligorCode: string }) => r.sysObligorCode)
        .sort();
    expect(await search('admin', 'Alpha')).toEqual(['A1', 'A2', 'PA']);
    expect(await search('guest', 'Alpha')).toEqual(['A1']);
    expect(await search('guest', 'Gamma')).toEqual([]);
    expect(await search('representative', 'gamma')).toEqual(['C1']);
    const short = await get('guest', searchRoute, '/api/v3/parentobligors', { obligorName: 'Al' });
    expect(short.status).toBe(400);
    expect(short.json.fields).toHaveProperty('obligorName');
  });
});

describe('the area sales manager (representative) sees the obligors assigned to them as representative', () => {
  it('lists and totals their members only', async () => {
    const res = await families('representative');
    expect(codes(res)).toEqual(['PA', 'PC']);
    // Alpha is A2 alone: 34,000 on its 30,000 = 113.3%; DSO 34,000 / 34,000 x 365; past b2 24,000 / 34,000 = 70.6%.
    expect(res.json[0]).toMatchObject({
      balance: 34000,
      current: 10000,
      overdue: 24000,
      creditLimit: 30000,
      creditUtilisation: 113.3,
      dso: 365,
      overduePastB2Share: 70.6,
      collectionRisk: 'HIGH',
      rating: 'high',
      members: 1,
    });
    // Gamma is C1 alone: no limit of its own, and the parent's group limit is not one of its obligors.
    expect(res.json[1]).toMatchObject({
      balance: 0,
      openStatus: 'CLOSED',
      creditLimit: null,
      creditUtilisation: null,
      members: 1,
    });
    // The credit limit tab of the family says the same as the list.
    expect(
      (
        await get('representative', creditLimitRoute, '/api/v3/obligors/credit_limit', {
          sysObligorCode: 'PC',
          date: TODAY,
        })
      ).json,
    ).toMatchObject({ creditLimit: null, exposure: 0, utilisation: null, available: null, overLimit: false });
    expect(
      (
        await get('representative', creditLimitRoute, '/api/v3/obligors/credit_limit', {
          sysObligorCode: 'PA',
          date: TODAY,
        })
      ).json,
    ).toMatchObject({ creditLimit: 30000, exposure: 34000, utilisation: 113.3, available: -4000, overLimit: true });
    expect(
      (await get('representative', mappingRoute, '/api/v3/clients/overviewmappingbased', { date: TODAY })).json,
    ).toMatchObject({
      customers: 2,
      openCustomers: 1,
      balance: 34000,
      overdue: 24000,
      overallRisk: 3,
      creditLimit: 30000,
      highRatedReceivables: 34000,
    });
    expect(
      (await get('representative', summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TODAY })).json,
    ).toMatchObject({ outstanding: 34000, current: 10000, overdue: 24000, crdBucket3: 24000 });
  });

  it('reaches its obligors and nobody else', async () => {
    const info = (code: string) => get('representative', obligorRoute, '/api/v3/obligors', { sysObligorCode: code });
    expect((await info('C1')).json).toMatchObject({ parentSysObligorCode: 'PC' });
    expect((await info('PC')).status).toBe(200);
    expect((await info('A1')).status).toBe(404);
    expect((await info('PB')).status).toBe(404);
    const open = await get('representative', invoicesRoute, '/api/v4/invoices', { date: TODAY });
    expect(open.json.map((r: { sysInvoiceNum: string }) => r.sysInvoiceNum).sort()).toEqual(['A2-1', 'A2-2']);
  });
});

describe('the admin sees every obligor', () => {
  it('lists every family and reaches every obligor', async () => {
    expect(total(await families('admin'))).toBe(3);
    for (const code of ['PA', 'A1', 'A2', 'PB', 'PC', 'C1']) {
      expect((await get('admin', obligorRoute, '/api/v3/obligors', { sysObligorCode: code })).status, code).toBe(200);
    }
    expect(
      (await get('admin', summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TODAY })).json,
    ).toMatchObject({ outstanding: 131000 });
  });
});
