import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { defaultRange, monthPoints, todayIso } from '@/lib/domain/dates';
import { getClient } from '@/lib/server/clients/get-client';
import { summedColumns, type AmountKey, type CountKey } from './ageing-columns';
import { ageingSource, obligorConditions, whereAll } from './ageing-query';

type Sums = Record<AmountKey | CountKey, number>;
export type OverviewPoint = Sums & { date: string; month: string; collected: number; receivables: number };

export interface OverviewQuery {
  fromDate?: string;
  toDate?: string;
  dim?: number;
}

/**
 * GET /v3/clients/receivables/overview: one point per month of the range (its month end, and the
 * range end for the last month) with outstanding, overdue, buckets, invoiced and collected in that
 * month. Month ends come from the rollups; other dates are computed exactly.
 */
export async function receivablesOverview(db: Db, clientId: number, query: OverviewQuery) {
  const client = await getClient(db, clientId);
  const range = defaultRange(todayIso());
  const toDate = query.toDate ?? range.toDate;
  const fromDate = query.fromDate ?? defaultRange(toDate).fromDate;
  const boundaries = { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 };
  const where = whereAll(obligorConditions({ dim1Id: query.dim }));
  const months: OverviewPoint[] = [];
  for (const date of monthPoints(fromDate, toDate)) {
    const source = await ageingSource(db, clientId, date, boundaries);
    const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${summedColumns()} from ${source} ${where}`);
    const sums = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)])) as Sums;
    months.push({ ...sums, date, month: date.slice(0, 7), collected: sums.paid, receivables: sums.invoiced });
  }
  // The spec reads the first element of the answer.
  return [{ fromDate, toDate, dim: query.dim ?? 'ALL', currency: client.currency, months }];
}
