import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ageingSnapshots } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { defaultRange, monthPoints } from '@/lib/domain/dates';
import { todayOf } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import type { TOverviewPoint, TReceivablesOverview } from '@/lib/contract/receivables';
import { AgeingFigures, ageingAmounts, NO_FIGURES, summedColumns, type AgeingFiguresRow } from './ageing-columns';
import { HISTORY_FIGURES, historyAssignmentsCurrent, historyAt, historyCovers } from './history/read-history';
import type { HistoryLevel } from './history/levels';
import { scopeObligors } from '@/lib/server/obligors/obligor-scope';
import { ageingSource, obligorConditions, whereAll } from './ageing-query';
import { boundariesOf } from '@/lib/domain/ageing';

export interface OverviewQuery {
  fromDate?: string;
  toDate?: string;
  dim?: number;
  scope?: ObligorScope;
  /** One family (parent obligor code) or one obligor. */
  parentSysObligorCode?: string;
  sysObligorCode?: string;
}

/**
 * GET /v3/clients/receivables/overview: one point per month of the range (its month end, and the
 * range end for the last month) with outstanding, overdue, buckets, invoiced and collected in that
 * month. Dates with rollups are read in one grouped query; any other date is computed exactly.
 */
export async function receivablesOverview(
  db: Db,
  clientId: number,
  query: OverviewQuery,
): Promise<TReceivablesOverview[]> {
  const client = await getClient(db, clientId);
  const toDate = query.toDate ?? todayOf(client);
  const fromDate = query.fromDate ?? defaultRange(toDate).fromDate;
  const boundaries = boundariesOf(client);
  const dates = monthPoints(fromDate, toDate);
  const snapshotted = new Set(
    (
      await db
        .select({ d: ageingSnapshots.asOfDate })
        .from(ageingSnapshots)
        .where(and(eq(ageingSnapshots.clientId, clientId), inArray(ageingSnapshots.asOfDate, dates)))
    ).map((r) => r.d),
  );
  const sums = new Map<string, AgeingFiguresRow>();
  const conditions = obligorConditions(clientId, { dim1Id: query.dim, scope: query.scope });
  if (query.parentSysObligorCode) conditions.push(sql`r.family_code = ${query.parentSysObligorCode}`);
  if (query.sysObligorCode) conditions.push(sql`r.sys_obligor_code = ${query.sysObligorCode}`);
  if (snapshotted.size) {
    // Without a dimension filter or a scope the client rollup (one row per date) answers.
    const table = conditions.length ? sql`obligor_ageing` : sql`client_ageing`;
    const rows = await queryRows(
      db,
      sql`
      select r.as_of_date::text as date, ${summedColumns()} from ${table} r
      where r.client_id = ${clientId} and r.as_of_date in (${sql.join(
        [...snapshotted].map((x) => sql`${x}::date`),
        sql`, `,
      )})
        ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
      group by r.as_of_date`,
      AgeingFigures.extend({ date: col.day }),
    );
    for (const dated of rows) sums.set(dated.date, dated);
  }
  const where = whereAll(conditions);
  const missing = dates.filter((x) => !snapshotted.has(x));
  const level = missing.length ? await historyLevel(db, clientId, query, missing.at(-1)!) : null;
  for (const date of missing) {
    // A collector's dates from the ledger read only their customers' items.
    const source = ageingSource(
      { clientId, asOf: date, boundaries, hasRollups: false, hasHistory: false, hasCollectorHistory: false },
      {},
      scopeObligors(clientId, query.scope) ?? undefined,
    );
    const figures = await queryRow(
      db,
      level
        ? sql`select ${HISTORY_FIGURES} from ${historyAt(clientId, level.level, date, sql`${level.key}`)} h`
        : sql`select ${summedColumns()} from ${source} ${where}`,
      AgeingFigures,
    );
    if (figures) sums.set(date, figures);
  }
  const months: TOverviewPoint[] = dates.map((date) => {
    const values = ageingAmounts(sums.get(date) ?? NO_FIGURES);
    return { ...values, date, month: date.slice(0, 7), collected: values.paid, receivables: values.invoiced };
  });
  // The spec reads the first element of the answer.
  return [{ fromDate, toDate, dim: query.dim ?? ('ALL' as const), currency: client.currency, months }];
}

/**
 * The level of the ageing history that answers the overview's dates without rollups: the client,
 * one dim1 value or one family for a user who sees every customer, a collector's own customers for
 * a field officer or area sales manager, while the history is current (for a collector, built with
 * the current assignments too). Null sends those dates to the ledger.
 */
async function historyLevel(
  db: Db,
  clientId: number,
  query: OverviewQuery,
  someDate: string,
): Promise<{ level: HistoryLevel; key: string } | null> {
  const scope = query.scope;
  const collector = isScoped(scope);
  if (query.sysObligorCode || (query.parentSysObligorCode && query.dim)) return null;
  if (collector && (query.parentSysObligorCode || query.dim)) return null;
  const history = await queryRow(
    db,
    sql`select ${historyCovers(clientId, someDate)} and ${collector ? historyAssignmentsCurrent(clientId) : sql`true`} as current`,
    row({ current: col.bool }),
  );
  if (!history?.current) return null;
  if (collector) return { level: scope.role, key: String(scope.userId) };
  if (query.parentSysObligorCode) return { level: 'family', key: query.parentSysObligorCode };
  return query.dim ? { level: 'dim1', key: String(query.dim) } : { level: 'client', key: '' };
}
