import { eq } from 'drizzle-orm';
import { clients } from '@/lib/db/schema';
import { DEMO_PASSWORD, seedDatabase } from '@/lib/db/seed';
import { createTestDatabase, type TestDatabase } from './db';
import { sessionCookieFor } from './api';

/** The as-of day of the small seeded data set the integration tests share. */
export const TEST_TODAY = '2026-11-20';

/**
 * A fresh database with the demo data at a small scale (both borrower clients and the investor
 * firm); with `history`, the ageing history too (otherwise dates without rollups take the ledger path).
 */
export async function createSeededDatabase(scale = 0.05, options: { history?: boolean } = {}): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await seedDatabase(database.db, { scale, today: TEST_TODAY, history: options.history ?? false, forecast: false });
  return database;
}

export async function clientIdOf(database: TestDatabase, code: string): Promise<number> {
  const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code));
  if (!row) throw new Error(`no client ${code}`);
  return row.id;
}

export function signInAs(database: TestDatabase, email: string) {
  return sessionCookieFor(database.db, email, DEMO_PASSWORD);
}

/** A demo user's session cookie and id. */
export async function signInUser(database: TestDatabase, email: string): Promise<{ cookie: string; userId: number }> {
  const { cookie, session } = await signInAs(database, email);
  return { cookie, userId: session.userId };
}
