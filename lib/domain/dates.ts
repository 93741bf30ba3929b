import { endOfMonth, format, parseISO, startOfMonth, subMonths } from 'date-fns';
import { DEFAULT_RANGE_MONTHS } from '@/lib/constants';
import { dayIn, DEFAULT_TIME_ZONE } from './instants';

/**
 * Today as 'YYYY-MM-DD' in a time zone. A client's "today" is its own zone's day
 * (`clientToday` on the server, `useClientToday` in the browser); without a zone it is India's.
 */
export function todayIso(now = new Date(), timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(now, timeZone);
}

/**
 * A month as charts and tables name it: 'Nov 2025', the year always in full ('Nov 25' could be a
 * day) and the three-letter month of date-fns ('Sep', where en-IN's Intl writes 'Sept').
 */
export function monthLabel(month: string): string {
  return format(parseISO(month.length === 7 ? `${month}-01` : month), 'MMM yyyy');
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
