import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZBucketFigures } from '@/lib/contract/ageing';
import { CREDIT_BUCKETS, INVOICE_BUCKETS, netBalanceOf } from '@/lib/domain/ageing';

/** Money columns of an ageing row (snake_case in SQL, camelCase in the API). */
export const BUCKET_KEYS = [...CREDIT_BUCKETS, ...INVOICE_BUCKETS] as const;
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

type BucketFigures = z.infer<typeof ZBucketFigures>;
type Amounts = BucketFigures & Record<Exclude<AmountKey, keyof BucketFigures>, number> & { netBalance: number };

/**
 * The amount and count columns of a raw ageing row as numbers (numeric columns arrive as strings
 * from both drivers): every bucket with its count, outstanding, overdue, invoiced, paid, sales12m, unallocated,
 * and the net balance from them.
 */
export function ageingAmounts(row: Record<string, unknown>): Amounts {
  const out: Record<string, number> = {};
  for (const key of [...AMOUNT_KEYS, ...COUNT_KEYS]) out[key] = Number(row[key] ?? 0);
  out.netBalance = netBalanceOf({ outstanding: out.outstanding!, unallocated: out.unallocated! });
  return out as Amounts;
}

/** Rated receivables by class and the weighted rating of a raw grouped row (GROUP_COLUMNS). */
export function riskFigures(row: Record<string, unknown>) {
  const weighted = row.obligorWeightedRating;
  return {
    lowRatedReceivables: Number(row.lowRatedReceivables ?? 0),
    medRatedReceivables: Number(row.medRatedReceivables ?? 0),
    highRatedReceivables: Number(row.highRatedReceivables ?? 0),
    obligorWeightedRating: weighted == null ? null : Number(weighted),
  };
}

export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function column(key: string) {
  return sql.identifier(snake(key));
}

/** sum(...) of every amount and count column over a grouped ageing source aliased `r`. */
export function summedColumns(): SQL {
  const amounts = AMOUNT_KEYS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::numeric(18,2) as ${sql.identifier(k)}`);
  const counts = COUNT_KEYS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::int as ${sql.identifier(k)}`);
  return sql.join([...amounts, ...counts], sql`, `);
}

/** Per group: rated receivables by class, the balance-weighted rating, the rated balance, open obligors. */
export const GROUP_COLUMNS = sql`
  coalesce(sum(r.outstanding) filter (where r.rating = 1), 0)::numeric(18,2) as "lowRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 2), 0)::numeric(18,2) as "medRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 3), 0)::numeric(18,2) as "highRatedReceivables",
  (sum(r.rating * r.outstanding) filter (where r.rating is not null and r.outstanding > 0)
    / nullif(sum(r.outstanding) filter (where r.rating is not null and r.outstanding > 0), 0))::float8 as "obligorWeightedRating",
  coalesce(sum(r.outstanding) filter (where r.rating is not null and r.outstanding > 0), 0)::numeric(18,2) as "ratedBalance",
  count(*) filter (where r.outstanding <> 0)::int as "openObligors"`;
