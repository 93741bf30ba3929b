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
 * Who a pool of connections serves, and so how long its statements may wait. Requests must answer
 * or fail within seconds, whatever else holds a lock; background work (rollups, the ageing history,
 * forecast builds, reminders, imports, the daily job, the command-line tools) may take minutes, on
 * a small pool of its own so that it can never take the connections requests need.
 */
export type PoolRole = 'requests' | 'jobs';

export interface PoolLimits {
  /** Connections in the pool. */
  size: number;
  /** statement_timeout: the longest one statement may run. */
  statementMs: number;
  /** lock_timeout: the longest a statement waits for a lock another session holds. */
  lockMs: number;
  /** idle_in_transaction_session_timeout: a transaction left open without a statement is ended. */
  idleInTransactionMs: number;
  /** The longest a caller waits for a free connection of the pool (or to connect). */
  connectMs: number;
}

function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The limits of each pool: defaults here, the environment's DATABASE_* settings over them (docs/security.md). */
export function poolLimits(role: PoolRole): PoolLimits {
  if (role === 'requests') {
    return {
      size: envMs('DATABASE_POOL_SIZE', 10),
      statementMs: envMs('DATABASE_STATEMENT_TIMEOUT_MS', 15_000),
      lockMs: envMs('DATABASE_LOCK_TIMEOUT_MS', 5_000),
      idleInTransactionMs: 30_000,
      connectMs: envMs('DATABASE_CONNECT_TIMEOUT_MS', 10_000),
    };
  }
  return {
    size: envMs('DATABASE_JOB_POOL_SIZE', 2),
    statementMs: envMs('DATABASE_JOB_STATEMENT_TIMEOUT_MS', 30 * 60_000),
    lockMs: 60_000,
    idleInTransactionMs: 5 * 60_000,
    connectMs: 10 * 60_000,
  };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in dataDir (or in memory for 'memory://').
 * `role` sets the pool's size and time limits (default: background work, as the command-line tools
 * and tests do); `parallelWorkers` overrides DATABASE_PARALLEL_WORKERS (the benchmark's baseline runs
 * at PostgreSQL's own default).
 */
export async function openDatabase(
  options: { url?: string; dataDir?: string; parallelWorkers?: number; role?: PoolRole } = {},
): Promise<Database> {
  if (options.url) {
    const [{ Pool }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const workers = options.parallelWorkers ?? parallelWorkers();
    const role = options.role ?? 'jobs';
    const limits = poolLimits(role);
    const pool = new Pool({
      connectionString: options.url,
      max: limits.size,
      connectionTimeoutMillis: limits.connectMs,
      application_name: `receivables-${role}`,
      // JIT compilation costs seconds on our short analytical queries and never pays back.
      options: [
        '-c jit=off',
        `-c max_parallel_workers_per_gather=${workers}`,
        `-c statement_timeout=${limits.statementMs}`,
        `-c lock_timeout=${limits.lockMs}`,
        `-c idle_in_transaction_session_timeout=${limits.idleInTransactionMs}`,
      ].join(' '),
    });
    // An idle connection dropped by the server (restart, admin shutdown 57P01, a terminated backend)
    // must not crash the process: the pool replaces it on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('[db] idle connection error:', error.message);
    });
    // A connection lost while in use fails its statement (the request answers 503, wait-errors.ts) and
    // also emits 'error' on the client, which the pool listens to only while the client is idle: without
    // a listener of its own, that event would end the whole process.
    pool.on('connect', (client) => client.on('error', () => undefined));
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
// module reloads reuse it instead of opening the data directory twice; it serves requests and jobs.
const holder = globalThis as typeof globalThis & {
  __receivablesDb?: Promise<Database>;
  __receivablesJobDb?: Promise<Database>;
  __receivablesInstalled?: boolean;
};

/** The process-wide database pages and API calls use (the requests' pool on PostgreSQL). */
export function getDatabase(): Promise<Database> {
  holder.__receivablesDb ??= openDatabase({ url: process.env.DATABASE_URL, role: 'requests' });
  return holder.__receivablesDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * The database background work of the server uses: on PostgreSQL a pool of its own (DATABASE_JOB_POOL_SIZE,
 * longer limits), on PGlite the one instance.
 */
export function getJobDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL || holder.__receivablesInstalled) return getDatabase();
  holder.__receivablesJobDb ??= openDatabase({ url: process.env.DATABASE_URL, role: 'jobs' });
  return holder.__receivablesJobDb;
}

export async function getJobDb(): Promise<Db> {
  return (await getJobDatabase()).db;
}

/** Tests install their own database (in-memory PGlite or a scratch PostgreSQL database) for both. */
export function installDatabase(database: Database): void {
  holder.__receivablesDb = Promise.resolve(database);
  holder.__receivablesInstalled = true;
}
