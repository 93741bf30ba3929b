import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openDatabase, type Database } from '@/lib/db/client';
import { GET as currentUser } from '@/app/api/borrowers/user/route';
import { GET as taskCategories } from '@/app/api/taskcategories/route';
import { GET as openInvoices } from '@/app/api/v4/invoices/route';
import { callRoute } from '../helpers/api';
import { testServerUrl, type TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';

/**
 * Bounded waits (docs/security.md#bounded-waits): with a table locked by another session, a call
 * that does not read it answers at once, and one that does answers 503 with Retry-After within the
 * lock timeout instead of holding a connection until the lock goes. PostgreSQL only: PGlite has one
 * connection and no other session can hold a lock against it.
 */
const server = testServerUrl();
const LOCK_TIMEOUT_MS = 1_000;

describe.skipIf(!server)('a lock held elsewhere (PostgreSQL)', () => {
  let seeded: TestDatabase;
  let requests: Database;
  let cookie: string;

  beforeAll(async () => {
    seeded = await createSeededDatabase(0.02);
    cookie = (await signInAs(seeded, 'admin@vardhman.test')).cookie;
    // The app's own pool for requests, with a short lock timeout for the test.
    process.env.DATABASE_LOCK_TIMEOUT_MS = String(LOCK_TIMEOUT_MS);
    requests = await openDatabase({ url: seeded.url, role: 'requests' });
    delete process.env.DATABASE_LOCK_TIMEOUT_MS;
    installDatabase(requests);
  }, 300_000);
  afterAll(async () => {
    await requests?.close();
    await seeded?.dispose();
  });

  /** Runs `work` while another session holds `table` in ACCESS EXCLUSIVE mode. */
  async function whileLocked<T>(table: string, work: () => Promise<T>): Promise<T> {
    const locker = new pg.Client({ connectionString: seeded.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${table} in access exclusive mode`);
      return await work();
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
  }

  it('answers a call that does not read the locked table, and refuses one that does with 503 and Retry-After', async () => {
    await whileLocked('invoices', async () => {
      const categories = await callRoute(taskCategories, '/api/taskcategories', { cookie });
      expect(categories.status).toBe(200);
      const user = await callRoute(currentUser, '/api/borrowers/user', { cookie });
      expect(user.status).toBe(200);

      const started = performance.now();
      const invoices = await callRoute(openInvoices, '/api/v4/invoices', { cookie, query: { status: 'OPEN' } });
      const waited = performance.now() - started;
      expect(invoices.status).toBe(503);
      expect(invoices.headers.get('retry-after')).toBe('5');
      expect(invoices.json).toMatchObject({ error: 'unavailable' });
      expect(invoices.json.message).toMatch(/lock held by other work/);
      // Bounded: it gave up at the lock timeout, not when the lock went (a generous margin for a busy machine).
      expect(waited).toBeLessThan(LOCK_TIMEOUT_MS + 10_000);
    });
  }, 60_000);

  it('refuses every signed-in call with 503 while the users table is locked, and answers again once it is free', async () => {
    await whileLocked('users', async () => {
      const user = await callRoute(currentUser, '/api/borrowers/user', { cookie });
      expect(user.status).toBe(503);
      expect(user.headers.get('retry-after')).toBe('5');
    });
    const again = await callRoute(currentUser, '/api/borrowers/user', { cookie });
    expect(again.status).toBe(200);
  }, 60_000);
});
