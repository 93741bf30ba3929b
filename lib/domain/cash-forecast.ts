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
import { dayNumber, isoDay } from './payment-prediction';

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
}

/** The open debts' expected cash by week of `from`, with what is left out. */
export function weeklyCash(debts: readonly ForecastDebt[], from: string, weeks: number): WeeklyCash {
  const start = dayNumber(from);
  const expected = new Array<number>(weeks).fill(0);
  const variance = new Array<number>(weeks).fill(0);
  let later = 0;
  let disputed = 0;
  let notExpected = 0;
  for (const debt of debts) {
    if (debt.prediction.basis === 'DISPUTED') disputed += debt.open;
    else if (debt.prediction.basis === 'NOT_EXPECTED') notExpected += debt.open;
    if (debt.prediction.outcomes.length === 0) continue;
    const due = dayNumber(debt.due);
    const share = new Map<number, number>();
    for (const o of debt.prediction.outcomes) {
      const week = Math.floor((due + o.daysLate - start) / 7);
      if (week >= weeks) later += debt.open * o.share;
      else share.set(Math.max(0, week), (share.get(Math.max(0, week)) ?? 0) + o.share);
    }
    for (const [week, p] of share) {
      expected[week]! += debt.open * p;
      variance[week]! += debt.open * debt.open * p * (1 - p);
    }
  }
  return {
    weeks: expected.map((amount, w) => ({
      weekStart: isoDay(start + 7 * w),
      weekEnd: isoDay(start + 7 * w + 6),
      expected: amount,
      spread: Math.sqrt(variance[w]!),
    })),
    later,
    disputed,
    notExpected,
  };
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

export interface BacktestPoint {
  monthEnd: string;
  weekStart: string;
  forecast: number;
  actual: number;
}

/** The mean absolute percentage error of the points with cash collected, in %, 1 decimal; null without any. */
export function mape(points: readonly BacktestPoint[]): number | null {
  const counted = points.filter((p) => p.actual > 0);
  if (counted.length === 0) return null;
  const sum = counted.reduce((s, p) => s + Math.abs(p.forecast - p.actual) / p.actual, 0);
  return Math.round((sum / counted.length) * 1000) / 10;
}

/**
 * The band of each week: the expected cash, give or take the larger of the back-test's error at that
 * distance (its week 4 for the weeks after) and the 80% range of the debts' own spread. The first
 * is what the rule missed by before; the second is what a few large debts can swing. Never below 0.
 */
export function withBand(
  weeks: readonly WeekCash[],
  points: readonly BacktestPoint[],
): { weekStart: string; weekEnd: string; expected: number; low: number; high: number }[] {
  const weekOf = (p: BacktestPoint) => Math.round((dayNumber(p.weekStart) - dayNumber(p.monthEnd) - 1) / 7);
  const errors = Array.from({ length: BACKTEST_WEEKS }, (_, w) => mape(points.filter((p) => weekOf(p) === w)));
  return weeks.map((week, w) => {
    const error = (errors[Math.min(w, BACKTEST_WEEKS - 1)] ?? 0) / 100;
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
