import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TForecast, TForecastQuery } from '@/lib/contract/forecast';
import {
  BACKTEST_WEEKS,
  addParts,
  cashOf,
  forecastStarts,
  improvement,
  mape,
  mapeOf,
  money,
  totalsByStart,
  withBand,
  type BacktestPoint,
  type StartSums,
} from '@/lib/domain/cash-forecast';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { accountSums } from './account-sums';
import { customerSelection, type DebtSelection } from './debt-selection';
import { remembered } from './forecast-memory';
import { openCredits } from './open-credits';
import { assignmentMark, changedFamilies, storedForecastBuild, storedSums } from './stored-forecast';

/**
 * GET /v3/clients/forecast: the cash expected week by week from the selection's open debts today
 * (lib/domain/cash-forecast.ts), with the back-test: the same rule run from each of the last 6 month
 * ends on what was known then, against the cash those debts brought in over the next 4 weeks. A past
 * `asOf` (the collections workbook of a past date) forecasts from what was known on that day.
 *
 * Today's answer sums the stored forecast (forecast-store.ts) when it is current, with the families
 * whose promises or disputes changed since it was built computed afresh; otherwise, and for a past
 * day, everything is computed from the ledger and kept in memory for the same question.
 */
export async function cashForecast(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: Pick<TForecastQuery, 'weeks' | 'dim1Id' | 'sysObligorCode'>,
  asOf?: string,
): Promise<TForecast> {
  const selection = await forecastSelection(db, clientId, scope, query);
  const today = await clientToday(db, clientId);
  const from = asOf && asOf < today ? asOf : today;
  const builtAt = from === today ? await storedForecastBuild(db, clientId, today) : null;
  const credits = openCredits(db, clientId, selection, from, today);
  if (builtAt)
    return forecastAnswer(
      from,
      query.weeks,
      await storedTotals(db, clientId, selection, today, builtAt),
      await credits,
    );
  // A scoped user's accounts are part of the question: a reassignment asks a new one.
  const question = JSON.stringify([today, from, selection, await assignmentMark(db, clientId, scope)]);
  const totals = await remembered(db, clientId, question, async () =>
    totalsByStart(from, await accountSums(db, clientId, selection, from, today)),
  );
  return forecastAnswer(from, query.weeks, totals, await credits);
}

/**
 * The same question computed from the ledger every time, as if nothing were stored or kept in memory:
 * what `npm run bench` holds the stored answer equal to.
 */
export async function forecastFromLedger(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: Pick<TForecastQuery, 'weeks' | 'dim1Id' | 'sysObligorCode'>,
): Promise<TForecast> {
  const selection = await forecastSelection(db, clientId, scope, query);
  const today = await clientToday(db, clientId);
  return forecastAnswer(
    today,
    query.weeks,
    totalsByStart(today, await accountSums(db, clientId, selection, today, today)),
    await openCredits(db, clientId, selection, today, today),
  );
}

async function forecastSelection(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: Pick<TForecastQuery, 'dim1Id' | 'sysObligorCode'>,
): Promise<DebtSelection> {
  return query.sysObligorCode
    ? customerSelection(db, clientId, scope, query.sysObligorCode)
    : { scope, ...(query.dim1Id !== undefined ? { dim1Id: query.dim1Id } : {}) };
}

/** The stored sums of the selection, with the families changed since the build computed from the ledger. */
async function storedTotals(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  today: string,
  builtAt: string,
): Promise<Map<string, StartSums>> {
  const changed = await changedFamilies(db, clientId, builtAt);
  // The changed families from the ledger, kept in memory until the next promise or dispute (its key
  // changes with them), so that repeated calls read only the stored rows.
  const changedSums = async () =>
    remembered(
      db,
      clientId,
      JSON.stringify([
        'changed',
        today,
        builtAt,
        selection,
        await assignmentMark(db, clientId, selection.scope),
        changed,
      ]),
      () => accountSums(db, clientId, { ...selection, families: changed }, today, today),
    );
  const [stored, fresh] = await Promise.all([
    storedSums(db, clientId, selection, changed),
    changed.length ? changedSums() : [],
  ]);
  const totals = totalsByStart(today, stored);
  addParts(totals, fresh);
  return totals;
}

/**
 * The answer from the totals of each start: today's weeks with their band, and the back-test's
 * points, each with the simple rules' forecast and the band the model would have given it.
 */
function forecastAnswer(asOf: string, weekCount: number, totals: Map<string, StartSums>, credits: number): TForecast {
  const starts = forecastStarts(asOf).filter((start) => start.backtest);
  const cashByStart = starts.map((start) => cashOf(totals.get(start.from)!.sums, start.from, BACKTEST_WEEKS));
  const points: BacktestPoint[] = starts.flatMap((start, n) => {
    const total = totals.get(start.from)!;
    return cashByStart[n]!.weeks.map((week, w) => ({
      monthEnd: start.knownThrough,
      weekStart: week.weekStart,
      forecast: money(week.expected),
      actual: money(total.actual?.[w] ?? 0),
    }));
  });
  // Each back-test week's band, by the rule today's weeks get theirs, from the other month ends' weeks.
  const bands = cashByStart.flatMap((cash, n) => withBand(cash.weeks, points, starts[n]!.knownThrough));
  const detailed = starts.flatMap((start, n) => {
    const rules = totals.get(start.from)!.rules;
    return cashByStart[n]!.weeks.map((_, w) => ({
      dueDateRule: money(rules?.[w] ?? 0),
      customerMeanRule: money(rules?.[BACKTEST_WEEKS + w] ?? 0),
    }));
  });
  const backtestPoints = points.map((p, i) => ({
    monthEnd: p.monthEnd,
    weekStart: p.weekStart,
    forecast: p.forecast,
    low: bands[i]!.low,
    high: bands[i]!.high,
    ...detailed[i]!,
    actual: p.actual,
  }));
  const model = mape(points);
  const ruleMape = (key: 'dueDateRule' | 'customerMeanRule') => {
    const m = mapeOf(backtestPoints, (p) => p[key]);
    return { mape: m, improvement: improvement(model, m) };
  };
  const counted = backtestPoints.filter((p) => p.actual > 0);
  const inside = counted.filter((p) => p.actual >= p.low && p.actual <= p.high).length;
  const now = totals.get(asOf)!;
  const cash = cashOf(now.sums, asOf, weekCount);
  const weeks = withBand(cash.weeks, points);
  const sum = (key: 'expected' | 'low' | 'high') => money(weeks.reduce((s, w) => s + w[key], 0));
  return {
    asOf,
    weeks,
    total: { expected: sum('expected'), low: sum('low'), high: sum('high') },
    openDebts: money(now.sums.open),
    credits: money(credits),
    balance: money(now.sums.open + credits),
    later: money(cash.later),
    excluded: {
      disputed: money(cash.disputed),
      notExpected: money(cash.notExpected),
      // The rest of what is owed, so that the rounded parts add up to the rounded whole to the paisa.
      unlikely: money(
        money(now.sums.open) - sum('expected') - money(cash.later) - money(cash.disputed) - money(cash.notExpected),
      ),
    },
    backtest: {
      mape: model,
      weeks: BACKTEST_WEEKS,
      rules: { dueDate: ruleMape('dueDateRule'), customerMean: ruleMape('customerMeanRule') },
      bandShare: counted.length ? Math.round((inside / counted.length) * 1000) / 10 : null,
      points: backtestPoints,
    },
  };
}
