import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';

/** The as-of day and scale of the data set the seed tests write and check. */
export const TODAY = '2026-05-15';
export const SCALE = 0.05;

/** Raw rows from either driver, each parsed through its shape (lib/db/rows.ts). */
export const rows = queryRows;

/** The one row a check reads; a check that finds none is a broken query. */
export async function one<S extends z.ZodType>(db: Db, query: SQL, shape: S): Promise<z.output<S>> {
  const [first] = await queryRows(db, query, shape);
  if (!first) throw new Error('no row');
  return first;
}
