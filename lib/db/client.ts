import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { claimDataDir } from './data-dir-lock';
import { statementLogger } from './statement-log';

export type Schema = typeof schema;

/** What both drivers answer a raw statement with: node-postgres' QueryResult and PGlite's Results share `rows`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

/**
 * Either driver, PGlite (embedded) or node-postgres, and a transaction of either: a PgTransaction is a
 * PgDatabase, so a service takes `db` whether or not it runs inside one. Same schema, same queries.
 */
export type Db = PgDatabase<RowsResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: 'snake_case', logger: statementLogger() } as const;

export function defaultDataDir(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), 'data', 'pglite');
}

/** PostgreSQL's own default of max_parallel_workers_per_gather, for the work that is better with it. */
export const POSTGRES_DEFAULT_WORKERS = 2;

/**
 * Parallel workers one statement may ask PostgreSQL for: DATABASE_PARALLEL_WORKERS, none by default.
 * A page's statements are short and several run at once (a page's reads side by side, other users):
 * a worker started for one of them takes a core from another statement and costs its own start. At
 * a million invoices on 2 cores, a field officer's summary went from 46 to 36 ms, the segmentation
 * from 70 to 24 ms without workers (docs/benchmarks.md#parallel-workers); a server with many cores
 * and few users may give some back.
 */
export function parallelWorkers(): number {
  const n = Number(process.env.DATABASE_PARALLEL_WORKERS ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in dataDir (or in memory for 'memory://').
 * `parallelWorkers` overrides DATABASE_PARALLEL_WORKERS (the benchmark's baseline runs at PostgreSQL's own default).
 */
export async function openDatabase(
  options: { url?: string; dataDir?: string; parallelWorkers?: number } = {},
): Promise<Database> {
  if (options.url) {
    const [{ Pool }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const workers = options.parallelWorkers ?? parallelWorkers();
    const pool = new Pool({
      connectionString: options.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // JIT compilation costs seconds on our short analytical queries and never pays back.
      options: `-c jit=off -c max_parallel_workers_per_gather=${workers}`,
    });
    // An idle connection dropped by the server (restart, admin shutdown 57P01) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('[db] idle connection error:', error.message);
    });
    return { db: drizzle(pool, drizzleOptions) as Db, kind: 'postgres', close: () => pool.end() };
  }
  const [{ PGlite }, { drizzle }, { pg_trgm }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  const dataDir = options.dataDir ?? defaultDataDir();
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the invoice-number search index and btree_gist the ageing history's, as on the PostgreSQL server.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gist } });
  // Tells the command-line tools that this process has the directory open (see data-dir-lock.ts).
  const release = dataDir.startsWith('memory://') ? () => {} : claimDataDir(dataDir);
  return {
    db: drizzle(client, drizzleOptions) as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

// PGlite is single-connection: one instance per process, kept on globalThis so that dev-server
// module reloads reuse it instead of opening the data directory twice.
const holder = globalThis as typeof globalThis & { __receivablesDb?: Promise<Database> };

/** The process-wide database the app and the API use. */
export function getDatabase(): Promise<Database> {
  holder.__receivablesDb ??= openDatabase({ url: process.env.DATABASE_URL });
  return holder.__receivablesDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Tests install their own database (in-memory PGlite or a scratch PostgreSQL database). */
export function installDatabase(database: Database): void {
  holder.__receivablesDb = Promise.resolve(database);
}
