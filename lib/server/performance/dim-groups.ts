import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { col } from '@/lib/db/rows';
import type { DimSortKey, TDimRow } from '@/lib/contract/performance';
import type { GroupingKey } from '@/lib/domain/filters';
import { ratingLabel } from '@/lib/domain/rating';
import {
  ageingAmounts,
  AMOUNT_KEYS,
  BUCKET_KEYS,
  COUNT_KEYS,
  GROUP_COLUMNS,
  GroupedAgeingRow,
  riskFigures,
  summedColumns,
} from '@/lib/server/receivables/ageing-columns';
import { ageingSource, obligorConditions, whereAll, type ObligorFilters } from '@/lib/server/receivables/ageing-query';
import { annualDsoSql } from '@/lib/server/obligors/dso-sql';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import type { AgeingView } from '@/lib/server/receivables/ageing-view';

export const NOT_ASSIGNED = 'Not assigned';

const DIM_COLUMN: Record<GroupingKey, SQL> = { dim1: sql`dim1_id`, dim2: sql`dim2_id`, dim3: sql`dim3_id` };

export interface DimGroupOptions extends ObligorFilters {
  groupingKey: GroupingKey;
  view: AgeingView;
  /** One family (parent obligor code) or one obligor. */
  parentSysObligorCode?: string;
  sysObligorCode?: string;
  /** Collections of a period (payments dated in it); without it collections are the month to date's. */
  collectionsFrom?: string;
}

/**
 * The per-obligor ageing rows of the receivables pages (same source, same filters, same scope)
 * summed per value of one dimension, aliased `g`. Collections follow the ageing source's rule for
 * `paid`: cash received on invoices and debit notes, credit-note adjustments excluded.
 */
export function dimGroups(options: DimGroupOptions): SQL {
  const { clientId, asOf } = options.view;
  const source = ageingSource(options.view);
  const conditions = obligorConditions(clientId, options);
  if (options.parentSysObligorCode) conditions.push(sql`r.family_code = ${options.parentSysObligorCode}`);
  if (options.sysObligorCode) conditions.push(sql`r.sys_obligor_code = ${options.sysObligorCode}`);
  const dim = DIM_COLUMN[options.groupingKey];
  const grouped = sql`select r.${dim} as dim_id, ${summedColumns()}, ${GROUP_COLUMNS}
    from ${source} ${whereAll(conditions)} group by r.${dim}`;
  if (!options.collectionsFrom) {
    return sql`(select a.*, a.paid as collections from (${grouped}) a)`;
  }
  const inScope = scopeCondition(clientId, options.scope, sql`o.sys_obligor_code`);
  const obligorParts = [
    inScope,
    options.dim1Id ? sql`o.dim1_id = ${options.dim1Id}` : null,
    options.dim2Id ? sql`o.dim2_id = ${options.dim2Id}` : null,
    options.dim3Id ? sql`o.dim3_id = ${options.dim3Id}` : null,
  ].filter((part): part is SQL => part !== null);
  const collected = sql`select o.${dim} as dim_id, sum(p.amount) as collections
    from payments p
    join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where p.client_id = ${clientId} and p.paid_date between ${options.collectionsFrom}::date and ${asOf}::date
      ${obligorParts.length ? sql`and ${sql.join(obligorParts, sql` and `)}` : sql``}
    group by o.${dim}`;
  // A value whose customers only paid in the period (nothing open, no sales) still gets its row.
  // Ids are positive: 0 stands for 'no value' so that the full join can hash ('is not distinct from' cannot).
  const zeros = [...AMOUNT_KEYS, ...COUNT_KEYS].map(
    (k) => sql`coalesce(a.${sql.identifier(k)}, 0) as ${sql.identifier(k)}`,
  );
  return sql`(select coalesce(a.dim_id, c.dim_id) as dim_id, ${sql.join(zeros, sql`, `)},
      coalesce(a."lowRatedReceivables", 0) as "lowRatedReceivables", coalesce(a."medRatedReceivables", 0) as "medRatedReceivables",
      coalesce(a."highRatedReceivables", 0) as "highRatedReceivables", a."obligorWeightedRating",
      coalesce(a."ratedBalance", 0) as "ratedBalance", coalesce(a."openObligors", 0) as "openObligors",
      coalesce(c.collections, 0)::numeric(18,2) as collections
    from (${grouped}) a full join (${collected}) c on coalesce(c.dim_id, 0) = coalesce(a.dim_id, 0))`;
}

/** Annual DSO of a group (lib/domain/dso.ts annualDso). */
const DSO_SQL = annualDsoSql(sql`g.outstanding`, sql`g.sales12m`);

const SORT_SQL: Record<DimSortKey, SQL> = {
  name: sql`name`,
  balance: sql`g.outstanding`,
  receivables: sql`g.invoiced`,
  overduePercent: sql`g.overdue / nullif(g.outstanding, 0)`,
  dso: DSO_SQL,
  ...Object.fromEntries(
    [
      'outstanding',
      'overdue',
      ...BUCKET_KEYS,
      'paid',
      'collections',
      'sales12m',
      'obligorWeightedRating',
      'openObligors',
    ].map((k) => [k, sql`g.${sql.identifier(k)}`]),
  ),
} as Record<DimSortKey, SQL>;

/** A row of selectDimRows: a value's grouped ageing, its collections, name, annual DSO and the rows' total. */
export const DimRowRaw = GroupedAgeingRow.extend({
  dim_id: col.int.nullable(),
  collections: col.num,
  name: col.text,
  dso: col.num.nullable(),
  total: col.int,
});

/** Rows of `dimGroups` with their value names, sorted (ties by name) and optionally paged. */
export function selectDimRows(
  clientId: number,
  groups: SQL,
  sort: { sortBy: DimSortKey; order: 'ASC' | 'DESC' },
  page?: { offset: number; count: number },
): SQL {
  const direction = sort.order === 'ASC' ? sql`asc` : sql`desc`;
  return sql`select * from (
      select g.*, coalesce(dv.name, ${NOT_ASSIGNED}) as name, ${DSO_SQL}::float8 as dso, count(*) over () as total
      from ${groups} g left join dimension_values dv on dv.client_id = ${clientId} and dv.id = g.dim_id
    ) g
    order by ${SORT_SQL[sort.sortBy]} ${direction} nulls last, g.dim_id is null, g.name
    ${page ? sql`limit ${page.count} offset ${(page.offset - 1) * page.count}` : sql``}`;
}

/** The answer row: numbers as numbers, balance and receivables under the spec's names, the rating label. */
export function toDimRow(raw: z.output<typeof DimRowRaw>, asOf: string): TDimRow {
  const amounts = ageingAmounts(raw);
  const risk = riskFigures(raw);
  const weighted = risk.obligorWeightedRating;
  const { outstanding, overdue } = amounts;
  return {
    dimId: raw.dim_id,
    name: raw.name,
    date: asOf,
    ...amounts,
    ...risk,
    ratedBalance: raw.ratedBalance,
    openObligors: raw.openObligors,
    collections: raw.collections,
    balance: outstanding,
    receivables: amounts.invoiced,
    overduePercent: outstanding ? Math.round((overdue / outstanding) * 1000) / 10 : 0,
    dso: raw.dso,
    rating: ratingLabel(weighted == null ? null : Math.round(weighted)),
  };
}
