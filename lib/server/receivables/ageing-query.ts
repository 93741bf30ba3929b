import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { RISK_CLASS_RATING, type RiskClass } from '@/lib/domain/filters';
import { splitRiskSalesSegment, type RiskSalesSegment, type SalesSegment } from '@/lib/domain/segments';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { ownScopeCondition, scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { ageingRowsSql, hasItemFilters, type ItemFilters } from './ageing-source';
import { AMOUNT_KEYS, COUNT_KEYS, column, type AmountKey } from './ageing-columns';
import type { AgeingView } from './ageing-view';
import { noteSource } from '@/lib/server/observability/figure-sources';
import { familiesAt, familiesOfObligorsAt, familyPageOfObligorsAt, obligorsAt } from './history/read-history';

export interface ObligorFilters {
  dim1Id?: number;
  dim2Id?: number;
  dim3Id?: number;
  salesSegment?: SalesSegment;
  riskSalesSegment?: RiskSalesSegment;
  risk?: RiskClass;
  /** The signed-in user's row-level scope; absent means every obligor of the client. */
  scope?: ObligorScope;
}

/**
 * Per-obligor ageing rows as of the view's date, aliased `r`: the rollup when one exists for that
 * date and no item-level filter applies, otherwise computed from the ledger. Either way the same columns.
 * `onlyObligors` (a query of codes) lets the ledger read only those customers' items; their sales
 * segments then rank among themselves, so a caller filtering by segment must not pass it.
 */
export function ageingSource(view: AgeingView, itemFilters: ItemFilters = {}, onlyObligors?: SQL): SQL {
  if (view.hasRollups && !hasItemFilters(itemFilters)) {
    noteSource('obligors', 'rollup');
    return sql`(select * from obligor_ageing where client_id = ${view.clientId} and as_of_date = ${view.asOf}::date) r`;
  }
  noteSource('obligors', 'ledger');
  return sql`(${ageingRowsSql(view.clientId, view.asOf, view.boundaries, itemFilters, onlyObligors)}) r`;
}

function riskCondition(risk: RiskClass): SQL {
  const rating = RISK_CLASS_RATING[risk];
  return rating === null ? sql`r.rating is null` : sql`r.rating = ${rating}`;
}

/** Conditions on the dimension values of `r` (an ageing source or an obligors row: both name them alike). */
function dimensionConditions(filters: ObligorFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.dim1Id) parts.push(sql`r.dim1_id = ${filters.dim1Id}`);
  if (filters.dim2Id) parts.push(sql`r.dim2_id = ${filters.dim2Id}`);
  if (filters.dim3Id) parts.push(sql`r.dim3_id = ${filters.dim3Id}`);
  return parts;
}

/**
 * Conditions on the obligor columns of an ageing source `r`, the user's scope included. A scope is
 * read twice on purpose: the row's own collector column lets PostgreSQL read a collector's rows of
 * the day by an index (obligor_ageing_guest) instead of every row of the day; the customers'
 * current assignment (scopeCondition) keeps the answer right should a rollup row lag behind a
 * reassignment, so that a stale row can hide a customer but never show another collector's.
 */
export function obligorConditions(clientId: number, filters: ObligorFilters): SQL[] {
  const parts: SQL[] = [];
  const scope = scopeCondition(clientId, filters.scope, sql`r.sys_obligor_code`);
  const own = ownScopeCondition(filters.scope, sql`r`);
  if (own) parts.push(own);
  if (scope) parts.push(scope);
  parts.push(...dimensionConditions(filters));
  if (filters.salesSegment) parts.push(sql`r.sales_segment = ${filters.salesSegment}`);
  if (filters.riskSalesSegment) {
    const { risk, salesSegment } = splitRiskSalesSegment(filters.riskSalesSegment);
    parts.push(riskCondition(risk), sql`r.sales_segment = ${salesSegment}`);
  }
  if (filters.risk) parts.push(riskCondition(filters.risk));
  return parts;
}

export function whereAll(parts: SQL[]): SQL {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * The families' figures when a stored level can answer (no item filter applies): with no obligor
 * filter, the family rollup for a rollup date, else the ageing history's families for any date it
 * covers; for some obligors (a collector's scope, a dimension value) on a date without rollups, the
 * history's obligor rows summed per family. The same columns as grouping obligor rows per family.
 * Filters on figures of the date (risk class, sales segment) need the ledger's obligor rows: null.
 */
export function familyRollup(view: AgeingView, filters: ObligorFilters & ItemFilters): SQL | null {
  if (readsFamilyRollupRows(view, filters)) {
    noteSource('families', 'rollup');
    return familyRollupRows(view);
  }
  if (hasItemFilters(filters)) return null;
  if (obligorConditions(view.clientId, filters).length > 0) {
    const some = obligorHistoryConditions(view, filters);
    if (some) noteSource('families', 'history');
    return some && familiesOfObligorsAt(view.clientId, view.asOf, some);
  }
  if (!view.hasHistory) return null;
  noteSource('families', 'history');
  return familiesAt(view.clientId, view.asOf);
}

/** True when `familyRollup` reads the family rollup rows of the date as stored (one row per family, no sums). */
export function readsFamilyRollupRows(view: AgeingView, filters: ObligorFilters & ItemFilters): boolean {
  return view.hasRollups && !hasItemFilters(filters) && obligorConditions(view.clientId, filters).length === 0;
}

function familyRollupRows(view: AgeingView): SQL {
  const amounts = [...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => sql`f.${column(k)} as ${sql.identifier(k)}`);
  return sql`(select f.family_code as "sysObligorCode", ${sql.join(amounts, sql`, `)},
      f.low_rated as "lowRatedReceivables", f.med_rated as "medRatedReceivables", f.high_rated as "highRatedReceivables",
      f.weighted_rating as "obligorWeightedRating", f.rated_balance as "ratedBalance",
      f.open_obligors as "openObligors"
    from family_ageing f where f.client_id = ${view.clientId} and f.as_of_date = ${view.asOf}::date)`;
}

/**
 * The conditions on an obligors row `r` of the obligor filters (a collector's scope, dimension
 * values) when the obligors' rows of the ageing history can answer: a date without rollups that the
 * history covers, no filter on the date's figures or items. Null otherwise; empty without filters.
 */
function historyObligorConditions(view: AgeingView, filters: ObligorFilters & ItemFilters): SQL[] | null {
  if (hasItemFilters(filters) || view.hasRollups || !view.hasHistory) return null;
  if (filters.risk || filters.salesSegment || filters.riskSalesSegment) return null;
  // On the obligors row itself: the scope by its own column (an index), not a self-join.
  const scope = ownScopeCondition(filters.scope, sql`r`);
  return [...(scope ? [scope] : []), ...dimensionConditions(filters)];
}

/** `historyObligorConditions` when some filter picks obligors (the family list of some customers). */
function obligorHistoryConditions(view: AgeingView, filters: ObligorFilters & ItemFilters): SQL[] | null {
  const some = historyObligorConditions(view, filters);
  return some?.length ? some : null;
}

/**
 * One family's accounts (or one account) on a date the history answers: the history's obligor rows
 * of its members, read by key (read-history.ts obligorsAt), in the columns of `groupedRows`. Null
 * where the ledger must answer.
 */
export function obligorRollup(
  view: AgeingView,
  filters: ObligorFilters & ItemFilters & { parentSysObligorCode?: string; sysObligorCode?: string },
): SQL | null {
  const some = historyObligorConditions(view, filters);
  if (!some || (!filters.parentSysObligorCode && !filters.sysObligorCode)) return null;
  const members = [
    ...(filters.parentSysObligorCode
      ? [sql`coalesce(r.parent_sys_obligor_code, r.sys_obligor_code) = ${filters.parentSysObligorCode}`]
      : []),
    ...(filters.sysObligorCode ? [sql`r.sys_obligor_code = ${filters.sysObligorCode}`] : []),
  ];
  noteSource('accounts', 'history');
  return obligorsAt(view.clientId, view.asOf, [...members, ...some]);
}

/**
 * One page of the family list, with `total`, when it comes from the obligors' rows of the ageing
 * history (familyPageOfObligorsAt: ranked on the one figure its order names, then the page summed
 * whole); null on every other path, where the family rows are read whole anyway. No item filter
 * (a bucket, a document type) reaches this path.
 */
export function familyRollupPage(
  view: AgeingView,
  filters: ObligorFilters & ItemFilters,
  rank: { figure: AmountKey; order: SQL; page: SQL },
): SQL | null {
  const some = obligorHistoryConditions(view, filters);
  if (some) noteSource('families', 'history');
  return some && familyPageOfObligorsAt(view.clientId, view.asOf, some, rank);
}
