import { endOfMonth, format, parseISO, startOfMonth, subMonths } from 'date-fns';
import { DEFAULT_RANGE_MONTHS } from '@/lib/constants';

/** Calendar days as 'YYYY-MM-DD'; the business day is India's (IST, UTC+5:30, no DST). */
const IST_OFFSET_MS = 330 * 60_000;

export function todayIso(now = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function iso(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Every month end from the month of `from` up to (not including) the month of `to`. */
export function monthEndsBetween(from: string, to: string): string[] {
  const ends: string[] = [];
  const stop = startOfMonth(parseISO(to));
  for (let m = startOfMonth(parseISO(from)); m < stop; m = startOfMonth(endOfMonth(m).getTime() + 86_400_000)) {
    ends.push(iso(endOfMonth(m)));
  }
  return ends;
}

/** Spec section 9: the default range runs from 12 months before today to today. */
export function defaultRange(today: string): { fromDate: string; toDate: string } {
  return { fromDate: iso(subMonths(parseISO(today), DEFAULT_RANGE_MONTHS)), toDate: today };
}

/** The previous calendar month of `day`: [first day, last day]. */
export function previousMonth(day: string): { start: string; end: string } {
  const prev = subMonths(parseISO(day), 1);
  return { start: iso(startOfMonth(prev)), end: iso(endOfMonth(prev)) };
}

/** The month end of each month in [fromDate, toDate], with toDate itself for its own month. */
export function monthPoints(fromDate: string, toDate: string): string[] {
  return [...monthEndsBetween(fromDate, toDate), toDate];
}
