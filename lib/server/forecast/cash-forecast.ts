import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TForecast, TForecastQuery } from '@/lib/contract/forecast';
import {
  BACKTEST_WEEKS,
  backtestMonthEnds,
  mape,
  money,
  weeklyCash,
  withBand,
  type BacktestPoint,
} from '@/lib/domain/cash-forecast';
import { addDays } from '@/lib/domain/payment-prediction';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { customerSelection, selectionCondition, type DebtSelection } from './debt-selection';
import { remembered } from './forecast-memory';
import { predictedDebts } from './open-debts';

/**
 * GET /v3/clients/forecast: the cash expected week by week from the selection's open debts today
 * (lib/domain/cash-forecast.ts), with the back-test: the same rule run from each of the last 6 month
 * ends on what was known then, against the cash those debts brought in over the next 4 weeks. A past
 * `asOf` (the collections workbook of a past date) forecasts from what was known on that day.
 */
export async function cashForecast(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: Pick<TForecastQuery, 'weeks' | 'dim1Id' | 'sysObligorCode'>,
  asOf?: string,
): Promise<TForecast> {
  const selection: DebtSelection = query.sysObligorCode
    ? await customerSelection(db, clientId, scope, query.sysObligorCode)
    : { scope, ...(query.dim1Id !== undefined ? { dim1Id: query.dim1Id } : {}) };
  const today = await clientToday(db, clientId);
  const from = asOf && asOf < today ? asOf : today;
  const question = JSON.stringify([today, from, query.weeks, selection]);
  return remembered(db, clientId, question, () => forecastOf(db, clientId, selection, from, query.weeks, today));
}

async function forecastOf(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  asOf: string,
  weekCount: number,
  today: string,
): Promise<TForecast> {
  const [debts, points] = await Promise.all([
    predictedDebts(db, clientId, selection, asOf, asOf, today),
    backtest(db, clientId, selection, asOf, today),
  ]);
  const cash = weeklyCash(debts, asOf, weekCount);
  const weeks = withBand(cash.weeks, points);
  const sum = (key: 'expected' | 'low' | 'high') => money(weeks.reduce((s, w) => s + w[key], 0));
  return {
    asOf,
    weeks,
    total: { expected: sum('expected'), low: sum('low'), high: sum('high') },
    openDebts: money(debts.reduce((s, d) => s + d.open, 0)),
    later: money(cash.later),
    excluded: { disputed: money(cash.disputed), notExpected: money(cash.notExpected) },
    backtest: { mape: mape(points), weeks: BACKTEST_WEEKS, points },
  };
}

/** From each back-test month end: the forecast of the next weeks as the rule made it then, and the cash that came. */
async function backtest(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  asOf: string,
  today: string,
): Promise<BacktestPoint[]> {
  const monthEnds = backtestMonthEnds(asOf);
  const [forecasts, actual] = await Promise.all([
    Promise.all(
      monthEnds.map(async (monthEnd) => {
        const from = addDays(monthEnd, 1);
        return weeklyCash(await predictedDebts(db, clientId, selection, monthEnd, from, today), from, BACKTEST_WEEKS)
          .weeks;
      }),
    ),
    collectedAfter(db, clientId, selection, monthEnds),
  ]);
  return monthEnds.flatMap((monthEnd, m) =>
    forecasts[m]!.map((week, w) => ({
      monthEnd,
      weekStart: week.weekStart,
      forecast: money(week.expected),
      actual: actual.get(`${monthEnd}/${w}`) ?? 0,
    })),
  );
}

/**
 * The cash each month end's open debts brought in over the next BACKTEST_WEEKS weeks, by week: the
 * payments (not credit-note adjustments) on invoices and debit notes issued by the month end, other
 * than those in a dispute open at the month end, which the forecast held back.
 */
async function collectedAfter(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  monthEnds: string[],
): Promise<Map<string, number>> {
  const rows = await queryRows<{ monthEnd: string; week: number; amount: string }>(
    db,
    sql`
    select e.month_end::text as "monthEnd", ((p.paid_date - e.month_end - 1) / 7)::int as week, sum(p.amount) as amount
    from (values ${sql.join(
      monthEnds.map((m) => sql`(${m}::date)`),
      sql`, `,
    )}) as e(month_end)
    join payments p on p.client_id = ${clientId} and p.paid_date > e.month_end
      and p.paid_date <= e.month_end + ${7 * BACKTEST_WEEKS}::int
    join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where p.amount > 0 and i.amount > 0 and i.issue_date <= e.month_end and ${selectionCondition(clientId, selection)}
      and not exists (select 1 from dispute_invoices di
        join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
        where di.client_id = ${clientId} and di.sys_invoice_num = i.sys_invoice_num
          and d.opened_on <= e.month_end and (d.status = 'OPEN' or d.resolved_on > e.month_end))
    group by 1, 2`,
  );
  return new Map(rows.map((r) => [`${r.monthEnd}/${Number(r.week)}`, Number(r.amount)]));
}
