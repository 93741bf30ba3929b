import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { col, row } from '@/lib/db/rows';
import type { ZBucketFigures, ZRiskFigures } from '@/lib/contract/ageing';
import { BUCKET_KEYS, netBalanceOf } from '@/lib/domain/ageing';

/** Money columns of an ageing row (snake_case in SQL, camelCase in the API). */
export { BUCKET_KEYS };
export const AMOUNT_KEYS = [
  ...BUCKET_KEYS,
  'outstanding',
  'overdue',
  'invoiced',
  'paid',
  'sales12m',
  'unallocated',
] as const;
export const COUNT_KEYS = BUCKET_KEYS.map((k) => `${k}Num` as const);
export type AmountKey = (typeof AMOUNT_KEYS)[number];
export type CountKey = (typeof COUNT_KEYS)[number];

/** The same value (a codec, a zero) for each of `keys`. */
function columnsOf<K extends string, V>(keys: readonly K[], value: V): Record<K, V> {
  return Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>;
}

/**
 * The ageing row as SQL answers it under the API's names (summedColumns, HISTORY_FIGURES, the
 * rollups' columns): every bucket with its count, outstanding, overdue, invoiced, paid, sales12m
 * and unallocated.
 */
export const AgeingFigures = row({ ...columnsOf(AMOUNT_KEYS, col.num), ...columnsOf(COUNT_KEYS, col.int) });
export type AgeingFiguresRow = z.output<typeof AgeingFigures>;

/** A group's rated receivables by class, weighted rating, rated balance and open obligors (GROUP_COLUMNS). */
export const GroupFigures = row({
  lowRatedReceivables: col.num,
  medRatedReceivables: col.num,
  highRatedReceivables: col.num,
  obligorWeightedRating: col.num.nullable(),
  ratedBalance: col.num,
  openObligors: col.int,
});

/** An ageing row grouped per family, obligor or dimension value: its figures and its group's. */
export const GroupedAgeingRow = AgeingFigures.extend(GroupFigures.shape);

/** Every figure of an ageing row at zero: a date or a group without rows. */
export const NO_FIGURES: AgeingFiguresRow = AgeingFigures.parse({
  ...columnsOf(AMOUNT_KEYS, 0),
  ...columnsOf(COUNT_KEYS, 0),
});

type BucketFigures = z.infer<typeof ZBucketFigures>;
type Amounts = BucketFigures & Record<Exclude<AmountKey, keyof BucketFigures>, number> & { netBalance: number };

/**
 * The amounts and counts of an ageing row alone (a row may hold other columns too): every bucket
 * with its count, outstanding, overdue, invoiced, paid, sales12m, unallocated, and the net balance
 * from them.
 */
export function ageingAmounts(figures: AgeingFiguresRow): Amounts {
  const out: Record<string, number> = {};
  for (const key of [...AMOUNT_KEYS, ...COUNT_KEYS]) out[key] = figures[key];
  return { ...(out as BucketFigures & Record<AmountKey, number>), netBalance: netBalanceOf(figures) };
}

/** Rated receivables by class and the weighted rating of a grouped row, as the API gives them. */
export function riskFigures(group: z.infer<typeof ZRiskFigures>): z.infer<typeof ZRiskFigures> {
  const { lowRatedReceivables, medRatedReceivables, highRatedReceivables, obligorWeightedRating } = group;
  return { lowRatedReceivables, medRatedReceivables, highRatedReceivables, obligorWeightedRating };
}

export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function column(key: string) {
  return sql.identifier(snake(key));
}

/**
 * The ageing row's columns in SQL, in the order of the rollup and history tables: each bucket
 * with its count, then outstanding, overdue, invoiced, paid, sales12m and unallocated.
 */
export const AGEING_COLUMNS: readonly string[] = [
  ...BUCKET_KEYS.flatMap((k) => [k, `${k}Num`]),
  ...AMOUNT_KEYS.slice(BUCKET_KEYS.length),
].map(snake);

/** sum(...) of every amount and count column over a grouped ageing source aliased `r`. */
export function summedColumns(): SQL {
  const amounts = AMOUNT_KEYS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::numeric(18,2) as ${sql.identifier(k)}`);
  const counts = COUNT_KEYS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::int as ${sql.identifier(k)}`);
  return sql.join([...amounts, ...counts], sql`, `);
}

/** A row weighs in the weighted rating when it has a rating and owes something (spec section 9). */
export function weighsInRating(rating: SQL, balance: SQL): SQL {
  return sql`${rating} is not null and ${balance} > 0`;
}

/**
 * The balance-weighted rating of a group of rows, the one SQL form of it: each row with a rating
 * and a positive balance weighs its rating by that balance. Over obligor rows (their rating and
 * outstanding), or over groups already weighted (their weighted rating and rated balance: the same
 * sums, regrouped). Null when no row weighs in. The rule's TypeScript form is balanceWeightedRating()
 * in lib/domain/rating.ts (the family figures twin, tests/twins/families.twin.ts, holds them equal).
 */
export function weightedRating(rating: SQL, balance: SQL): SQL {
  const weighs = weighsInRating(rating, balance);
  return sql`(sum(${rating} * ${balance}) filter (where ${weighs})
    / nullif(sum(${balance}) filter (where ${weighs}), 0))::float8`;
}

/**
 * The weighted rating from the terms the ageing history keeps (its numerator, rating x balance, and
 * its rated balance, both summed over the rows that weigh in): their ratio, null without a rated
 * balance. The same rule as weightedRating, once the terms are kept.
 */
export function ratingOfTerms(ratedNum: SQL, ratedBalance: SQL): SQL {
  return sql`(${ratedNum} / nullif(${ratedBalance}, 0))`;
}

/** Per group: rated receivables by class, the balance-weighted rating, the rated balance, open obligors. */
export const GROUP_COLUMNS = sql`
  coalesce(sum(r.outstanding) filter (where r.rating = 1), 0)::numeric(18,2) as "lowRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 2), 0)::numeric(18,2) as "medRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 3), 0)::numeric(18,2) as "highRatedReceivables",
  ${weightedRating(sql`r.rating`, sql`r.outstanding`)} as "obligorWeightedRating",
  coalesce(sum(r.outstanding) filter (where ${weighsInRating(sql`r.rating`, sql`r.outstanding`)}), 0)::numeric(18,2) as "ratedBalance",
  count(*) filter (where r.outstanding <> 0)::int as "openObligors"`;
