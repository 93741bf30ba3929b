/**
 * The cash-in forecast (docs/collections.md, "Cash-in forecast"): the open debts of today placed in
 * the weeks ahead by their expected payment (lib/domain/payment-prediction.ts), and the back-test
 * that says how well the same rule did from each of the last month ends.
 *
 * - Weeks are seven days from the first day of the forecast (today; the day after the month end in
 *   the back-test), not calendar weeks, so that week 1 is always a full week ahead.
 * - A debt predicted from history is spread over the days its comparable payments were made, in
 *   proportion to their amounts, so a week's expected cash is what history says will come in it;
 *   a promise puts the debt on its date. Disputed debts and debts later than any payment in the
 *   window are left out, and counted as such.
 * - Only the cash of debts open on the first day is forecast, not that of invoices yet to be raised;
 *   the back-test compares it with the cash those same debts brought in, like with like.
 */
import type { PaymentPrediction } from './payment-prediction';
import { addDays, dayNumber, isoDay } from './payment-prediction';

export const DEFAULT_WEEKS = 13;
export const MAX_WEEKS = 26;
/** The back-test forecasts this many weeks from each of this many month ends. */
export const BACKTEST_MONTH_ENDS = 6;
export const BACKTEST_WEEKS = 4;
/** z of the 10th and 90th percentiles of a normal distribution: the band is an 80% range. */
const Z80 = 1.2816;

export interface ForecastDebt {
  due: string;
  open: number;
  prediction: Pick<PaymentPrediction, 'basis' | 'outcomes'>;
}

export interface WeekCash {
  weekStart: string;
  weekEnd: string;
  expected: number;
  /** The spread of the week's cash were every debt to pay as its history says, independently (standard deviation). */
  spread: number;
}

export interface WeeklyCash {
  weeks: WeekCash[];
  /** Expected after the last week. */
  later: number;
  disputed: number;
  notExpected: number;
  /**
   * The part history says will not be paid at all: a debt predicted from payments that, at its
   * lateness, were partly never paid (its outcomes' shares sum below 1) leaves the rest here. With
   * it the parts add up to what the debts owe: weeks + later + disputed + not expected + unlikely.
   */
  unlikely: number;
}

/**
 * The additive form of a selection's weekly cash: expected amount and variance by week, what falls
 * after the last week and what is left out. Sums of debts add up across accounts, so a family, a
 * dim1 value or the client is the sum of its accounts' (lib/server/forecast/forecast-store.ts keeps
 * them per account and level); the weeks are turned into cash (with a spread) only at the end.
 */
export interface CashSums {
  expected: number[];
  variance: number[];
  later: number;
  disputed: number;
  notExpected: number;
  /** What the debts owe in all, left-out ones included. */
  open: number;
}

export function emptySums(weeks: number): CashSums {
  return {
    expected: new Array<number>(weeks).fill(0),
    variance: new Array<number>(weeks).fill(0),
    later: 0,
    disputed: 0,
    notExpected: 0,
    open: 0,
  };
}

/** The open debts' sums by week of `from`. */
export function cashSums(debts: readonly ForecastDebt[], from: string, weeks: number): CashSums {
  const start = dayNumber(from);
  const sums = emptySums(weeks);
  for (const debt of debts) {
    sums.open += debt.open;
    if (debt.prediction.basis === 'DISPUTED') sums.disputed += debt.open;
    else if (debt.prediction.basis === 'NOT_EXPECTED') sums.notExpected += debt.open;
    if (debt.prediction.outcomes.length === 0) continue;
    const due = dayNumber(debt.due);
    const share = new Map<number, number>();
    for (const o of debt.prediction.outcomes) {
      const week = Math.floor((due + o.daysLate - start) / 7);
      if (week >= weeks) sums.later += debt.open * o.share;
      else share.set(Math.max(0, week), (share.get(Math.max(0, week)) ?? 0) + o.share);
    }
    for (const [week, p] of share) {
      sums.expected[week]! += debt.open * p;
      sums.variance[week]! += debt.open * debt.open * p * (1 - p);
    }
  }
  return sums;
}

/** Adds `more` (times `sign`: -1 takes it away) into `into`, week by week; both of the same length. */
export function addSums(into: CashSums, more: CashSums, sign: 1 | -1 = 1): CashSums {
  for (let w = 0; w < into.expected.length; w++) {
    into.expected[w]! += sign * (more.expected[w] ?? 0);
    into.variance[w]! += sign * (more.variance[w] ?? 0);
  }
  into.later += sign * more.later;
  into.disputed += sign * more.disputed;
  into.notExpected += sign * more.notExpected;
  into.open += sign * more.open;
  return into;
}

/** The sums as cash by week of `from`, for the first `weeks` of them (the rest is expected later). */
export function cashOf(sums: CashSums, from: string, weeks: number): WeeklyCash {
  const start = dayNumber(from);
  const kept = Math.min(weeks, sums.expected.length);
  const beyond = sums.expected.slice(kept).reduce((s, x) => s + x, 0);
  const placed = sums.expected.reduce((s, x) => s + x, 0) + sums.later;
  return {
    weeks: sums.expected.slice(0, kept).map((amount, w) => ({
      weekStart: isoDay(start + 7 * w),
      weekEnd: isoDay(start + 7 * w + 6),
      expected: amount,
      // Taking sums away can leave a rounding hair below zero.
      spread: Math.sqrt(Math.max(0, sums.variance[w]!)),
    })),
    later: sums.later + beyond,
    disputed: sums.disputed,
    notExpected: sums.notExpected,
    // What is left of the debts once every part is placed: the sums are additive, so the rest of
    // the stored sums of a selection is the rest of its debts (no column of its own to keep).
    unlikely: sums.open - sums.disputed - sums.notExpected - placed,
  };
}

/** The open debts' expected cash by week of `from`, with what is left out. */
export function weeklyCash(debts: readonly ForecastDebt[], from: string, weeks: number): WeeklyCash {
  return cashOf(cashSums(debts, from, weeks), from, weeks);
}

/** The month ends the back-test starts from: the latest `count` whose following `weeks` weeks ended before today. */
export function backtestMonthEnds(today: string, count = BACKTEST_MONTH_ENDS, weeks = BACKTEST_WEEKS): string[] {
  const ends: string[] = [];
  let year = +today.slice(0, 4);
  let month = +today.slice(5, 7) - 1; // 0-based: the month of today, whose end has not come
  while (ends.length < count) {
    const end = isoDay(Date.UTC(year, month, 0) / 86_400_000); // day 0 of a month: the end of the one before
    if (dayNumber(end) + 7 * weeks < dayNumber(today)) ends.push(end);
    month -= 1;
    if (month < 0) {
      month += 12;
      year -= 1;
    }
  }
  return ends.reverse();
}

/**
 * One start of a forecast: today's, from what is known today, over the most weeks a forecast may ask
 * for; or a back-test month end's, from what was known then, over the weeks after it, whose cash is
 * known too.
 */
export interface ForecastStart {
  knownThrough: string;
  from: string;
  weeks: number;
  backtest: boolean;
}

export function forecastStarts(asOf: string): ForecastStart[] {
  return [
    { knownThrough: asOf, from: asOf, weeks: MAX_WEEKS, backtest: false },
    ...backtestMonthEnds(asOf).map((monthEnd) => ({
      knownThrough: monthEnd,
      from: addDays(monthEnd, 1),
      weeks: BACKTEST_WEEKS,
      backtest: true,
    })),
  ];
}

/**
 * A start's sums, and on a back-test start the cash collected week by week and what the two simple
 * rules said (`rules`: the due-date rule's weeks, then the customer-mean rule's; RULES).
 */
export interface StartSums {
  sums: CashSums;
  actual: number[] | null;
  rules: number[] | null;
}

/**
 * The simple rules the back-test sets beside the forecast, on the same debts and weeks: each debt
 * paid on its due date (`dueDate`), and each debt paid its customer's own mean days to settle after
 * its issue (`customerMean`: the mean over the bills the account settled in the 12 months to the
 * month end; without any, its due date). A day already past is the first day. Debts in dispute at
 * the month end are left out, as from the cash they are compared with.
 */
const RULES = ['dueDate', 'customerMean'] as const;

/** The rules' weeks of one account's debts from `from` (RULES order, `weeks` each). */
export function ruleSums(
  debts: readonly { due: string; issued: string; open: number; disputed: boolean }[],
  meanDays: number | null,
  from: string,
  weeks: number,
): number[] {
  const out = new Array<number>(RULES.length * weeks).fill(0);
  const start = dayNumber(from);
  for (const debt of debts) {
    if (debt.disputed) continue;
    const due = dayNumber(debt.due);
    const days = [due, meanDays === null ? due : dayNumber(debt.issued) + meanDays];
    days.forEach((day, r) => {
      const week = Math.floor((Math.max(day, start) - start) / 7);
      if (week < weeks) out[r * weeks + week]! += debt.open;
    });
  }
  return out;
}

/** The starts' totals over the given account sums: from day → sums. */
export function totalsByStart(asOf: string, parts: readonly (StartSums & { from: string })[], sign: 1 | -1 = 1) {
  const totals = new Map<string, StartSums>();
  for (const start of forecastStarts(asOf))
    totals.set(start.from, {
      sums: emptySums(start.weeks),
      actual: start.backtest ? new Array<number>(start.weeks).fill(0) : null,
      rules: start.backtest ? new Array<number>(RULES.length * start.weeks).fill(0) : null,
    });
  addParts(totals, parts, sign);
  return totals;
}

/** Adds (or takes away) parts into totals of the same starts; parts of other starts are ignored. */
export function addParts(
  totals: Map<string, StartSums>,
  parts: readonly (StartSums & { from: string })[],
  sign: 1 | -1 = 1,
): void {
  for (const part of parts) {
    const total = totals.get(part.from);
    if (!total) continue;
    addSums(total.sums, part.sums, sign);
    if (total.actual && part.actual)
      for (let w = 0; w < total.actual.length; w++) total.actual[w]! += sign * (part.actual[w] ?? 0);
    if (total.rules && part.rules)
      for (let w = 0; w < total.rules.length; w++) total.rules[w]! += sign * (part.rules[w] ?? 0);
  }
}

export interface BacktestPoint {
  monthEnd: string;
  weekStart: string;
  forecast: number;
  actual: number;
}

/** The mean absolute percentage error of the points with cash collected, in %, 1 decimal; null without any. */
export function mape(points: readonly BacktestPoint[]): number | null {
  return mapeOf(points, (p) => p.forecast);
}

/** The same error of another forecast of the points (a simple rule's). */
export function mapeOf<P extends { actual: number }>(points: readonly P[], forecast: (p: P) => number): number | null {
  const counted = points.filter((p) => p.actual > 0);
  if (counted.length === 0) return null;
  const sum = counted.reduce((s, p) => s + Math.abs(forecast(p) - p.actual) / p.actual, 0);
  return Math.round((sum / counted.length) * 1000) / 10;
}

/**
 * How much lower the model's error is than a rule's, in % of the rule's (positive: the model is
 * better; -20: its error is a fifth higher); null when either is unknown or the rule's is 0.
 */
export function improvement(model: number | null, rule: number | null): number | null {
  if (model === null || rule === null || rule === 0) return null;
  return Math.round(((rule - model) / rule) * 1000) / 10;
}

/**
 * The 80th percentile of the values as the share of a next value it lies above: rank 0.8 x (n + 1)
 * of the sorted values, linear between the two nearest (a spreadsheet's PERCENTILE.EXC), the first
 * or last beyond them; null without any. The inclusive PERCENTILE (rank 0.8 x (n - 1)) sits lower on
 * the few values a back-test has (5 or 6 month ends), and a band drawn with it held fewer than 80%
 * of the weeks it had not seen.
 */
export function percentile80(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(Math.max(BAND_SHARE * (sorted.length + 1) - 1, 0), sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** The share of the weeks the band is drawn to hold. */
const BAND_SHARE = 0.8;

/**
 * The band of each week: the expected cash, give or take the larger of what the back-test missed by
 * at that distance (its week 4 for the weeks after) and the 80% range of the debts' own spread. The
 * first is the 80th percentile of the weeks' errors (|forecast - collected| ÷ collected, weeks that
 * collected something), not their mean: a mean lets the larger misses fall outside, and the band
 * held only 71-75% of the weeks. The second is what a few large debts can swing. Never below 0.
 * `leaveOut`: a back-test month end whose own weeks are not used, so that its band is drawn only from
 * the other month ends, as a forecast's is from the past (the share of weeks inside is then honest).
 */
export function withBand(
  weeks: readonly WeekCash[],
  points: readonly BacktestPoint[],
  leaveOut?: string,
): { weekStart: string; weekEnd: string; expected: number; low: number; high: number }[] {
  const weekOf = (p: BacktestPoint) => Math.round((dayNumber(p.weekStart) - dayNumber(p.monthEnd) - 1) / 7);
  const used = points.filter((p) => p.actual > 0 && p.monthEnd !== leaveOut);
  const errors = Array.from({ length: BACKTEST_WEEKS }, (_, w) =>
    percentile80(used.filter((p) => weekOf(p) === w).map((p) => Math.abs(p.forecast - p.actual) / p.actual)),
  );
  return weeks.map((week, w) => {
    const error = errors[Math.min(w, BACKTEST_WEEKS - 1)] ?? 0;
    const margin = Math.max(week.expected * error, Z80 * week.spread);
    return {
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      expected: money(week.expected),
      low: money(Math.max(0, week.expected - margin)),
      high: money(week.expected + margin),
    };
  });
}

export const money = (n: number) => Math.round(n * 100) / 100;

/**
 * Where two answers of the same forecast differ: every amount more than a paisa apart (the same sums
 * added in another order can differ in the last paisa), the error by more than 0.1 point. Empty when
 * they agree; the stored forecast is held to the ledger's by it (tests, `npm run bench`).
 */
export function forecastDifferences(a: unknown, b: unknown, path = 'forecast'): string[] {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= (path.endsWith('.mape') ? 0.1 : 0.011) ? [] : [`${path}: ${a} against ${b}`];
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) =>
      forecastDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return a === b ? [] : [`${path}: ${String(a)} against ${String(b)}`];
}
