/**
 * Days sales outstanding (design.md section 3; docs/glossary.md).
 * - Monthly DSO for month m = receivables at the end of m / credit sales invoiced in m x days in m.
 * - Annual DSO = receivables at the DSO end date / credit sales in the 12 months up to it x 365.
 * - The DSO end date is one month before today (spec section 9).
 * Credit sales are the documents issued (invoices and debit notes, net of credit notes). A period
 * without positive sales has no DSO (null), never a division by zero or a negative figure.
 */
import { parseISO, subMonths } from 'date-fns';
import { DSO_END_LAG_MONTHS } from '@/lib/constants';
import { iso } from './dates';

export const DAYS_IN_YEAR = 365;

export function dsoEndDate(today: string): string {
  return iso(subMonths(parseISO(today), DSO_END_LAG_MONTHS));
}

function ratioDays(receivables: number, sales: number, days: number): number | null {
  if (!(sales > 0)) return null;
  return Math.round((receivables / sales) * days * 10) / 10;
}

/**
 * `monthEnd` is the last day of the month, or the day a month still running is measured to (the
 * DSO end date): then its sales are those up to that day, over as many days.
 */
export function monthlyDso(receivablesAtMonthEnd: number, salesInMonth: number, monthEnd: string): number | null {
  return ratioDays(receivablesAtMonthEnd, salesInMonth, parseISO(monthEnd).getDate());
}

export function annualDso(receivablesAtEnd: number, salesIn12Months: number): number | null {
  return ratioDays(receivablesAtEnd, salesIn12Months, DAYS_IN_YEAR);
}
