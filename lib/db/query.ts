import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw SQL query; both drivers answer an object with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}
