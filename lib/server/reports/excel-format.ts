import 'server-only';
import { format, parseISO } from 'date-fns';

/** The date format of every date cell: a real date, shown as 20-Nov-2026. */
export const DATE_FORMAT = 'dd-mmm-yyyy';
export const COUNT_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.0"%"';
export const DAYS_FORMAT = '0.0';

/**
 * The Excel number format of an amount in the client's currency and locale: the currency sign from
 * Intl, Indian grouping (lakh, crore) for en-IN, negatives in red with a minus sign.
 * en-IN / INR gives '"₹"#,##,##0.00'.
 */
export function moneyFormat(currency: string, locale: string): string {
  const sign =
    new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')
      ?.value ?? currency;
  const grouping = locale.endsWith('-IN') ? '#,##,##0.00' : '#,##0.00';
  const positive = `"${sign}"${grouping}`;
  return `${positive};[Red]-${positive}`;
}

/** A YYYY-MM-DD day as the Date Excel stores (UTC midnight, so no time-zone drift). */
export function excelDate(day: string | null | undefined): Date | null {
  return day ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : null;
}

/** 20 Nov 2026, for titles: date-fns's three-letter months ('Sep', where en-IN's Intl writes 'Sept'). */
export function titleDate(day: string): string {
  return format(parseISO(day.slice(0, 10)), 'd MMM yyyy');
}
