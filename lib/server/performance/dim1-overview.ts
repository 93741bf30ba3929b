import 'server-only';
import { parseISO, startOfMonth, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TDim1Month, TDim1Overview, TDim1OverviewQuery } from '@/lib/contract/performance';
import { creditBucketsOf } from '@/lib/domain/ageing';
import { iso, todayIso } from '@/lib/domain/dates';
import { annualDso } from '@/lib/domain/dso';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { riskOverview } from '@/lib/server/obligors/risk-overview';
import { dimGroups, DimRowRaw, selectDimRows, toDimRow } from './dim-groups';
import { ageingView } from '@/lib/server/receivables/ageing-view';

const RANGE_MONTHS = 12;

/**
 * The default range is the 12 calendar months up to toDate (from the first day of the 12th month
 * back): then a value's collections in the range equal the sum of its trend's monthly collections.
 */
export function dim1Range(
  query: { fromDate?: string; toDate?: string },
  today: string,
): { fromDate: string; toDate: string } {
  const toDate = query.toDate ?? today;
  return { toDate, fromDate: query.fromDate ?? iso(startOfMonth(subMonths(parseISO(toDate), RANGE_MONTHS - 1))) };
}

/**
 * GET /v3/dim1/receivables/overview. Without dimId: one row per dim1 value as of toDate (balance,
 * overdue, buckets, annual DSO, weighted rating) with the collections of fromDate..toDate. With
 * dimId: that value's row and its monthly trend over the range (the receivables trend filtered by
 * the value, with each month's annual DSO and weighted rating).
 */
export async function dim1Overview(
  db: Db,
  clientId: number,
  query: TDim1OverviewQuery & { scope?: ObligorScope },
): Promise<TDim1Overview> {
  const client = await getClient(db, clientId);
  const { fromDate, toDate } = dim1Range(query, todayIso(new Date(), client.timeZone));
  const groups = dimGroups({
    groupingKey: 'dim1',
    view: await ageingView(db, clientId, toDate),
    scope: query.scope,
    dim1Id: query.dimId,
    collectionsFrom: fromDate,
  });
  const raw = await queryRows(db, selectDimRows(clientId, groups, query), DimRowRaw);
  const rows = raw.map((row) => toDimRow(row, toDate));
  const head = { fromDate, toDate, currency: client.currency, dim1Name: client.dim1Name };
  if (!query.dimId) return { ...head, rows };
  const [overview] = await receivablesOverview(db, clientId, {
    fromDate,
    toDate,
    dim: query.dimId,
    scope: query.scope,
  });
  const risk = await riskOverview(db, clientId, { fromDate, toDate, dim: query.dimId, scope: query.scope });
  const ratingByDate = new Map(risk.months.map((m) => [m.date, m.obligorWeightedRating]));
  const months = overview!.months.map((m): TDim1Month => ({
    date: m.date,
    month: m.month,
    outstanding: m.outstanding,
    balance: m.outstanding,
    overdue: m.overdue,
    ...creditBucketsOf(m),
    invoiced: m.invoiced,
    collected: m.collected,
    sales12m: m.sales12m,
    dso: annualDso(m.outstanding, m.sales12m),
    obligorWeightedRating: ratingByDate.get(m.date) ?? null,
  }));
  return { ...head, dimId: query.dimId, rows, months };
}
