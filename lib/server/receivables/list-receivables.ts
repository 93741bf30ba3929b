import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TReceivableRow, TReceivablesQuery, TReceivablesSummary, TSummaryQuery } from '@/lib/contract/receivables';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday, todayOf } from '@/lib/server/clients/client-day';
import { ratingLabel } from '@/lib/domain/rating';
import { getClient } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/domain-errors';
import { scopeCondition, scopeObligors } from '@/lib/server/obligors/obligor-scope';
import {
  AgeingFigures,
  ageingAmounts,
  AMOUNT_KEYS,
  BUCKET_KEYS,
  column,
  COUNT_KEYS,
  GROUP_COLUMNS,
  GroupedAgeingRow,
  GroupFigures,
  riskFigures,
  summedColumns,
  weightedRating,
  type AmountKey,
  type CountKey,
} from './ageing-columns';
import {
  ageingSource,
  familyRollup,
  familyRollupPage,
  obligorRollup,
  obligorConditions,
  readsFamilyRollupRows,
  whereAll,
  type ObligorFilters,
} from './ageing-query';
import { hasItemFilters, type ItemFilters } from './ageing-source';
import { clientTotalsAt } from './history/read-history';
import { noteSource } from '@/lib/server/observability/figure-sources';
import { ageingView, type AgeingView } from './ageing-view';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

const RATED_KEYS = ['lowRatedReceivables', 'medRatedReceivables', 'highRatedReceivables'];

/** A row of the list: a family's (or an obligor's) grouped figures with its names, disputes and the list's total. */
const ReceivableListRow = GroupedAgeingRow.extend({
  sysObligorCode: col.text,
  parentSysObligorCode: col.text,
  name: col.text,
  dimId: col.int.nullable(),
  dim1: col.text.nullable(),
  disputed: col.num,
  total: col.int,
});

/** The client-level totals of summaryTotals (a history row, or the families summed). */
const SummaryTotals = AgeingFigures.extend(GroupFigures.omit({ ratedBalance: true }).shape).extend({
  overallRisk: col.num.nullable(),
});

/** The stored figure each sort by a figure orders on (the weighted rating is a ratio of two). */
const SORT_FIGURES: Partial<Record<TReceivablesQuery['sortBy'], AmountKey>> = {
  balance: 'outstanding',
  receivables: 'invoiced',
  ...Object.fromEntries(([...BUCKET_KEYS, 'outstanding', 'overdue', 'paid'] as const).map((k) => [k, k])),
};

const SORT_COLUMNS: Record<TReceivablesQuery['sortBy'], SQL> = {
  name: sql`o.name`,
  obligorWeightedRating: sql`g."obligorWeightedRating"`,
  ...Object.fromEntries(Object.entries(SORT_FIGURES).map(([sort, figure]) => [sort, sql`g.${sql.identifier(figure)}`])),
} as Record<TReceivablesQuery['sortBy'], SQL>;

/**
 * GET /v4/clients/receivables: one row per parent obligor; with parentSysObligorCode one row per
 * obligor of that family; with sysObligorCode that obligor. Paged and sorted in SQL.
 */
export async function listReceivables(
  db: Db,
  clientId: number,
  query: TReceivablesQuery & { scope?: ObligorScope },
): Promise<{ total: number; rows: TReceivableRow[] }> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const view = await ageingView(db, clientId, asOf);
  const byFamily = !query.parentSysObligorCode && !query.sysObligorCode;
  const grouped = (byFamily ? familyRollup(view, query) : obligorRollup(view, query)) ?? groupedRows(view, query);
  const where = query.ageingFilter ? sql`where g.${sql.identifier(query.ageingFilter)} <> 0` : sql``;
  const direction = query.order === 'ASC' ? sql`asc` : sql`desc`;
  const order = sql`order by ${SORT_COLUMNS[query.sortBy]} ${direction} nulls last, g."sysObligorCode"`;
  const page = sql`limit ${query.count} offset ${(query.offset - 1) * query.count}`;
  // Sorted by a figure, the page is cut from the figures alone and only its rows meet the
  // customers, their dimension and disputes (5,000 families' joins cost more than the page).
  const byFigure = query.sortBy !== 'name';
  const sortFigure = SORT_FIGURES[query.sortBy];
  // A collector's (or a dimension value's) families are ranked on the one figure the order names
  // before the page's families are summed whole. A bucket filter needs that bucket of every family
  // too: such a list is summed whole, then filtered.
  const rank = sortFigure && !query.ageingFilter && { figure: sortFigure, order, page };
  const ranked =
    byFamily && rank ? (familyRollupPage(view, query, rank) ?? someFamiliesRollupPage(view, query, rank)) : null;
  // The stored family rows are counted on their own (an index count, about 1 ms): a window count
  // would keep all 5,000 wide rows to count them (8 ms at a million invoices) where the page reads
  // ten. Rows summed on the fly are counted by the window, not summed twice.
  const counted =
    byFamily && readsFamilyRollupRows(view, query)
      ? sql`(select count(*) from ${grouped} g ${where})`
      : sql`count(*) over ()`;
  const figurePage = ranked ?? sql`(select g.*, ${counted} as total from ${grouped} g ${where} ${order} ${page})`;
  const rows = await queryRows(
    db,
    sql`
    select g.*, o.name, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as "parentSysObligorCode",
      o.dim1_id as "dimId", dv.name as dim1, coalesce(ds.disputed, 0) as disputed${byFigure ? sql`` : sql`, count(*) over () as total`}
    from ${byFigure ? figurePage : grouped} g
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = g."sysObligorCode"
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = o.dim1_id
    left join ${disputedBy(clientId, byFamily, query.scope, asOf)} ds on ds.code = g."sysObligorCode"
    ${byFigure ? sql`` : where}
    ${order}
    ${byFigure ? sql`` : page}`,
    ReceivableListRow,
  );
  const total = rows.length ? rows[0]!.total : await countRows(db, grouped, where);
  return { total, rows: rows.map((row) => toReceivable(row, asOf)) };
}

/**
 * The amounts of the disputes open on `asOf` per family (or per obligor): disputes are few, so they
 * are summed whole and joined to the page's rows. A scoped user counts only their own customers' disputes.
 */
function disputedBy(clientId: number, byFamily: boolean, scope: ObligorScope | undefined, asOf: string): SQL {
  const key = byFamily ? sql`coalesce(dob.parent_sys_obligor_code, dob.sys_obligor_code)` : sql`d.sys_obligor_code`;
  const inScope = scopeCondition(clientId, scope, sql`d.sys_obligor_code`);
  return sql`(select ${key} as code, sum(d.amount) as disputed from disputes d
    join obligors dob on dob.client_id = d.client_id and dob.sys_obligor_code = d.sys_obligor_code
    where d.client_id = ${clientId} and ${disputeOpenOn('d', sql`${asOf}`)}${inScope ? sql` and ${inScope}` : sql``}
    group by 1)`;
}

/**
 * One page of the families of some obligors (a collector's customers, a dimension value, a risk
 * class) on a rollup date, with `total`: the families are ranked on the one figure the order names,
 * then only the page's families are summed whole, as on the history's path (read-history.ts
 * familyPageOfObligorsAt). Summing every column of a field officer's 2,000 families cost a quarter
 * of the call. Null on every other path.
 */
function someFamiliesRollupPage(
  view: AgeingView,
  query: ObligorFilters & ItemFilters,
  rank: { figure: AmountKey; order: SQL; page: SQL },
): SQL | null {
  if (!view.hasRollups || hasItemFilters(query)) return null;
  const conditions = obligorConditions(view.clientId, query);
  if (!conditions.length) return null;
  // The figure as groupedRows sums it (summedColumns), so the ranking and the page agree to the paisa.
  const figure = sql`coalesce(sum(r.${column(rank.figure)}), 0)::numeric(18,2) as ${sql.identifier(rank.figure)}`;
  const ranked = sql`select g."sysObligorCode", count(*) over () as total
    from (select r.family_code as "sysObligorCode", ${figure} from ${ageingSource(view, query)} ${whereAll(conditions)}
      group by r.family_code) g ${rank.order} ${rank.page}`;
  return sql`(with ranked as (${ranked})
    select g.*, p.total from ${groupedRows(view, query, sql`select p."sysObligorCode" from ranked p`)} g
    join ranked p on p."sysObligorCode" = g."sysObligorCode")`;
}

/** Obligor rows grouped per family, per obligor of a family, or for one obligor; `families`: only these (a query of codes). */
export function groupedRows(
  view: AgeingView,
  query: ObligorFilters & ItemFilters & { parentSysObligorCode?: string; sysObligorCode?: string },
  families?: SQL,
): SQL {
  // One family, one account or a collector's customers from the ledger reads only those customers' items.
  const bySegment = Boolean(query.salesSegment || query.riskSalesSegment);
  const members = query.sysObligorCode
    ? sql`select ${query.sysObligorCode}::text`
    : query.parentSysObligorCode
      ? sql`select ${query.parentSysObligorCode}::text union all select m.sys_obligor_code from obligors m
        where m.client_id = ${view.clientId} and m.parent_sys_obligor_code = ${query.parentSysObligorCode}`
      : (scopeObligors(view.clientId, query.scope) ?? undefined);
  const source = ageingSource(view, query, bySegment ? undefined : members);
  const conditions = obligorConditions(view.clientId, query);
  let key = sql`r.family_code`;
  if (query.parentSysObligorCode) {
    key = sql`r.sys_obligor_code`;
    conditions.push(sql`r.family_code = ${query.parentSysObligorCode}`);
  }
  if (query.sysObligorCode) {
    key = sql`r.sys_obligor_code`;
    conditions.push(sql`r.sys_obligor_code = ${query.sysObligorCode}`);
  }
  if (families) conditions.push(sql`r.family_code in (${families})`);
  return sql`(select ${key} as "sysObligorCode", ${summedColumns()}, ${GROUP_COLUMNS}
    from ${source} ${whereAll(conditions)} group by ${key})`;
}

/** A page past the end still reports the real total. */
async function countRows(db: Db, grouped: SQL, where: SQL): Promise<number> {
  const counted = await queryRow(db, sql`select count(*) as n from ${grouped} g ${where}`, row({ n: col.int }));
  return counted?.n ?? 0;
}

function toReceivable(raw: z.output<typeof ReceivableListRow>, asOf: string): TReceivableRow {
  const { invoiced, ...amounts } = ageingAmounts(raw);
  const risk = riskFigures(raw);
  const weighted = risk.obligorWeightedRating;
  return {
    sysObligorCode: raw.sysObligorCode,
    parentSysObligorCode: raw.parentSysObligorCode,
    name: raw.name,
    ...amounts,
    ...risk,
    receivables: invoiced,
    balance: amounts.outstanding,
    rating: ratingLabel(weighted == null ? null : Math.round(weighted)),
    date: asOf,
    dim1: raw.dim1,
    dimId: raw.dimId,
    disputed: raw.disputed,
  };
}

/** GET /v4/clients/receivables/current/summary: the client-level total as of the date. */
export async function receivablesSummary(
  db: Db,
  clientId: number,
  query: TSummaryQuery & { scope?: ObligorScope },
): Promise<TReceivablesSummary> {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayOf(client);
  const view = await ageingView(db, clientId, asOf);
  const totals = await queryRow(db, summaryTotals(view, query), SummaryTotals);
  if (!totals) throw notFound('Receivables');
  const { invoiced, ...amounts } = ageingAmounts(totals);
  return {
    ...amounts,
    ...riskFigures(totals),
    receivables: invoiced,
    balance: amounts.outstanding,
    overallRisk: totals.overallRisk,
    openObligors: totals.openObligors,
    date: asOf,
    currency: client.currency,
  };
}

/**
 * The client-level totals of a date without a filter: one row of the history on any date it covers,
 * today too, instead of summing rollup rows: the client's own row (rather than its 5,100 families:
 * 10-11 ms p50 at a million invoices), a field officer's or area sales manager's row (rather than
 * their thousands of customers: 46 ms p50). Otherwise the sum of the families (rollup, history or
 * ledger). Both paths give the same figures: tests/api/any-date.test.ts holds the history equal to
 * the rollups and to the ledger.
 */
function summaryTotals(view: AgeingView, query: TSummaryQuery & { scope?: ObligorScope }): SQL {
  const { scope, ...filters } = query;
  const unfiltered = !hasItemFilters(filters) && obligorConditions(view.clientId, filters).length === 0;
  if (unfiltered && isScoped(scope) && view.hasCollectorHistory) {
    noteSource('client totals', 'history');
    return clientTotalsAt(view.clientId, view.asOf, { level: scope.role, userId: scope.userId });
  }
  if (unfiltered && !isScoped(scope) && view.hasHistory) {
    noteSource('client totals', 'history');
    return clientTotalsAt(view.clientId, view.asOf);
  }
  const families = familyRollup(view, query) ?? groupedRows(view, query);
  const sums = [...AMOUNT_KEYS, ...COUNT_KEYS, ...RATED_KEYS].map(
    (k) =>
      sql`coalesce(sum(g.${sql.identifier(k)}), 0)${COUNT_KEYS.includes(k as CountKey) ? sql`::int` : sql`::numeric(18,2)`} as ${sql.identifier(k)}`,
  );
  // Overall risk: the mean of the parent obligors' weighted ratings, to 1 decimal (spec section 9).
  return sql`
    select ${sql.join(sums, sql`, `)},
      ${weightedRating(sql`g."obligorWeightedRating"`, sql`g."ratedBalance"`)} as "obligorWeightedRating",
      round(avg(g."obligorWeightedRating")::numeric, 1)::float8 as "overallRisk",
      coalesce(sum(g."openObligors"), 0)::int as "openObligors"
    from ${families} g`;
}
