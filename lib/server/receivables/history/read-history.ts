import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  AGEING_COLUMNS,
  AMOUNT_KEYS,
  COUNT_KEYS,
  column,
  ratingOfTerms,
  type AmountKey,
  type CountKey,
} from '../ageing-columns';
import type { HistoryLevel } from './levels';

/** The figures the history keeps as they are (the ageing row, rated receivables, open and listed obligors, overall risk's terms). */
const KEPT = sql.join(
  [
    ...AGEING_COLUMNS,
    'low_rated',
    'med_rated',
    'high_rated',
    'rated_balance',
    'open_obligors',
    'listed_obligors',
    'family_rating_sum',
    'rated_families',
  ].map((c) => sql`h.${sql.identifier(c)}`),
  sql`, `,
);

/** Every amount and count of a history row `h`, named as the API names them (ageing-columns.ts). */
export const HISTORY_FIGURES = sql.join(
  [...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => sql`h.${column(k)} as ${sql.identifier(k)}`),
  sql`, `,
);

/**
 * The rows of one level of the ageing history as of `asOf`, in the columns of a rollup row: every
 * bucket with its count, outstanding, overdue, `invoiced` and `paid` in the month of the date up to
 * it, `sales12m` over the 12 months up to it, `unallocated` receipts, rated receivables by class, the weighted rating and
 * its rated balance, open and listed obligors, and `key` (the family code, the dim value id, or ''
 * for the client): one read of the `valid` index. `keys` (a query of keys) limits it to some.
 */
export function historyAt(clientId: number, level: HistoryLevel, asOf: string, keys?: SQL): SQL {
  return sql`(
    select h.key, ${KEPT}, ${ratingOfTerms(sql`h.rated_num`, sql`h.rated_balance`)}::float8 as weighted_rating
    from ageing_history h
    where h.client_id = ${clientId} and h.level = ${level} and h.valid @> ${asOf}::date
      ${keys ? sql`and h.key in (${keys})` : sql``})`;
}

/**
 * True when the client's ageing history answers `asOf`: it was built from the current ledger (the
 * integration update time it records is the client's; refresh-history.ts) and reaches that date
 * (from the first document on, and into the future, where open items keep ageing).
 */
export function historyCovers(clientId: number, asOf: string): SQL {
  return sql`(exists (select 1 from data_update_times t where t.client_id = ${clientId}
      and t.history_ledger_time is not distinct from t.integration_update_time and t.history_ledger_time is not null)
    and exists (select 1 from ageing_history h where h.client_id = ${clientId} and h.level = 'client' and h.valid @> ${asOf}::date))`;
}

/**
 * True when the history's collector levels were built with the current assignments of customers
 * to field officers and area sales managers (a reassignment outside an import moves customers
 * between collectors without a ledger change).
 */
export function historyAssignmentsCurrent(clientId: number): SQL {
  return sql`coalesce((select t.history_assignments_at is not distinct from t.assignments_changed_at
    from data_update_times t where t.client_id = ${clientId}), true)`;
}

/**
 * The families with receivables at `asOf` from the history, in the columns of a family rollup row
 * (ageing-query.ts familyRollup): the family list of any date, one indexed read of a few thousand rows.
 */
export function familiesAt(clientId: number, asOf: string): SQL {
  return sql`(select h.key as "sysObligorCode", ${HISTORY_FIGURES},
      h.low_rated as "lowRatedReceivables", h.med_rated as "medRatedReceivables", h.high_rated as "highRatedReceivables",
      h.weighted_rating as "obligorWeightedRating", h.rated_balance as "ratedBalance", h.open_obligors as "openObligors"
    from ${historyAt(clientId, 'family', asOf)} h where h.listed_obligors > 0)`;
}

/**
 * The families of some obligors at `asOf` from the history, in the columns of a family rollup row:
 * `conditions` on an obligors row `r` (a collector's scope, a dimension value) pick the obligors;
 * each one's row in force at the date is read by key (the obligor rows' own index: the latest row
 * from that day back) and they are summed per family. A family is listed when one of those
 * obligors has receivables at the date, as the ledger computation lists it. A field officer's
 * 5,000 customers are 5,000 index probes instead of their 100,000 documents. `figures`: only these
 * amounts (a ranking that needs one figure; every column otherwise).
 */
export function familiesOfObligorsAt(
  clientId: number,
  asOf: string,
  conditions: SQL[],
  figures?: readonly AmountKey[],
): SQL {
  return obligorRowsAt(
    clientId,
    asOf,
    conditions,
    sql`coalesce(r.parent_sys_obligor_code, r.sys_obligor_code)`,
    figures,
  );
}

/**
 * The rows of some obligors at `asOf` from the history, one per obligor, in the columns of obligor
 * rows grouped per obligor (list-receivables.ts groupedRows): one family's accounts of any date, each
 * read by key as `familiesOfObligorsAt` reads them, instead of the family's items and their
 * settlements since the date. `conditions` on an obligors row `r` pick them.
 */
export function obligorsAt(clientId: number, asOf: string, conditions: SQL[]): SQL {
  return obligorRowsAt(clientId, asOf, conditions, sql`r.sys_obligor_code`);
}

/** The history's obligor rows in force at `asOf` of the obligors `conditions` pick, summed per `key`. */
function obligorRowsAt(
  clientId: number,
  asOf: string,
  conditions: SQL[],
  key: SQL,
  figures?: readonly AmountKey[],
): SQL {
  const summed = figures ?? [...AMOUNT_KEYS, ...COUNT_KEYS];
  const sums = summed.map((k) =>
    COUNT_KEYS.includes(k as CountKey)
      ? sql`sum(h.${column(k)})::int as ${sql.identifier(k)}`
      : sql`sum(h.${column(k)}) as ${sql.identifier(k)}`,
  );
  const risk = figures
    ? sql``
    : sql`, sum(h.low_rated) as "lowRatedReceivables", sum(h.med_rated) as "medRatedReceivables", sum(h.high_rated) as "highRatedReceivables",
      ${ratingOfTerms(sql`sum(h.rated_num)`, sql`sum(h.rated_balance)`)}::float8 as "obligorWeightedRating",
      sum(h.rated_balance) as "ratedBalance", sum(h.open_obligors)::int as "openObligors"`;
  return sql`(select ${key} as "sysObligorCode", ${sql.join(sums, sql`, `)}${risk}
    from obligors r cross join lateral (
      select * from ageing_history h
      where h.client_id = ${clientId} and h.level = 'obligor' and h.key = r.sys_obligor_code and h.from_day <= ${asOf}::date
      order by h.from_day desc limit 1) h
    where r.client_id = ${clientId} and h.listed_obligors > 0${sql.join(
      conditions.map((c) => sql` and ${c}`),
      sql``,
    )}
    group by 1)`;
}

/**
 * What some obligors (`members`, a query of their codes) owed at the end of `asOf`, net of receipts
 * not yet allocated: each one's row in force at the date, read by key as `obligorRowsAt` reads
 * them. An obligor without a row owed nothing. A scalar query.
 */
export function obligorsBalanceAt(clientId: number, asOf: string, members: SQL): SQL {
  return sql`(select coalesce(sum(h.outstanding + h.unallocated), 0)
    from obligors r cross join lateral (
      select h.outstanding, h.unallocated from ageing_history h
      where h.client_id = ${clientId} and h.level = 'obligor' and h.key = r.sys_obligor_code and h.from_day <= ${asOf}::date
      order by h.from_day desc limit 1) h
    where r.client_id = ${clientId} and r.sys_obligor_code in ${members})`;
}

/**
 * One page of `familiesOfObligorsAt` in `rank.order` (which names `rank.figure` alone), with the
 * number of families in `total`: the families are ranked on that one figure, then only the page's
 * families are summed whole. Summing every column of a few thousand families costs as much again
 * as the probes that read them.
 */
export function familyPageOfObligorsAt(
  clientId: number,
  asOf: string,
  conditions: SQL[],
  rank: { figure: AmountKey; order: SQL; page: SQL },
): SQL {
  const ranked = sql`select g."sysObligorCode", count(*) over () as total
    from ${familiesOfObligorsAt(clientId, asOf, conditions, [rank.figure])} g ${rank.order} ${rank.page}`;
  const inPage = sql`coalesce(r.parent_sys_obligor_code, r.sys_obligor_code) in (select p."sysObligorCode" from ranked p)`;
  return sql`(with ranked as (${ranked})
    select g.*, p.total from ${familiesOfObligorsAt(clientId, asOf, [...conditions, inPage])} g
    join ranked p on p."sysObligorCode" = g."sysObligorCode")`;
}

/**
 * The client's totals at `asOf` from the history, in the columns of the summary's totals: one row
 * read three times (the date, the month before, 12 months back). Overall risk is the mean of the
 * families' weighted ratings, kept as their sum and count on each client row. `collector`: a
 * field officer's or area sales manager's customers instead (their level's row, no row when they
 * hold none: zeros).
 */
export function clientTotalsAt(
  clientId: number,
  asOf: string,
  collector?: { level: 'guest' | 'representative'; userId: number },
): SQL {
  const rows = collector
    ? sql`(select 1) one left join ${historyAt(clientId, collector.level, asOf, sql`${String(collector.userId)}`)} h on true`
    : sql`${historyAt(clientId, 'client', asOf)} h`;
  // coalesce: a collector without a row holds nothing.
  const figure = (value: SQL, name: string) => sql`coalesce(${value}, 0) as ${sql.identifier(name)}`;
  return sql`select ${sql.join(
    [...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => figure(sql`h.${column(k)}`, k)),
    sql`, `,
  )},
      ${figure(sql`h.low_rated`, 'lowRatedReceivables')}, ${figure(sql`h.med_rated`, 'medRatedReceivables')},
      ${figure(sql`h.high_rated`, 'highRatedReceivables')}, h.weighted_rating as "obligorWeightedRating",
      round(h.family_rating_sum / nullif(h.rated_families, 0), 1)::float8 as "overallRisk",
      ${figure(sql`h.open_obligors`, 'openObligors')}
    from ${rows}`;
}
