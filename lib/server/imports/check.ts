import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ImportKind } from './formats';

/** A check of the batch: one SQL statement over the staging tables, reported in a file's column. */
export interface Check {
  kind: ImportKind;
  column: string;
  /** Selects (line, reason) of the offending rows. */
  query: SQL;
  /**
   * Statements run just before the query (and so again in each round of skipping): a temporary
   * table of sums with statistics, where the planner would guess an aggregate at 200 rows and look
   * each of a million rows up by index.
   */
  prepare?: SQL[];
}

/** Rows of a file repeating the keys of an earlier row (`good`: among the rows still good). */
export function duplicates(kind: ImportKind, keys: string[], label: string, good: boolean): Check {
  // Constant identifiers only: safe to write as raw SQL.
  const value = keys.map((k) => `${k}::text`).join(` || ' ' || `);
  return {
    kind,
    column: keys[0]!,
    query: sql.raw(`select line, '${label} ' || value || ' also on line ' || first_line as reason from (
      select line, ${value} as value, min(line) over (partition by ${keys.join(', ')}) as first_line
      from import_${kind} where ${keys.map((k) => `${k} is not null`).join(' and ')}${good ? ' and ok' : ''}) d
      where line <> first_line`),
  };
}
