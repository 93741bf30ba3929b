import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TSegmentCell } from '@/lib/contract/customer-series';
import type { TCustomerMapping, TCustomerMappingQuery } from '@/lib/contract/customers';
import { todayOf } from '@/lib/server/clients/client-day';
import { RISK_CLASS_RATING, RISK_CLASSES } from '@/lib/domain/filters';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { COLLECTION_RISKS, OPEN_STATUSES, SALES_SEGMENTS } from '@/lib/domain/segments';
import { riskDistribution } from '@/lib/domain/rating';
import { getClient } from '@/lib/server/clients/get-client';
import { weightedRating } from '@/lib/server/receivables/ageing-columns';
import { ageingSource, obligorConditions, whereAll } from '@/lib/server/receivables/ageing-query';
import { familyFigures } from './family-figures';
import { ageingView } from '@/lib/server/receivables/ageing-view';

type MappingQuery = TCustomerMappingQuery & { scope?: ObligorScope };

/** A set of the grouping: the totals, or one collection risk's or open status's families. */
const MappingSet = row({
  set: col.oneOf(['total', 'risk', 'open']),
  key: col.oneOf([...COLLECTION_RISKS, ...OPEN_STATUSES]).nullable(),
  customers: col.int,
  openCustomers: col.int,
  obligors: col.int,
  openObligors: col.int,
  balance: col.num,
  overdue: col.num,
  sales12m: col.num,
  low: col.num,
  medium: col.num,
  high: col.num,
  obligorWeightedRating: col.num.nullable(),
  overallRisk: col.num.nullable(),
  creditLimit: col.num,
});

/**
 * GET /v3/clients/overviewmappingbased: the customer analysis in figures as of a date, over the
 * families the filters keep: how many customers, what they owe, how risky (weighted rating, overall
 * risk, risk distribution) and how they split by collection risk and open status.
 */
export async function customerMapping(db: Db, clientId: number, query: MappingQuery): Promise<TCustomerMapping> {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayOf(client);
  const families = familyFigures(await ageingView(db, clientId, asOf), query);
  // The totals and both breakdowns in one pass over the families (grouping sets): the family
  // figures are computed once, not once per figure.
  const sets = await queryRows(
    db,
    sql`
    select case when grouping(f."collectionRisk") = 0 then 'risk' when grouping(f."openStatus") = 0 then 'open' else 'total' end as set,
      coalesce(f."collectionRisk", f."openStatus") as key,
      count(*)::int as customers, count(*) filter (where f."openStatus" = 'OPEN')::int as "openCustomers",
      coalesce(sum(f.members), 0)::int as obligors, coalesce(sum(f."openObligors"), 0)::int as "openObligors",
      coalesce(sum(f.balance), 0) as balance, coalesce(sum(f.overdue), 0) as overdue, coalesce(sum(f.sales12m), 0) as sales12m,
      coalesce(sum(f."lowRatedReceivables"), 0) as low, coalesce(sum(f."medRatedReceivables"), 0) as medium,
      coalesce(sum(f."highRatedReceivables"), 0) as high,
      ${weightedRating(sql`f."obligorWeightedRating"`, sql`f."ratedBalance"`)} as "obligorWeightedRating",
      round(avg(f."obligorWeightedRating")::numeric, 1)::float8 as "overallRisk",
      coalesce(sum(f."creditLimit"), 0) as "creditLimit"
    from ${families} f
    group by grouping sets ((), (f."collectionRisk"), (f."openStatus"))
    order by 1, 2`,
    MappingSet,
  );
  // The grouping always answers its totals' set: a sum over no family is still a row.
  const t = sets.find((r) => r.set === 'total')!;
  const breakdown = <K extends string>(set: 'risk' | 'open', keys: readonly K[]) =>
    sets.flatMap((r) => {
      const key = keys.find((k) => k === r.key);
      return r.set === set && key ? [{ key, customers: r.customers, balance: r.balance }] : [];
    });
  return {
    date: asOf,
    currency: client.currency,
    customers: t.customers,
    openCustomers: t.openCustomers,
    obligors: t.obligors,
    openObligors: t.openObligors,
    balance: t.balance,
    overdue: t.overdue,
    sales12m: t.sales12m,
    creditLimit: t.creditLimit,
    dso: t.sales12m > 0 ? Math.round((t.balance / t.sales12m) * 365 * 10) / 10 : null,
    obligorWeightedRating: t.obligorWeightedRating,
    overallRisk: t.overallRisk,
    lowRatedReceivables: t.low,
    medRatedReceivables: t.medium,
    highRatedReceivables: t.high,
    riskDistribution: riskDistribution(t.low, t.medium, t.high),
    byCollectionRisk: breakdown('risk', COLLECTION_RISKS),
    byOpenStatus: breakdown('open', OPEN_STATUSES),
  };
}

/**
 * Segmentation (split_by graph4): obligors as of a date by sales segment and risk class, with their
 * balance and 12-month sales. Obligor-level, because segment and rating belong to each customer.
 */
export async function segmentation(
  db: Db,
  clientId: number,
  query: { date?: string; dim?: number; scope?: ObligorScope },
): Promise<{ date: string; currency: string; cells: TSegmentCell[] }> {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayOf(client);
  const source = ageingSource(await ageingView(db, clientId, asOf));
  const rows = await queryRows(
    db,
    sql`
    select r.sales_segment as "salesSegment",
      case r.rating when ${RISK_CLASS_RATING.LOW} then 'LOW' when ${RISK_CLASS_RATING.MEDIUM} then 'MEDIUM'
        when ${RISK_CLASS_RATING.HIGH} then 'HIGH' else 'UNRATED' end as risk,
      count(*)::int as customers, sum(r.outstanding) as balance, sum(r.sales12m) as sales12m
    from ${source} ${whereAll(obligorConditions(clientId, { dim1Id: query.dim, scope: query.scope }))}
    group by 1, 2 order by 1, 2`,
    row({
      salesSegment: col.oneOf(SALES_SEGMENTS),
      risk: col.oneOf(RISK_CLASSES),
      customers: col.int,
      balance: col.num,
      sales12m: col.num,
    }),
  );
  return {
    date: asOf,
    currency: client.currency,
    cells: rows.map((r) => ({
      salesSegment: r.salesSegment,
      risk: r.risk,
      riskSalesSegment: `${r.risk}_${r.salesSegment}` as const,
      customers: r.customers,
      balance: r.balance,
      sales12m: r.sales12m,
    })),
  };
}
