import type { SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/** The as-of day and scale of the data set the seed tests write and check. */
export const TODAY = '2026-05-15';
export const SCALE = 0.05;

/** Raw rows from either driver (node-postgres and PGlite both answer { rows }). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function one<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}
