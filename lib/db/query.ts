import 'server-only';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { POSTGRES_DEFAULT_WORKERS, type Db } from './client';

/**
 * Rows of a raw SQL query, each parsed through its declared shape (`row({...})` of lib/db/rows.ts):
 * the one place a raw row becomes a typed value. Both drivers answer an object with `rows`.
 */
export async function queryRows<S extends z.ZodType>(db: Db, query: SQL, shape: S): Promise<z.output<S>[]> {
  const result = await db.execute(query);
  return result.rows.map((r) => shape.parse(r));
}

/** The first row of a raw SQL query through its shape, or undefined when there is none. */
export async function queryRow<S extends z.ZodType>(db: Db, query: SQL, shape: S): Promise<z.output<S> | undefined> {
  const [first] = await queryRows(db, query, shape);
  return first;
}

/**
 * Independent reads, run together over the pool; inside a transaction (one connection) one after
 * another, as the connection would anyway (node-postgres queues them, and warns that it will stop).
 * Each read goes through the runner this answers, and Promise.all gathers them, typed one by one:
 *
 *   const run = together(db);
 *   const [a, b] = await Promise.all([run(() => readA(db)), run(() => readB(db))]);
 *
 * In a transaction a read starts when the one before it has finished; after one fails, the rest do
 * not start (the transaction is lost anyway) and answer its error.
 */
export function together(db: Db): <T>(read: () => Promise<T>) => Promise<T> {
  if (!is(db, PgTransaction)) return (read) => read();
  let previous: Promise<unknown> = Promise.resolve();
  return (read) => {
    const next = previous.then(read);
    previous = next;
    return next;
  };
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
