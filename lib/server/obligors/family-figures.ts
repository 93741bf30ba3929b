import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { TCustomerFilters } from '@/lib/contract/customers';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { COLLECTION_RISK_SHARE, COLLECTION_RISKS, OPEN_STATUSES } from '@/lib/domain/segments';
import { col } from '@/lib/db/rows';
import { AMOUNT_KEYS, COUNT_KEYS, GroupedAgeingRow } from '@/lib/server/receivables/ageing-columns';
import { ageingSource, familyRollup, obligorConditions, whereAll } from '@/lib/server/receivables/ageing-query';
import { groupedRows } from '@/lib/server/receivables/list-receivables';
import { annualDsoSql } from './dso-sql';
import { ownScopeCondition } from './obligor-scope';
import type { AgeingView } from '@/lib/server/receivables/ageing-view';

export interface FamilyFigureOptions extends TCustomerFilters {
  scope?: ObligorScope;
  /** Only these families (parent codes). */
  familyCodes?: string[];
}

/** A row of familyFigures: the family's grouped ageing, who it is, its limit, exposure, DSO and segments. */
export const FamilyFiguresRow = GroupedAgeingRow.extend({
  sysObligorCode: col.text,
  name: col.text,
  city: col.text.nullable(),
  businessId: col.text.nullable(),
  dimId: col.int.nullable(),
  dim1: col.text.nullable(),
  members: col.int,
  creditLimit: col.num.nullable(),
  balance: col.num,
  exposure: col.num,
  dso: col.num.nullable(),
  creditUtilisation: col.num.nullable(),
  overduePastB2Share: col.num,
  collectionRisk: col.oneOf(COLLECTION_RISKS),
  openStatus: col.oneOf(OPEN_STATUSES),
});

/** lib/domain/segments.ts collectionRisk, in SQL over a row with outstanding and the b3/b4 buckets. */
export function collectionRiskSql(row: SQL): SQL {
  const pastB2 = sql`(coalesce(${row}."crdBucket3", 0) + coalesce(${row}."crdBucket4", 0))`;
  const balance = sql`coalesce(${row}.outstanding, 0)`;
  return sql`case when ${balance} <= 0 then 'LOW'
    when ${pastB2} >= ${COLLECTION_RISK_SHARE.HIGH} * ${balance} then 'HIGH'
    when ${pastB2} >= ${COLLECTION_RISK_SHARE.MEDIUM} * ${balance} then 'MEDIUM' else 'LOW' end`;
}

/**
 * One row per parent obligor the user may see, as of a date: the family's ageing (from the family
 * rollup when it can answer), its credit limit, exposure (the net balance) and utilisation, 12-month DSO, collection risk and
 * open status. Families without any open item or sales still appear (CLOSED), unless a filter on
 * obligor attributes (dim, risk, segment) asks for matching obligors. Aliased columns in camelCase.
 *
 * A family's credit limit is the sum of its members' limits (the parent's own group limit when no
 * member has one), counted over the obligors the user may see and, under a filter on obligor
 * attributes, over the matching ones, so that utilisation compares like with like.
 */
export function familyFigures(view: AgeingView, options: FamilyFigureOptions): SQL {
  const { clientId } = view;
  const obligorFilters = {
    dim1Id: options.dim,
    risk: options.risk,
    salesSegment: options.salesSegment,
    riskSalesSegment: options.riskSalesSegment,
    scope: options.scope,
  };
  const byObligorAttributes = Boolean(options.dim || options.risk || options.salesSegment || options.riskSalesSegment);
  const allGrouped = familyRollup(view, obligorFilters) ?? groupedRows(view, obligorFilters);
  // An obligors row (alias m) counts when the user may see it and, with a filter on obligor attributes,
  // when it matches: a row covers those accounts only, and so do its limit and member count. The
  // matching ones are read once (a materialized CTE below), not once per place that asks.
  const counts = (m: SQL) =>
    sql`(${ownScopeCondition(options.scope, m) ?? sql`true`} and ${
      byObligorAttributes ? sql`${m}.sys_obligor_code in (select sys_obligor_code from matching)` : sql`true`
    })`;
  const codes =
    options.familyCodes &&
    sql.join(
      options.familyCodes.map((code) => sql`${code}`),
      sql`, `,
    );
  const matchingCte = byObligorAttributes
    ? sql`with matching as materialized (select r.sys_obligor_code from ${ageingSource(view)}
        ${whereAll([...obligorConditions(clientId, obligorFilters), ...(codes ? [sql`r.family_code in (${codes})`] : [])])}) `
    : sql``;
  // Named families: their sums only (the condition reaches the grouping inside).
  const grouped = codes
    ? sql`(select * from ${allGrouped} named where named."sysObligorCode" in (${codes}))`
    : allGrouped;
  const onlyParent = codes ? sql`and m.sys_obligor_code in (${codes})` : sql``;
  const onlyChildrenOf = codes ? sql`and m.parent_sys_obligor_code in (${codes})` : sql``;
  // Parents, and their children summed per parent (a hash aggregate over the parent key, no sort of every obligor).
  const members = sql`
    select p.sys_obligor_code as family_code, p.name, p.city, p.business_id, p.dim1_id,
      (case when p.visible then 1 else 0 end) + coalesce(c.members, 0) as members,
      coalesce(nullif(c.credit_limit, 0), case when p.visible then p.credit_limit end) as "creditLimit"
    from (
      select m.sys_obligor_code, m.name, m.city, m.business_id, m.dim1_id, m.credit_limit, ${counts(sql`m`)} as visible
      from obligors m where m.client_id = ${clientId} and m.parent_sys_obligor_code is null ${onlyParent}
    ) p
    left join (
      select m.parent_sys_obligor_code, count(*)::int as members, sum(m.credit_limit) as credit_limit
      from obligors m where m.client_id = ${clientId} and m.parent_sys_obligor_code is not null and ${counts(sql`m`)} ${onlyChildrenOf}
      group by m.parent_sys_obligor_code
    ) c on c.parent_sys_obligor_code = p.sys_obligor_code
    ${
      byObligorAttributes
        ? sql`` // the join with the matching accounts' sums below keeps only families with one
        : sql`-- Families with a member the user may see, read apart from the sums so that a list that only
          -- orders and counts families never sums every member (the planner drops unused sums).
          where p.visible or exists (select 1 from obligors k where k.client_id = ${clientId}
            and k.parent_sys_obligor_code = p.sys_obligor_code and ${counts(sql`k`)})`
    }`;
  const balance = sql`coalesce(g.outstanding, 0)`;
  // A limit is drawn on by what the family owes net of money it has paid on account (creditExposure).
  const exposure = sql`(${balance} + coalesce(g.unallocated, 0))`;
  const figures = sql`${matchingCte}
    select m.family_code as "sysObligorCode", m.name, m.city, m.business_id as "businessId",
      m.dim1_id as "dimId", dv.name as dim1, m.members, m."creditLimit",
      ${balance} as balance, ${exposure} as exposure,
      ${sql.join(
        [...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => sql`coalesce(g.${sql.identifier(k)}, 0) as ${sql.identifier(k)}`),
        sql`, `,
      )},
      coalesce(g."lowRatedReceivables", 0) as "lowRatedReceivables", coalesce(g."medRatedReceivables", 0) as "medRatedReceivables",
      coalesce(g."highRatedReceivables", 0) as "highRatedReceivables", g."obligorWeightedRating", coalesce(g."ratedBalance", 0) as "ratedBalance",
      coalesce(g."openObligors", 0) as "openObligors",
      ${annualDsoSql(balance, sql`g.sales12m`)} as dso,
      case when m."creditLimit" > 0 then round(${exposure} / m."creditLimit" * 100, 1) end as "creditUtilisation",
      case when ${balance} > 0 then round((coalesce(g."crdBucket3", 0) + coalesce(g."crdBucket4", 0)) / ${balance} * 100, 1) else 0 end as "overduePastB2Share",
      ${collectionRiskSql(sql`g`)} as "collectionRisk",
      case when ${balance} <> 0 then 'OPEN' else 'CLOSED' end as "openStatus"
    from (${members}) m
    ${byObligorAttributes ? sql`join` : sql`left join`} ${grouped} g on g."sysObligorCode" = m.family_code
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = m.dim1_id`;
  const conditions: SQL[] = [];
  if (options.collectionRisk) conditions.push(sql`f."collectionRisk" = ${options.collectionRisk}`);
  if (options.openStatus) conditions.push(sql`f."openStatus" = ${options.openStatus}`);
  // OFFSET 0 keeps the risk and status filters above the join: pushed down into the family
  // aggregate, they made the planner expect a row or two and walk every child per family (450 ms).
  const fence = conditions.length ? sql` offset 0` : sql``;
  return sql`(select * from (${figures}${fence}) f ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``})`;
}
