import { endOfMonth, parseISO, startOfMonth, subMonths } from 'date-fns';
import { iso } from './dates';

/** The month end before a day (31 Oct for any day of November). */
export function previousMonthEnd(day: string): string {
  return iso(endOfMonth(subMonths(parseISO(day), 1)));
}

/**
 * The two dates the business performance matrix compares: the date (today unless given) against
 * the previous month end (unless a compare date is given).
 */
export function periodPair(
  params: { date?: string; compareDate?: string },
  today: string,
): { date: string; compareDate: string } {
  const date = params.date ?? today;
  return { date, compareDate: params.compareDate ?? previousMonthEnd(date) };
}

/**
 * The summary dashboard's periods: this period is the month to date (now), the previous one the
 * whole previous month, read at its month end (before); fromDate starts the previous month, so a
 * monthly overview from it has the two months' collections as its last two points.
 */
export function summaryPeriods(today: string): { now: string; before: string; fromDate: string } {
  return { now: today, before: previousMonthEnd(today), fromDate: iso(startOfMonth(subMonths(parseISO(today), 1))) };
}
