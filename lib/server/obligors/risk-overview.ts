import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { ageingSnapshots } from '@/lib/db/schema';
import type { TRiskMonth, TRiskOverview, TSeriesQuery, TSplitBy, TSplitByQuery } from '@/lib/contract/customer-series';
import { defaultRange, monthPoints } from '@/lib/domain/dates';
import { todayOf } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { riskDistribution } from '@/lib/domain/rating';
import { getClient } from '@/lib/server/clients/get-client';
import { GROUP_COLUMNS, weightedRating } from '@/lib/server/receivables/ageing-columns';
import { obligorConditions } from '@/lib/server/receivables/ageing-query';
import { receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { ZSummaryQuery } from '@/lib/contract/receivables';
import { CREDIT_BUCKETS, INVOICE_BUCKETS } from '@/lib/domain/ageing';
import { segmentation } from './customer-mapping';

type SeriesQuery = TSeriesQuery & { scope?: ObligorScope };

/**
 * GET /v3/clients/overview (and /v3/obligors/overview for a family or one obligor): how risky the
 * book was month by month: balance, overdue, weighted rating, overall risk (mean of the families'
 * weighted ratings) and the risk distribution, at each month end of the range that has rollups.
 */
export async function riskOverview(db: Db, clientId: number, query: SeriesQuery): Promise<TRiskOverview> {
  const client = await getClient(db, clientId);
  const toDate = query.toDate ?? todayOf(client);
  const fromDate = query.fromDate ?? defaultRange(toDate).fromDate;
  const wanted = monthPoints(fromDate, toDate);
  const dates = (
    await db
      .select({ d: ageingSnapshots.asOfDate })
      .from(ageingSnapshots)
      .where(and(eq(ageingSnapshots.clientId, clientId), inArray(ageingSnapshots.asOfDate, wanted)))
  )
    .map((r) => r.d)
    .sort();
  if (dates.length === 0) return { fromDate, toDate, currency: client.currency, months: [] };
  const conditions = obligorConditions(clientId, { dim1Id: query.dim, scope: query.scope });
  if (query.parentSysObligorCode) conditions.push(sql`r.family_code = ${query.parentSysObligorCode}`);
  if (query.sysObligorCode) conditions.push(sql`r.sys_obligor_code = ${query.sysObligorCode}`);
  const inDates = sql`r.as_of_date in (${sql.join(
    dates.map((d) => sql`${d}::date`),
    sql`, `,
  )})`;
  // Unfiltered, the family rollup answers; otherwise the obligor rows are grouped per family first.
  const families = conditions.length
    ? sql`(select r.as_of_date, r.family_code, sum(r.outstanding) as outstanding, sum(r.overdue) as overdue, ${GROUP_COLUMNS}
        from obligor_ageing r where r.client_id = ${clientId} and ${inDates} and ${sql.join(conditions, sql` and `)}
        group by r.as_of_date, r.family_code)`
    : sql`(select r.as_of_date, r.family_code, r.outstanding, r.overdue, r.low_rated as "lowRatedReceivables",
        r.med_rated as "medRatedReceivables", r.high_rated as "highRatedReceivables", r.weighted_rating as "obligorWeightedRating",
        r.rated_balance as "ratedBalance" from family_ageing r where r.client_id = ${clientId} and ${inDates})`;
  const rows = await queryRows(
    db,
    sql`
    select f.as_of_date::text as date, sum(f.outstanding) as balance, sum(f.overdue) as overdue,
      sum(f."lowRatedReceivables") as low, sum(f."medRatedReceivables") as medium, sum(f."highRatedReceivables") as high,
      ${weightedRating(sql`f."obligorWeightedRating"`, sql`f."ratedBalance"`)} as weighted,
      round(avg(f."obligorWeightedRating")::numeric, 1)::float8 as "overallRisk"
    from ${families} f group by f.as_of_date order by f.as_of_date`,
    row({
      date: col.day,
      balance: col.num,
      overdue: col.num,
      low: col.num,
      medium: col.num,
      high: col.num,
      weighted: col.num.nullable(),
      overallRisk: col.num.nullable(),
    }),
  );
  return {
    fromDate,
    toDate,
    currency: client.currency,
    months: rows.map((r): TRiskMonth => ({
      date: r.date,
      month: r.date.slice(0, 7),
      balance: r.balance,
      overdue: r.overdue,
      obligorWeightedRating: r.weighted,
      overallRisk: r.overallRisk,
      lowRatedReceivables: r.low,
      medRatedReceivables: r.medium,
      highRatedReceivables: r.high,
      riskDistribution: riskDistribution(r.low, r.medium, r.high),
    })),
  };
}

/**
 * GET /v3/clients/split_by: graph1 the monthly trends (balance, overdue, sales, collections), graph2
 * the ageing at the date in both bases, graph4 the segmentation by sales segment and risk.
 */
export async function splitBy(
  db: Db,
  clientId: number,
  query: TSplitByQuery & { scope?: ObligorScope },
): Promise<TSplitBy> {
  const { graph, scope, dim } = query;
  if (graph === 'graph1') {
    const [overview] = await receivablesOverview(db, clientId, {
      fromDate: query.fromDate,
      toDate: query.toDate ?? query.date,
      dim,
      scope,
    });
    return {
      graph,
      fromDate: overview!.fromDate,
      toDate: overview!.toDate,
      currency: overview!.currency,
      months: overview!.months.map((m) => ({
        date: m.date,
        month: m.month,
        balance: m.outstanding,
        overdue: m.overdue,
        sales: m.invoiced,
        collections: m.paid,
      })),
    };
  }
  if (graph === 'graph2') {
    const summary = await receivablesSummary(db, clientId, {
      ...ZSummaryQuery.parse({ date: query.date, dim1Id: dim }),
      scope,
    });
    return {
      graph,
      date: summary.date,
      currency: summary.currency,
      balance: summary.balance,
      overdue: summary.overdue,
      creditBasis: CREDIT_BUCKETS.map((bucket) => ({
        bucket,
        amount: summary[bucket],
        count: summary[`${bucket}Num`],
      })),
      invoiceBasis: INVOICE_BUCKETS.map((bucket) => ({
        bucket,
        amount: summary[bucket],
        count: summary[`${bucket}Num`],
      })),
    };
  }
  return { graph, ...(await segmentation(db, clientId, { date: query.date, dim, scope })) };
}
