import 'server-only';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { POSTGRES_DEFAULT_WORKERS, type Db } from './client';

/**
 * Rows of a raw SQL query, each parsed through its declared shape (`row({...})` of lib/db/rows.ts):
 * the one place a raw row becomes a typed value. Both drivers answer an object with `rows`.
 */
export async function queryRows<S extends z.ZodType>(db: Db, query: SQL, shape: S): Promise<z.output<S>[]>;
/** @deprecated Declare the row's shape (lib/db/rows.ts) instead of casting it. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]>;
export async function queryRows(db: Db, query: SQL, shape?: z.ZodType): Promise<unknown[]> {
  const result = await db.execute(query);
  if (!shape) return result.rows;
  return result.rows.map((r) => shape.parse(r));
}

/** The first row of a raw SQL query through its shape, or undefined when there is none. */
export async function queryRow<S extends z.ZodType>(db: Db, query: SQL, shape: S): Promise<z.output<S> | undefined> {
  const [first] = await queryRows(db, query, shape);
  return first;
}

/**
 * Runs independent reads together over the pool; inside a transaction (one connection) one after
 * another, as the connection would anyway (node-postgres queues them, and warns that it will stop).
 */
export async function together<T extends readonly unknown[]>(
  db: Db,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/**
 * Lets the statements of an import or a background rebuild (rollups, the ageing history, the seed)
 * use PostgreSQL's own default of parallel workers for the rest of the transaction: they scan the
 * whole ledger, one client at a time, where workers pay; the app's connections ask for none
 * (DATABASE_PARALLEL_WORKERS, lib/db/client.ts). PGlite has no workers and ignores it.
 */
export async function allowParallelWorkers(tx: Db): Promise<void> {
  await tx.execute(sql.raw(`set local max_parallel_workers_per_gather = ${POSTGRES_DEFAULT_WORKERS}`));
}
