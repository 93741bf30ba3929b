import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GET as creditLimitsRoute } from '@/app/api/v3/clients/credit_limits/route';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { creditLimitStatus } from '@/lib/domain/credit-limit';
import { callRoute } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { buildCustomerLedger, TODAY, type CustomerLedger } from '../helpers/customer-ledger';

/**
 * GET /v3/clients/credit_limits on the hand-computed client (tests/helpers/customer-ledger.ts) as of
 * TODAY. Families: PA (A1 77,000 of limit 100,000 plus A2 34,000 of 30,000), PB 20,000 of 40,000,
 * PC (C1) nothing owed, no limit. To get every band the test moves limits: see beforeAll.
 */
let database: TestDatabase;
let ledger: CustomerLedger;
type Who = 'admin' | 'guest' | 'representative';
type Row = {
  sysObligorCode: string;
  creditLimit: number | null;
  exposure: number;
  available: number | null;
  utilisation: number | null;
  status: string;
};

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = await buildCustomerLedger(database);
});
afterAll(() => database?.dispose());

const list = (who: Who, query: Record<string, string | number | undefined> = {}) =>
  callRoute(creditLimitsRoute, '/api/v3/clients/credit_limits', {
    cookie: ledger.cookies[who],
    query: { date: TODAY, ...query },
  });
const codes = (res: { json: Row[] }) => res.json.map((r) => r.sysObligorCode);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));

describe('GET /v3/clients/credit_limits', () => {
  it('gives each family limit, exposure, available and utilisation as the customer analysis does', async () => {
    const res = await list('admin', { count: 50 });
    expect(res.status).toBe(200);
    expect(total(res)).toBe(res.json.length);
    const families = (
      await callRoute(parentObligorsRoute, '/api/v3/clients/parentobligors', {
        cookie: ledger.cookies.admin,
        query: { date: TODAY, count: 50 },
      })
    ).json as {
      sysObligorCode: string;
      creditLimit: number | null;
      netBalance: number;
      creditUtilisation: number | null;
    }[];
    expect(new Set(codes(res))).toEqual(new Set(families.map((f) => f.sysObligorCode)));
    for (const row of res.json as Row[]) {
      const family = families.find((f) => f.sysObligorCode === row.sysObligorCode)!;
      expect(row.creditLimit).toBe(family.creditLimit);
      // Exposure is the net balance: money on account draws nothing on the limit.
      expect(row.exposure).toBe(family.netBalance);
      expect(row.utilisation).toBe(family.creditUtilisation);
      expect(row.status).toBe(creditLimitStatus(row.exposure, row.creditLimit));
      if (row.creditLimit != null) expect(row.available).toBeCloseTo(row.creditLimit - row.exposure, 2);
      else expect(row.available).toBeNull();
    }
  });

  it("counts the accounts of each family that are over their own limit, within the user's scope", async () => {
    // PA is within its family limit (111,000 of 130,000) while A2 owes 34,000 against 30,000.
    const breached = (res: { json: (Row & { breachedAccounts: number })[] }) =>
      Object.fromEntries(res.json.map((r) => [r.sysObligorCode, r.breachedAccounts]));
    expect(breached(await list('admin', { count: 50 }))).toMatchObject({ PA: 1, PB: 0 });
    const accounts = await list('admin', { view: 'accounts', family: 'PA', count: 50 });
    expect((accounts.json as Row[]).filter((r) => r.status === 'BREACHED').map((r) => r.sysObligorCode)).toEqual([
      'A2',
    ]);
    // The field officer sees A1 only: none of their accounts of PA is over its limit.
    expect(breached(await list('guest', { count: 50 }))).toMatchObject({ PA: 0 });
  });

  it('sorts by utilisation (most used first by default), by name and by available credit', async () => {
    const byUse = (await list('admin')).json as Row[];
    const used = byUse.map((r) => r.utilisation).filter((u): u is number => u != null);
    expect(used).toEqual([...used].sort((a, b) => b - a));
    const firstUnlimited = byUse.findIndex((r) => r.utilisation == null);
    if (firstUnlimited >= 0) expect(byUse.slice(firstUnlimited).every((r) => r.utilisation == null)).toBe(true); // no limit last
    const byName = (await list('admin', { sortBy: 'name', order: 'ASC' })).json as (Row & { name: string })[];
    expect(byName.map((r) => r.name)).toEqual([...byName.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
    const byAvailable = (await list('admin', { sortBy: 'available', order: 'ASC' })).json as Row[];
    const available = byAvailable.map((r) => r.available).filter((a): a is number => a != null);
    expect(available).toEqual([...available].sort((a, b) => a - b));
  });

  it('filters by band with the 90% and 100% thresholds', async () => {
    // Set limits so the three limited families fall in three bands: PA breached, PB near, PC within.
    const { clientId } = ledger;
    const families = (await list('admin', { count: 50 })).json as Row[];
    const pa = families.find((r) => r.sysObligorCode === 'PA')!;
    const pb = families.find((r) => r.sysObligorCode === 'PB')!;
    await database.db.execute(
      sql`update obligors set credit_limit = ${pa.exposure / 2} where client_id = ${clientId} and parent_sys_obligor_code = 'PA'`,
    );
    await database.db.execute(
      sql`update obligors set credit_limit = null where client_id = ${clientId} and parent_sys_obligor_code = 'PA' and sys_obligor_code <> 'A1'`,
    );
    await database.db.execute(
      sql`update obligors set credit_limit = ${Math.round(pb.exposure / 0.95)} where client_id = ${clientId} and sys_obligor_code = 'PB'`,
    );
    await database.db.execute(
      sql`update obligors set credit_limit = null where client_id = ${clientId} and coalesce(parent_sys_obligor_code, sys_obligor_code) = 'PC'`,
    );
    const breached = await list('admin', { status: 'BREACHED' });
    expect(codes(breached)).toContain('PA');
    expect((breached.json as Row[]).every((r) => r.utilisation! > 100)).toBe(true);
    const near = await list('admin', { status: 'NEAR' });
    expect(codes(near)).toEqual(['PB']);
    expect((near.json as Row[])[0]!.utilisation).toBeGreaterThan(90);
    const none = await list('admin', { status: 'NO_LIMIT' });
    expect(codes(none)).toEqual(['PC']);
    expect((none.json as Row[])[0]).toMatchObject({
      creditLimit: null,
      available: null,
      utilisation: null,
      status: 'NO_LIMIT',
    });
    const all = total(await list('admin'));
    const counts = await Promise.all(
      ['BREACHED', 'NEAR', 'WITHIN', 'NO_LIMIT'].map(async (status) => total(await list('admin', { status }))),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all);
  });

  it('filters by dim1 and searches name or code from 3 characters', async () => {
    const north = await list('admin', { dim: ledger.north });
    const south = await list('admin', { dim: ledger.south });
    // A family is listed under each dim1 value its members carry, with those members' amounts only.
    expect(codes(north).sort()).toEqual(['PA', 'PB']);
    expect((north.json as Row[]).find((r) => r.sysObligorCode === 'PA')!.exposure).toBe(77000);
    expect(codes(south)).toContain('PA');
    expect(codes(south)).not.toContain('PB');
    const all = (await list('admin', { count: 50 })).json as (Row & { name: string })[];
    const target = all[0]!;
    const bySearch = await list('admin', { search: target.name.slice(0, 5) });
    expect(codes(bySearch)).toContain(target.sysObligorCode);
    expect(
      codes(
        await list('admin', {
          search: target.sysObligorCode.length >= 3 ? target.sysObligorCode : `${target.sysObligorCode}zz`,
        }),
      ).length,
    ).toBeLessThanOrEqual(all.length);
    const short = await list('admin', { search: 'ab' });
    expect(short.status).toBe(400);
    expect(short.json.fields.search).toMatch(/at least 3/);
  });

  it('pages with x-totalrecords', async () => {
    const first = await list('admin', { count: 1, offset: 1 });
    const second = await list('admin', { count: 1, offset: 2 });
    expect(first.json).toHaveLength(1);
    expect(total(first)).toBeGreaterThan(1);
    expect(codes(first)).not.toEqual(codes(second));
    const past = await list('admin', { count: 10, offset: 99 });
    expect(past.json).toEqual([]);
    expect(total(past)).toBe(total(first));
  });

  it('shows the guest only the families of assigned obligors, their amounts only', async () => {
    const guest = await list('guest', { count: 50 });
    expect(codes(guest).sort()).toEqual(['PA', 'PB']);
    const pa = (guest.json as Row[]).find((r) => r.sysObligorCode === 'PA')!;
    expect(pa.exposure).toBe(77000);
    const rep = await list('representative', { count: 50 });
    expect(codes(rep)).not.toContain('PB');
  });

  it('refuses a bad band and another client', async () => {
    expect((await list('admin', { status: 'HIGH' })).status).toBe(400);
    expect((await list('admin', { clientId: ledger.clientId + 999 })).status).toBe(403);
  });
});
