import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { ProvisionSegmentation } from '@/lib/contract/provision';
import { RATING_SEGMENT_NAMES, UNRATED_KEY } from '@/lib/domain/provision';
import { LEVEL_KEY, type HistoryLevel } from '@/lib/server/receivables/history/levels';

/**
 * How a matrix groups the customers: the history levels it reads as they are (the client, dim1..dim3),
 * or 'rating', each customer in the segment of its risk rating as of each date read (the history keeps
 * no rating level: a rating changes without a ledger change, so the obligors' rows are grouped by
 * the rating in force at the date). The level names the adjustments' rows too.
 */
export type SegmentLevel = Extract<HistoryLevel, 'client' | 'dim1' | 'dim2' | 'dim3'> | 'rating';

export const levelOf = (segment: ProvisionSegmentation): SegmentLevel =>
  segment === 'NONE' ? 'client' : segment === 'RATING' ? 'rating' : segment;

/**
 * A customer's segment key by its rating in force on `day` (the latest on or before it, as every
 * rating view reads it): '1'..'3', UNRATED_KEY without one.
 */
export function ratingKeyAt(clientId: number, code: SQL, day: SQL): SQL {
  return sql`coalesce((select r.rating::text from obligor_ratings r
    where r.client_id = ${clientId} and r.sys_obligor_code = ${code} and r.rating_date <= ${day}
    order by r.rating_date desc limit 1), ${UNRATED_KEY})`;
}

/** The key of an obligor (`o`) at a level, rated as of `day`. */
export function obligorKey(clientId: number, level: SegmentLevel, day: SQL): SQL {
  return level === 'rating' ? ratingKeyAt(clientId, sql`o.sys_obligor_code`, day) : LEVEL_KEY[level];
}

/** The same key on the rows of ageingRowsForDates, which carry the dimension ids and the rating of their date. */
export const LEDGER_KEY: Record<SegmentLevel, SQL> = {
  client: sql`''`,
  dim1: sql`coalesce(r.dim1_id, 0)::text`,
  dim2: sql`coalesce(r.dim2_id, 0)::text`,
  dim3: sql`coalesce(r.dim3_id, 0)::text`,
  rating: sql`coalesce(r.rating::text, ${UNRATED_KEY})`,
};

/** The segments' names: 'All customers', each dimension value's name (0: none), or each rating's. */
export async function segmentNames(
  db: Db,
  clientId: number,
  segment: ProvisionSegmentation,
): Promise<Map<string, string>> {
  if (segment === 'NONE') return new Map([['', 'All customers']]);
  if (segment === 'RATING') return new Map(Object.entries(RATING_SEGMENT_NAMES));
  const level = Number(segment.slice(3));
  const rows = await queryRows(
    db,
    sql`select id::text as key, name from dimension_values where client_id = ${clientId} and dim_level = ${level}`,
    row({ key: col.text, name: col.text }),
  );
  return new Map([['0', '(none)'], ...rows.map((r) => [r.key, r.name] as [string, string])]);
}
