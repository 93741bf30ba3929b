import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TSegmentCell } from '@/lib/contract/customer-series';
import type { TCustomerMapping, TCustomerMappingQuery } from '@/lib/contract/customers';
import { todayOf } from '@/lib/server/clients/client-day';
import { RISK_CLASS_RATING } from '@/lib/domain/filters';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { CollectionRisk, OpenStatus } from '@/lib/domain/segments';
import { riskDistribution } from '@/lib/domain/rating';
import { getClient } from '@/lib/server/clients/get-client';
import { ageingSource, obligorConditions, whereAll } from '@/lib/server/receivables/ageing-query';
import { familyFigures } from './family-figures';
import { ageingView } from '@/lib/server/receivables/ageing-view';

type MappingQuery = TCustomerMappingQuery & { scope?: ObligorScope };

const num = (v: unknown) => Number(v ?? 0);
const numberOrNull = (v: unknown) => (v == null ? null : Number(v));

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
  const sets = await queryRows<Record<string, unknown> & { set: 'total' | 'risk' | 'open'; key: string | null }>(
    db,
    sql`
    select case when grouping(f."collectionRisk") = 0 then 'risk' when grouping(f."openStatus") = 0 then 'open' else 'total' end as set,
      coalesce(f."collectionRisk", f."openStatus") as key,
      count(*)::int as customers, count(*) filter (where f."openStatus" = 'OPEN')::int as "openCustomers",
      coalesce(sum(f.members), 0)::int as obligors, coalesce(sum(f."openObligors"), 0)::int as "openObligors",
      coalesce(sum(f.balance), 0) as balance, coalesce(sum(f.overdue), 0) as overdue, coalesce(sum(f.sales12m), 0) as sales12m,
      coalesce(sum(f."lowRatedReceivables"), 0) as low, coalesce(sum(f."medRatedReceivables"), 0) as medium,
      coalesce(sum(f."highRatedReceivables"), 0) as high,
      (sum(f."obligorWeightedRating" * f."ratedBalance") / nullif(sum(f."ratedBalance"), 0))::float8 as "obligorWeightedRating",
      round(avg(f."obligorWeightedRating")::numeric, 1)::float8 as "overallRisk",
      coalesce(sum(f."creditLimit"), 0) as "creditLimit"
    from ${families} f
    group by grouping sets ((), (f."collectionRisk"), (f."openStatus"))
    order by 1, 2`,
  );
  const totals = sets.find((r) => r.set === 'total');
  const breakdown = <K extends string>(set: 'risk' | 'open') =>
    sets
      .filter((r) => r.set === set)
      .map((r) => ({ key: r.key as K, customers: Number(r.customers), balance: num(r.balance) }));
  const byCollectionRisk = breakdown<CollectionRisk>('risk');
  const byOpenStatus = breakdown<OpenStatus>('open');
  const t: Record<string, unknown> = totals ?? {};
  const balance = num(t.balance);
  return {
    date: asOf,
    currency: client.currency,
    customers: num(t.customers),
    openCustomers: num(t.openCustomers),
    obligors: num(t.obligors),
    openObligors: num(t.openObligors),
    balance,
    overdue: num(t.overdue),
    sales12m: num(t.sales12m),
    creditLimit: num(t.creditLimit),
    dso: num(t.sales12m) > 0 ? Math.round((balance / num(t.sales12m)) * 365 * 10) / 10 : null,
    obligorWeightedRating: numberOrNull(t.obligorWeightedRating),
    overallRisk: numberOrNull(t.overallRisk),
    lowRatedReceivables: num(t.low),
    medRatedReceivables: num(t.medium),
    highRatedReceivables: num(t.high),
    riskDistribution: riskDistribution(num(t.low), num(t.medium), num(t.high)),
    byCollectionRisk,
    byOpenStatus,
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
  const rows = await queryRows<
    Pick<TSegmentCell, 'salesSegment' | 'risk' | 'customers'> & { balance: string; sales12m: string }
  >(
    db,
    sql`
    select r.sales_segment as "salesSegment",
      case r.rating when ${RISK_CLASS_RATING.LOW} then 'LOW' when ${RISK_CLASS_RATING.MEDIUM} then 'MEDIUM'
        when ${RISK_CLASS_RATING.HIGH} then 'HIGH' else 'UNRATED' end as risk,
      count(*)::int as customers, sum(r.outstanding) as balance, sum(r.sales12m) as sales12m
    from ${source} ${whereAll(obligorConditions(clientId, { dim1Id: query.dim, scope: query.scope }))}
    group by 1, 2 order by 1, 2`,
  );
  return {
    date: asOf,
    currency: client.currency,
    cells: rows.map((r) => ({
      salesSegment: r.salesSegment,
      risk: r.risk,
      riskSalesSegment: `${r.risk}_${r.salesSegment}` as const,
      customers: Number(r.customers),
      balance: num(r.balance),
      sales12m: num(r.sales12m),
    })),
  };
}
