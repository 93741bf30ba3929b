/**
 * The machine's single-core speed as the database sees it: milliseconds for a fixed CPU-bound
 * statement (5 million numeric additions, best of three). Virtual machines of one kind differ by a
 * factor of two or more, and one machine drifts by a third within minutes, so every figure of a run
 * (calls, throughput, import rate) is printed beside this one, taken before and after it: two runs
 * compare only next to it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { measure } from './timing';

export const REFERENCE_STATEMENT = 'select sum(g::numeric) from generate_series(1, 5000000) g';

export interface ReferenceMs {
  before: number;
  after: number;
}

export async function referenceStatementMs(db: Db): Promise<number> {
  const { timing } = await measure(() => db.execute(sql.raw(REFERENCE_STATEMENT)), { warmups: 0, iterations: 3 });
  return Math.round(timing.min);
}

export const referenceText = (r: ReferenceMs) =>
  `reference statement ${r.before.toLocaleString('en-US')} ms before, ${r.after.toLocaleString('en-US')} ms after`;
