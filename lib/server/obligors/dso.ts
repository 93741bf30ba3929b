import 'server-only';
import { sql } from 'drizzle-orm';
import { parseISO, startOfMonth, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TAnnualDso, TDsoSeries, TDsoSplit, TSeriesQuery, TSplitByDsoQuery } from '@/lib/contract/customer-series';
import { iso } from '@/lib/domain/dates';
import { clientToday, todayOf } from '@/lib/server/clients/client-day';
import { annualDso, dsoEndDate, monthlyDso } from '@/lib/domain/dso';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { RISK_CLASS_RATING } from '@/lib/domain/filters';
import { getClient } from '@/lib/server/clients/get-client';
import { ageingSource, obligorConditions, whereAll } from '@/lib/server/receivables/ageing-query';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { ageingView } from '@/lib/server/receivables/ageing-view';

type SeriesQuery = TSeriesQuery & { scope?: ObligorScope };
const DSO_MONTHS = 12;

/**
 * GET /v3/clients/dso (and /v3/obligors/dso for a family or one obligor): monthly DSO of the 12
 * months up to the DSO end date (one month before today); the last month is measured to that day.
 */
export async function dsoSeries(db: Db, clientId: number, query: SeriesQuery): Promise<TDsoSeries> {
  const end = query.toDate ?? dsoEndDate(await clientToday(db, clientId));
  const fromDate = query.fromDate ?? iso(startOfMonth(subMonths(parseISO(end), DSO_MONTHS - 1)));
  const [overview] = await receivablesOverview(db, clientId, { ...query, fromDate, toDate: end });
  const months = overview!.months.map((m) => ({
    date: m.date,
    month: m.month,
    receivables: m.outstanding,
    sales: m.invoiced,
    days: parseISO(m.date).getDate(),
    dso: monthlyDso(m.outstanding, m.invoiced, m.date),
  }));
  return { fromDate, toDate: end, dsoEndDate: end, currency: overview!.currency, months };
}

/**
 * GET /v3/clients/annualdso (and /v3/obligors/annualdso): receivables at the DSO end date over the
 * credit sales of the 12 months up to it, x 365.
 */
export async function annualDsoAt(db: Db, clientId: number, query: SeriesQuery): Promise<TAnnualDso> {
  const end = query.toDate ?? dsoEndDate(await clientToday(db, clientId));
  const [overview] = await receivablesOverview(db, clientId, { ...query, fromDate: end, toDate: end });
  const point = overview!.months.at(-1)!;
  return {
    date: end,
    dsoEndDate: end,
    currency: overview!.currency,
    receivables: point.outstanding,
    sales12m: point.sales12m,
    dso: annualDso(point.outstanding, point.sales12m),
  };
}

const SPLIT_KEYS = {
  salesSegment: sql`r.sales_segment`,
  dim1: sql`coalesce(dv.name, 'Not assigned')`,
  risk: sql`case r.rating when ${RISK_CLASS_RATING.LOW} then 'LOW' when ${RISK_CLASS_RATING.MEDIUM} then 'MEDIUM'
    when ${RISK_CLASS_RATING.HIGH} then 'HIGH' else 'UNRATED' end`,
} as const;

/** GET /v3/clients/split_by_dso: annual DSO at the DSO end date per sales segment, dim1 value or risk class. */
export async function dsoSplit(
  db: Db,
  clientId: number,
  query: TSplitByDsoQuery & { scope?: ObligorScope },
): Promise<TDsoSplit> {
  const client = await getClient(db, clientId);
  const end = query.date ?? dsoEndDate(todayOf(client));
  const source = ageingSource(await ageingView(db, clientId, end));
  const key = SPLIT_KEYS[query.by];
  const rows = await queryRows(
    db,
    sql`
    select ${key} as key, sum(r.outstanding) as receivables, sum(r.sales12m) as sales12m, count(*)::int as customers
    from ${source} left join dimension_values dv on dv.client_id = ${clientId} and dv.id = r.dim1_id
    ${whereAll(obligorConditions(clientId, { scope: query.scope }))}
    group by 1 order by sum(r.sales12m) desc`,
    row({ key: col.text, receivables: col.num, sales12m: col.num, customers: col.int }),
  );
  return {
    by: query.by,
    date: end,
    dsoEndDate: end,
    currency: client.currency,
    rows: rows.map((r) => ({
      key: r.key,
      customers: r.customers,
      receivables: r.receivables,
      sales12m: r.sales12m,
      dso: annualDso(r.receivables, r.sales12m),
    })),
  };
}
