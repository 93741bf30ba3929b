import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TReceivablesQuery, TSummaryQuery } from '@/lib/contract/receivables';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { todayIso } from '@/lib/domain/dates';
import { ratingLabel } from '@/lib/domain/rating';
import { getClient } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/api/errors';
import {
  AMOUNT_KEYS, COUNT_KEYS, column, GROUP_COLUMNS, summedColumns, type AmountKey, type CountKey,
} from './ageing-columns';
import { ageingSource, familyRollup, obligorConditions, whereAll } from './ageing-query';

const RATED_KEYS = ['lowRatedReceivables', 'medRatedReceivables', 'highRatedReceivables'];
const NUMBER_KEYS = [...AMOUNT_KEYS, ...COUNT_KEYS, ...RATED_KEYS, 'ratedBalance', 'total'];

type RatedKey = 'lowRatedReceivables' | 'medRatedReceivables' | 'highRatedReceivables';
type Sums = { [K in AmountKey | CountKey | RatedKey]: number } & { obligorWeightedRating: number | null };

/** The Receivable entity of the spec (amounts in the client currency). */
export interface ReceivableRow extends Omit<Sums, 'invoiced'> {
  sysObligorCode: string;
  parentSysObligorCode: string;
  name: string;
  rating: ReturnType<typeof ratingLabel>;
  balance: number;
  receivables: number;
  date: string;
  dim1: string | null;
  dimId: number | null;
}

function toNumbers(row: Record<string, unknown>): Sums & Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const key of NUMBER_KEYS) if (out[key] != null) out[key] = Number(out[key]);
  return out as Sums & Record<string, unknown>;
}

const SORT_COLUMNS: Record<TReceivablesQuery['sortBy'], SQL> = {
  name: sql`o.name`,
  balance: sql`g.outstanding`,
  receivables: sql`g.invoiced`,
  obligorWeightedRating: sql`g."obligorWeightedRating"`,
  ...Object.fromEntries(['current', 'crdBucket1', 'crdBucket2', 'crdBucket3', 'crdBucket4', 'invBucket1', 'invBucket2',
    'invBucket3', 'invBucket4', 'outstanding', 'overdue', 'paid'].map((k) => [k, sql`g.${sql.identifier(k)}`])),
} as Record<TReceivablesQuery['sortBy'], SQL>;

/**
 * GET /v4/clients/receivables: one row per parent obligor; with parentSysObligorCode one row per
 * obligor of that family; with sysObligorCode that obligor. Paged and sorted in SQL.
 */
export async function listReceivables(db: Db, clientId: number, query: TReceivablesQuery & { scope?: ObligorScope }) {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayIso();
  const boundaries = { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 };
  const byFamily = !query.parentSysObligorCode && !query.sysObligorCode;
  const grouped = (byFamily ? await familyRollup(db, clientId, asOf, query) : null)
    ?? await groupedRows(db, clientId, asOf, boundaries, query);
  const where = query.ageingFilter ? sql`where g.${sql.identifier(query.ageingFilter)} <> 0` : sql``;
  const direction = query.order === 'ASC' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select g.*, o.name, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as "parentSysObligorCode",
      o.dim1_id as "dimId", dv.name as dim1, count(*) over () as total
    from ${grouped} g
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = g."sysObligorCode"
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = o.dim1_id
    ${where}
    order by ${SORT_COLUMNS[query.sortBy]} ${direction} nulls last, g."sysObligorCode"
    limit ${query.count} offset ${(query.offset - 1) * query.count}`);
  const total = rows.length ? Number(rows[0]!.total) : await countRows(db, grouped, where);
  return { total, rows: rows.map((row) => toReceivable(row, asOf)) };
}

/** Obligor rows grouped per family, per obligor of a family, or for one obligor. */
export async function groupedRows(
  db: Db, clientId: number, asOf: string, boundaries: AgeingBoundaries, query: TReceivablesQuery & { scope?: ObligorScope },
): Promise<SQL> {
  const source = await ageingSource(db, clientId, asOf, boundaries, query);
  const conditions = obligorConditions(clientId, query);
  let key = sql`r.family_code`;
  if (query.parentSysObligorCode) {
    key = sql`r.sys_obligor_code`;
    conditions.push(sql`r.family_code = ${query.parentSysObligorCode}`);
  }
  if (query.sysObligorCode) {
    key = sql`r.sys_obligor_code`;
    conditions.push(sql`r.sys_obligor_code = ${query.sysObligorCode}`);
  }
  return sql`(select ${key} as "sysObligorCode", ${summedColumns()}, ${GROUP_COLUMNS}
    from ${source} ${whereAll(conditions)} group by ${key})`;
}

/** A page past the end still reports the real total. */
async function countRows(db: Db, grouped: SQL, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(*) as n from ${grouped} g ${where}`);
  return Number(row?.n ?? 0);
}

function toReceivable(raw: Record<string, unknown>, asOf: string): ReceivableRow {
  const { total: _total, invoiced, ratedBalance: _rated, openObligors: _open, ...row } = toNumbers(raw);
  const weighted = row.obligorWeightedRating;
  return {
    ...row,
    receivables: Number(invoiced),
    balance: Number(row.outstanding),
    rating: ratingLabel(weighted == null ? null : Math.round(weighted)),
    date: asOf,
  } as unknown as ReceivableRow;
}

/** GET /v4/clients/receivables/current/summary: the client-level total as of the date. */
export async function receivablesSummary(db: Db, clientId: number, query: TSummaryQuery & { scope?: ObligorScope }) {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayIso();
  const boundaries = { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 };
  const families = await familyRollup(db, clientId, asOf, query)
    ?? await groupedRows(db, clientId, asOf, boundaries, { ...query, sortBy: 'balance', order: 'DESC', offset: 1, count: 1 });
  const amounts = [...AMOUNT_KEYS, ...COUNT_KEYS, ...RATED_KEYS].map((k) =>
    sql`coalesce(sum(g.${sql.identifier(k)}), 0)${COUNT_KEYS.includes(k as CountKey) ? sql`::int` : sql`::numeric(18,2)`} as ${sql.identifier(k)}`);
  // Overall risk: the mean of the parent obligors' weighted ratings, to 1 decimal (spec section 9).
  const [totals] = await queryRows<Record<string, unknown>>(db, sql`
    select ${sql.join(amounts, sql`, `)},
      (sum(g."obligorWeightedRating" * g."ratedBalance") / nullif(sum(g."ratedBalance"), 0))::float8 as "obligorWeightedRating",
      round(avg(g."obligorWeightedRating")::numeric, 1)::float8 as "overallRisk",
      coalesce(sum(g."openObligors"), 0)::int as "openObligors"
    from ${families} g`);
  if (!totals) throw notFound('Receivables');
  const { invoiced, ...sums } = toNumbers(totals);
  return {
    ...sums,
    receivables: Number(invoiced),
    balance: Number(sums.outstanding),
    overallRisk: totals.overallRisk as number | null,
    openObligors: Number(totals.openObligors),
    date: asOf,
    currency: client.currency,
  };
}
