import 'server-only';
import { parseISO, subMonths } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import { notWrittenOff } from '@/lib/server/invoices/open-debt';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TKpis, TKpisQuery } from '@/lib/contract/kpis';
import { defaultRange, iso } from '@/lib/domain/dates';
import { monthlyKpis, type KpiMonthFacts } from '@/lib/domain/kpis';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { dateArray } from '@/lib/server/receivables/ageing-source';
import type { HistoryLevel } from '@/lib/server/receivables/history/levels';
import { historyAssignmentsCurrent, historyCovers } from '@/lib/server/receivables/history/read-history';

/**
 * How many months before the range countback DSO may consume: month-end rollups reach that far on a
 * ledger of two years, so every point is read from them. Receivables older than that many months'
 * sales give a lower bound (docs/collections.md).
 */
export const COUNTBACK_MONTHS = 6;

/**
 * GET /v3/clients/kpis: the collection KPIs of each month of the range (lib/domain/kpis.ts), for the
 * client, one family or account, one collector's customers or one dim1 value, under the user's scope.
 * The balances, current part and sales come from the monthly receivables overview (month-end
 * rollups); the average days to pay from the invoices settled in each month.
 */
export async function collectionKpis(db: Db, clientId: number, scope: ObligorScope, query: TKpisQuery): Promise<TKpis> {
  const toDate = query.toDate ?? (await clientToday(db, clientId));
  const fromDate = query.fromDate ?? defaultRange(toDate).fromDate;
  const collector = query.collectorId;
  if (isScoped(scope) && collector !== undefined && (scope.role !== 'guest' || scope.userId !== collector))
    return { fromDate, toDate, months: [] };
  const effective: ObligorScope =
    isScoped(scope) || collector === undefined ? scope : { kind: 'ASSIGNED', role: 'guest', userId: collector };
  const code = query.sysObligorCode;
  const family = code ? await familyOrAccount(db, clientId, effective, code) : undefined;
  const historyFrom = iso(subMonths(parseISO(`${fromDate.slice(0, 7)}-01`), COUNTBACK_MONTHS));
  const [overview] = await receivablesOverview(db, clientId, {
    fromDate: historyFrom,
    toDate,
    dim: query.dim1Id,
    scope: effective,
    ...(family === 'FAMILY' ? { parentSysObligorCode: code } : family === 'ACCOUNT' ? { sysObligorCode: code } : {}),
  });
  const points = overview!.months;
  // Only the range's months show a days-to-pay figure: the months before it serve countback only.
  const rangeDates = points.filter((p) => p.month >= fromDate.slice(0, 7)).map((p) => p.date);
  const level: { level: HistoryLevel; key: string } | null = isScoped(effective)
    ? family || query.dim1Id
      ? null
      : { level: effective.role, key: String(effective.userId) }
    : family === 'FAMILY'
      ? query.dim1Id
        ? null
        : { level: 'family', key: code! }
      : family === 'ACCOUNT'
        ? null
        : query.dim1Id
          ? { level: 'dim1', key: String(query.dim1Id) }
          : { level: 'client', key: '' };
  const paying =
    (level && (await daysToPayFromHistory(db, clientId, rangeDates, level))) ??
    (await daysToPay(db, clientId, `${fromDate.slice(0, 7)}-01`, toDate, effective, query.dim1Id, code, family));
  const history: KpiMonthFacts[] = points.map((p) => ({
    month: p.month,
    days: parseISO(p.date).getDate(),
    closing: p.outstanding,
    closingCurrent: p.current,
    sales: p.invoiced,
    averageDaysToPay: paying.get(p.month) ?? null,
  }));
  const first = history.findIndex((h) => h.month >= fromDate.slice(0, 7));
  return { fromDate, toDate, months: monthlyKpis(history, first < 0 ? history.length : first) };
}

/** A parent's code means its family, a child's its own account; either must be visible to the user. */
async function familyOrAccount(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
): Promise<'FAMILY' | 'ACCOUNT'> {
  await assertObligorVisible(db, clientId, scope, code);
  const obligor = await queryRow(
    db,
    sql`select parent_sys_obligor_code as parent from obligors where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ parent: col.text.nullable() }),
  );
  return obligor?.parent ? 'ACCOUNT' : 'FAMILY';
}

/**
 * The same figure from the ageing history while it is current: its row at each month's last point
 * holds the debts paid off in that month and their amount x days (one read per month). Null when
 * the history is stale or does not keep the level (a collector's family or dim1 value, one account), and for a
 * collector's customers while their assignments changed since it was built.
 */
async function daysToPayFromHistory(
  db: Db,
  clientId: number,
  dates: string[],
  { level, key }: { level: HistoryLevel; key: string },
): Promise<Map<string, number> | null> {
  if (!dates.length) return new Map();
  const rows = await queryRows(
    db,
    sql`
    select to_char(d, 'YYYY-MM') as month, round(h.settled_days / nullif(h.settled, 0), 1) as days,
      ${historyCovers(clientId, dates.at(-1)!)}${
        level === 'guest' || level === 'representative' ? sql` and ${historyAssignmentsCurrent(clientId)}` : sql``
      } as current
    from unnest(${dateArray(dates)}) d
    left join lateral (select h.settled, h.settled_days from ageing_history h
      where h.client_id = ${clientId} and h.level = ${level} and h.key = ${key} and h.valid @> d) h on true`,
    row({ month: col.text, days: col.num.nullable(), current: col.bool }),
  );
  if (!rows[0]?.current) return null;
  return new Map(rows.flatMap((r) => (r.days === null ? [] : [[r.month, r.days] as const])));
}

/** Per month (YYYY-MM): the days from issue to settlement of the invoices settled in it, weighted by amount. */
async function daysToPay(
  db: Db,
  clientId: number,
  fromDate: string,
  toDate: string,
  scope: ObligorScope,
  dim1Id: number | undefined,
  code: string | undefined,
  family: 'FAMILY' | 'ACCOUNT' | undefined,
): Promise<Map<string, number>> {
  const conditions: SQL[] = [];
  const inScope = scopeCondition(clientId, scope, sql`i.sys_obligor_code`);
  if (inScope) conditions.push(inScope);
  if (dim1Id !== undefined) conditions.push(sql`o.dim1_id = ${dim1Id}`);
  if (code && family === 'FAMILY')
    conditions.push(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${code}`);
  if (code && family === 'ACCOUNT') conditions.push(sql`o.sys_obligor_code = ${code}`);
  const rows = await queryRows(
    db,
    sql`
    select to_char(i.settled_date, 'YYYY-MM') as month,
      round(sum(i.amount * (i.settled_date - i.issue_date)) / sum(i.amount), 1) as days
    from invoices i
    ${conditions.length ? sql`join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code` : sql``}
    where i.client_id = ${clientId} and i.settled_date between ${fromDate}::date and ${toDate}::date
      and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.amount > 0 and ${notWrittenOff(sql`i`)}
      ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
    group by 1`,
    row({ month: col.text, days: col.num }),
  );
  return new Map(rows.map((r) => [r.month, r.days]));
}
