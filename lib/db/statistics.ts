import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRow } from './query';
import { col, row } from './rows';

/**
 * Planner statistics. PGlite runs no autovacuum, so a database filled in bulk (the demo seed, a
 * data folder seeded before this rule) has none until someone runs ANALYZE: the planner then takes
 * every table for a handful of rows and picks nested loops that turn a 30 ms grouped query into
 * 30 s (the customer portal's postpaid list on the demo data). PostgreSQL catches up by itself a
 * minute later, but the first pages after a seed would meet the same plans.
 */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * ANALYZE of the ledger's own tables only: run inside a transaction (the seed's), it sees the rows
 * the transaction wrote. A bare ANALYZE would take the shared catalogs' locks too, which other
 * databases of the same server hold while they analyse theirs (each test file's database).
 */
export async function analyzeLedger(db: Db): Promise<void> {
  await db.execute(sql`analyze obligors, invoices, payments, receipts, allocations, instalments`);
}

/** Runs ANALYZE when the ledger has rows but no statistics (true when it did). */
export async function ensureStatistics(db: Db): Promise<boolean> {
  const stats = await queryRow(
    db,
    sql`
    select exists (select 1 from invoices limit 1)
      and not exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'invoices') as missing`,
    row({ missing: col.bool }),
  );
  if (!stats?.missing) return false;
  await analyzeDatabase(db);
  return true;
}
