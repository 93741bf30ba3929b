import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import type { TWorklistRow } from '@/lib/contract/collections';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { onAccountClient } from '../helpers/on-account-ledger';

// The hand ledger and its worklist at T: tests/helpers/on-account-ledger.ts.
let database: TestDatabase;
let admin: string;
let officer: { id: number; cookie: string };

beforeAll(async () => {
  ({ database, admin, officer } = await onAccountClient());
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

describe('the worklist nets money received on account', () => {
  it('shows each family its overdue less its unallocated receipts, and ranks by that', async () => {
    const res = await callRoute(worklistRoute, '/api/collections/worklist', { cookie: admin, query: { count: 50 } });
    expect(res.status).toBe(200);
    const rows = res.json as TWorklistRow[];
    expect(rows.map((r) => [r.sysObligorCode, r.overdueNet, r.unallocated, r.outstanding])).toEqual([
      ['GT', 23000, -5000, 27000],
      ['SA', 15000, 0, 15000],
      ['MB', 500, -2500, 500],
    ]);
    expect(res.headers.get('x-totalrecords')).toBe('3'); // CP's 15,000 on account covers its 12,000
    // Priority on the net amounts (largest 23,000), age 5, unrated 3, never contacted 10:
    // GT 35 + 18 = 53; SA 35 x ln(15,001) / ln(23,001) = 33.51 + 18 = 51.5; MB 35 x ln(501) / ln(23,001) = 21.66 + 18 = 39.7.
    expect(rows.map((r) => r.priority)).toEqual([53, 51.5, 39.7]);
  });

  it("leaves a field officer's covered family off their list", async () => {
    const res = await callRoute(worklistRoute, '/api/collections/worklist', { cookie: officer.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});
