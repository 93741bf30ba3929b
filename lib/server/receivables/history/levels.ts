import { sql, type SQL } from 'drizzle-orm';

/**
 * The groups of obligors the ageing history keeps figures for: the client as a whole, each family
 * (parent obligor), each value of dim1..dim3 (0: customers without one), each collector's
 * customers: a field officer's (guest, keyed by the user's id) and an area sales manager's
 * (representative), and each obligor on its own (keyed by its code): a list of some customers'
 * families (a collector's, a region's) at any date sums their obligor rows, read by key. A reassignment (manage customers) changes a collector's customers without a
 * ledger change, so the collector levels answer only while the history was built with the current
 * assignments (`assignments_changed_at`, refresh-history.ts); the others need the current ledger only.
 * Not a collector's families as levels of their own: each collector kind would add a level as large
 * as the obligors' one, which serves every collector and every dimension value at once.
 */
export const HISTORY_LEVELS = [
  'client',
  'family',
  'dim1',
  'dim2',
  'dim3',
  'guest',
  'representative',
  'obligor',
] as const;
export type HistoryLevel = (typeof HISTORY_LEVELS)[number];

/** The collector levels: the history row of a scoped user's own customers. */
export const SCOPE_LEVELS = ['guest', 'representative'] as const satisfies readonly HistoryLevel[];

/** The key of an obligor at a level (obligors `o`); null leaves the obligor out of that level. */
export const LEVEL_KEY: Record<HistoryLevel, SQL> = {
  client: sql`''`,
  family: sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code)`,
  dim1: sql`coalesce(o.dim1_id, 0)::text`,
  dim2: sql`coalesce(o.dim2_id, 0)::text`,
  dim3: sql`coalesce(o.dim3_id, 0)::text`,
  guest: sql`o.guest_id::text`,
  representative: sql`o.representative_id::text`,
  obligor: sql`o.sys_obligor_code`,
};
