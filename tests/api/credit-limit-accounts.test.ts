import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GET as creditLimitsRoute } from '@/app/api/v3/clients/credit_limits/route';
import { GET as obligorCreditLimitRoute } from '@/app/api/v3/obligors/credit_limit/route';
import { clients, creditLimitHistory, invoices, obligors } from '@/lib/db/schema';
import { creditLimitStatus } from '@/lib/domain/credit-limit';
import { ZCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { creditLimitBands } from '@/lib/server/obligors/list-credit-limits';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * GET /v3/clients/credit_limits?view=accounts on the hand-computed client (tests/helpers/customer-ledger.ts)
 * as of TODAY. Accounts (an obligor that trades: members, customers without a family, a head only
 * with items of its own): A1 77,000 of 100,000 (77%), A2 34,000 of 30,000 (113.3%, breached),
 * PB 20,000 of 40,000 (50%), C1 nothing owed and no limit. PA and PC only group their members.
 * Limit history: A1 80,000 -> 100,000 on 2026-04-01, A2 20,000 -> 30,000 on 2026-07-01.
 */
let database: TestDatabase;
let ledger: CustomerLedger;
type Who = 'admin' | 'guest' | 'representative';
type Row = {
  level: string;
  sysObligorCode: string;
  name: string;
  parentSysObligorCode: string | null;
  parentName: string | null;
  creditLimit: number | null;
  exposure: number;
  available: number | null;
  utilisation: number | null;
  status: string;
  lastChange: { date: string; previousLimit: number | null } | null;
};

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = await buildCustomerLedger(database);
});
afterAll(() => database?.dispose());

const list = (who: Who, query: Record<string, string | number | undefined> = {}) =>
  callRoute(creditLimitsRoute, '/api/v3/clients/credit_limits', {
    cookie: ledger.cookies[who],
    query: { date: TODAY, view: 'accounts', ...query },
  });
const rows = (res: { json: unknown }) => res.json as Row[];
const codes = (res: { json: unknown }) => rows(res).map((r) => r.sysObligorCode);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));

describe('GET /v3/clients/credit_limits?view=accounts', () => {
  it('gives each trading account its own limit, exposure, available credit, utilisation and band', async () => {
    const res = await list('admin');
    expect(res.status).toBe(200);
    expect(total(res)).toBe(4);
    const byCode = Object.fromEntries(rows(res).map((r) => [r.sysObligorCode, r]));
    expect(Object.keys(byCode).sort()).toEqual(['A1', 'A2', 'C1', 'PB']); // PA and PC only group their members
    expect(byCode.A1).toMatchObject({
      level: 'ACCOUNT',
      creditLimit: 100000,
      exposure: 77000,
      available: 23000,
      utilisation: 77,
      status: 'WITHIN',
      parentSysObligorCode: 'PA',
      parentName: 'Alpha Group',
    });
    expect(byCode.A2).toMatchObject({
      creditLimit: 30000,
      exposure: 34000,
      available: -4000,
      utilisation: 113.3,
      status: 'BREACHED',
      parentSysObligorCode: 'PA',
    });
    expect(byCode.PB).toMatchObject({
      creditLimit: 40000,
      exposure: 20000,
      available: 20000,
      utilisation: 50,
      status: 'WITHIN',
      parentSysObligorCode: null,
    });
    expect(byCode.C1).toMatchObject({
      creditLimit: null,
      exposure: 0,
      available: null,
      utilisation: null,
      status: 'NO_LIMIT',
      parentSysObligorCode: 'PC',
    });
    for (const row of rows(res)) expect(row.status).toBe(creditLimitStatus(row.exposure, row.creditLimit));
  });

  it("adds up to the families' exposure and equals each account's own credit limit call", async () => {
    const accounts = rows(await list('admin'));
    const families = rows(await list('admin', { view: 'families' }));
    const sum = (list: Row[]) => list.reduce((s, r) => s + Math.round(r.exposure * 100), 0);
    expect(sum(accounts)).toBe(sum(families));
    for (const account of accounts) {
      const one = await callRoute(obligorCreditLimitRoute, '/api/v3/obligors/credit_limit', {
        cookie: ledger.cookies.admin,
        query: { sysObligorCode: account.sysObligorCode, date: TODAY },
      });
      expect(one.status).toBe(200);
      expect(one.json.exposure).toBe(account.exposure);
      expect(one.json.utilisation).toBe(account.utilisation);
      if (account.creditLimit != null) expect(one.json.creditLimit).toBe(account.creditLimit);
    }
  });

  it('gives each family the number of its accounts the user may see, as the accounts view lists them', async () => {
    const count = async (who: Who, query: Record<string, string | number> = {}) =>
      Object.fromEntries(
        rows(await list(who, { view: 'families', ...query })).map((r) => [
          r.sysObligorCode,
          (r as Row & { accounts: number }).accounts,
        ]),
      );
    expect(await count('admin')).toEqual({ PA: 2, PB: 1, PC: 1 });
    expect(await count('admin', { dim: ledger.north })).toEqual({ PA: 1, PB: 1 });
    expect(await count('guest')).toEqual({ PA: 1, PB: 1 });
    for (const family of ['PA', 'PB', 'PC'])
      expect(total(await list('admin', { family }))).toBe((await count('admin'))[family]);
  });

  it("carries the latest change of each account's limit (a review keeping it is none); the full history is the account's own call", async () => {
    const byCode = Object.fromEntries(rows(await list('admin')).map((r) => [r.sysObligorCode, r]));
    expect(byCode.A1!.lastChange).toEqual({ date: '2026-04-01', previousLimit: 80000 });
    expect(byCode.A2!.lastChange).toEqual({ date: '2026-07-01', previousLimit: 20000 });
    expect(byCode.PB!.lastChange).toBeNull();
    // A review that keeps the limit is not a change; a first limit has nothing before it.
    await database.db.insert(creditLimitHistory).values([
      { clientId: ledger.clientId, sysObligorCode: 'A1', effectiveDate: '2026-10-01', creditLimit: '100000.00' },
      { clientId: ledger.clientId, sysObligorCode: 'PB', effectiveDate: '2026-02-01', creditLimit: '40000.00' },
    ]);
    const after = Object.fromEntries(rows(await list('admin')).map((r) => [r.sysObligorCode, r]));
    expect(after.A1!.lastChange).toEqual({ date: '2026-04-01', previousLimit: 80000 });
    expect(after.PB!.lastChange).toEqual({ date: '2026-02-01', previousLimit: null });
  });

  it('sorts by utilisation (accounts without a limit last), name, exposure and available credit', async () => {
    expect(codes(await list('admin'))).toEqual(['A2', 'A1', 'PB', 'C1']);
    expect(codes(await list('admin', { sortBy: 'utilisation', order: 'ASC' }))).toEqual(['PB', 'A1', 'A2', 'C1']);
    expect(codes(await list('admin', { sortBy: 'name', order: 'ASC' }))).toEqual(['A1', 'A2', 'PB', 'C1']);
    expect(codes(await list('admin', { sortBy: 'exposure', order: 'DESC' }))).toEqual(['A1', 'A2', 'PB', 'C1']);
    expect(codes(await list('admin', { sortBy: 'available', order: 'ASC' }))).toEqual(['A2', 'PB', 'A1', 'C1']);
  });

  it('filters by band, dim1, family and search, and counts the bands', async () => {
    expect(codes(await list('admin', { status: 'BREACHED' }))).toEqual(['A2']);
    expect(codes(await list('admin', { status: 'NO_LIMIT' }))).toEqual(['C1']);
    expect(codes(await list('admin', { dim: ledger.north })).sort()).toEqual(['A1', 'PB']);
    expect(codes(await list('admin', { dim: ledger.south })).sort()).toEqual(['A2', 'C1']);
    expect(codes(await list('admin', { family: 'PA' })).sort()).toEqual(['A1', 'A2']);
    expect(codes(await list('admin', { family: 'PB' }))).toEqual(['PB']);
    expect(codes(await list('admin', { search: 'alpha mills' })).sort()).toEqual(['A1', 'A2']);
    const bands = await creditLimitBands(
      database.db,
      ledger.clientId,
      ZCreditLimitsQuery.parse({ date: TODAY, view: 'accounts' }),
    );
    expect(Object.fromEntries(bands.map((b) => [b.status, b.customers]))).toEqual({
      BREACHED: 1,
      WITHIN: 2,
      NO_LIMIT: 1,
    });
  });

  it('puts an account over 90% of its limit in the near-breach band, and over 100% in the breached one', async () => {
    // A1 owes 77,000: a limit of 80,000 is 96.25% used (near), of 77,000 exactly 100% (still near), of 76,999 breached.
    const setA1 = (limit: number) =>
      database.db.execute(
        sql`update obligors set credit_limit = ${limit} where client_id = ${ledger.clientId} and sys_obligor_code = 'A1'`,
      );
    try {
      await setA1(80000);
      expect(rows(await list('admin', { status: 'NEAR' })).map((r) => [r.sysObligorCode, r.utilisation])).toEqual([
        ['A1', 96.3],
      ]);
      await setA1(77000);
      expect(codes(await list('admin', { status: 'NEAR' }))).toEqual(['A1']);
      await setA1(76999);
      expect(codes(await list('admin', { status: 'BREACHED' })).sort()).toEqual(['A1', 'A2']);
    } finally {
      await setA1(100000);
    }
  });

  it('computes a day without rollups from the ledger', async () => {
    // 2026-09-15: A1 owes A1-2's 32,000 (A1-3 not yet issued), A2 owes A2-1's 24,000 (80% of 30,000).
    const byCode = Object.fromEntries(
      rows(await list('admin', { date: '2026-09-15' })).map((r) => [r.sysObligorCode, r]),
    );
    expect(byCode.A1).toMatchObject({ exposure: 32000, utilisation: 32, status: 'WITHIN' });
    expect(byCode.A2).toMatchObject({ exposure: 24000, utilisation: 80, status: 'WITHIN' });
  });

  it('shows a field officer and an area sales manager only the accounts assigned to them', async () => {
    const guest = await list('guest');
    expect(codes(guest).sort()).toEqual(['A1', 'PB']);
    expect(rows(guest).find((r) => r.sysObligorCode === 'A1')!.exposure).toBe(77000);
    expect(codes(await list('guest', { family: 'PA' }))).toEqual(['A1']);
    expect(codes(await list('guest', { family: 'PC' }))).toEqual([]);
    expect(codes(await list('representative')).sort()).toEqual(['A2', 'C1']);
    expect(codes(await list('representative', { status: 'BREACHED' }))).toEqual(['A2']);
  });

  it("never shows another client's accounts, even under the same codes", async () => {
    const [other] = await database.db.insert(clients).values({ code: 'OTHERCO', name: 'Other Company' }).returning();
    await database.db.insert(obligors).values([
      { clientId: other!.id, sysObligorCode: 'A1', name: 'Other A1', parentSysObligorCode: null, creditLimit: '1.00' },
      { clientId: other!.id, sysObligorCode: 'Z9', name: 'Other Z9', parentSysObligorCode: null, creditLimit: '1.00' },
    ]);
    await database.db.insert(invoices).values({
      clientId: other!.id,
      sysInvoiceNum: 'X-1',
      invoiceNum: 'X/1',
      sysObligorCode: 'A1',
      issueDate: '2026-11-01',
      dueDate: '2026-11-10',
      amount: '999999.00',
      currency: 'INR',
      docType: 'INVOICE',
    });
    await database.db.transaction((tx) => refreshReceivableRollups(tx, other!.id, TODAY));
    const res = await list('admin');
    expect(codes(res).sort()).toEqual(['A1', 'A2', 'C1', 'PB']);
    expect(rows(res).find((r) => r.sysObligorCode === 'A1')).toMatchObject({
      name: 'Alpha Mills North',
      exposure: 77000,
      creditLimit: 100000,
    });
    expect(JSON.stringify(res.json)).not.toContain('Other');
    expect((await list('admin', { clientId: other!.id })).status).toBe(403);
  });

  it('refuses a bad view, a short search and a family filter on the families view', async () => {
    const badView = await list('admin', { view: 'people' });
    expect(badView.status).toBe(400);
    expect(badView.json.fields.view).toMatch(/families, accounts/);
    expect((await list('admin', { search: 'al' })).json.fields.search).toMatch(/at least 3/);
    const familyOnFamilies = await list('admin', { view: 'families', family: 'PA' });
    expect(familyOnFamilies.status).toBe(400);
    expect(familyOnFamilies.json.fields.family).toMatch(/accounts view/);
  });
});
