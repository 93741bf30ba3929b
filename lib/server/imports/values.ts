/**
 * Cell values of an import file: dates in the styles ERPs export (ISO, day-first or month-first), amounts with Indian or
 * Western digit grouping. Each parser returns the normalised value or a reason the row is refused.
 */
import { DOC_TYPES, type DocType } from '@/lib/domain/filters';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
// 5/1/2026, 05-01-2026: day and month of one or two digits, in the order the file uses.
const SLASHED = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
/** The days of month m (1-12) of year y. */
const daysInMonth = (y: number, m: number) => (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!);
const isDay = (y: number, m: number, d: number) => y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Day first (05/11/2026, the Indian way and the default) or month first (11/05/2026, US-built ERPs). */
export type DateOrder = 'dmy' | 'mdy';
export const isDateOrder = (text: string): text is DateOrder => text === 'dmy' || text === 'mdy';

/**
 * What a cell can mean: the day it reads day-first and month-first (null where that reading is
 * no calendar day; both the same for an ISO date or 05/05/2026), or null when it is no date at all.
 */
export function dateReadings(text: string): { dmy: string | null; mdy: string | null } | null {
  const isoMatch = ISO.exec(text);
  if (isoMatch) {
    const [y, m, d] = [Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3])];
    const day = isDay(y, m, d) ? text : null;
    return { dmy: day, mdy: day };
  }
  const slashed = SLASHED.exec(text);
  if (!slashed) return null;
  const [a, b, y] = [Number(slashed[1]), Number(slashed[3]), Number(slashed[4])];
  return { dmy: isDay(y, b, a) ? iso(y, b, a) : null, mdy: isDay(y, a, b) ? iso(y, a, b) : null };
}

/**
 * YYYY-MM-DD, or D/M/YYYY and D-M-YYYY in the given order (one or two digits), a real calendar
 * day; returns YYYY-MM-DD. Checked by arithmetic rather than through a Date: a million-row file
 * reads two dates per row.
 */
export function parseDate(text: string, order: DateOrder = 'dmy'): Parsed<string> {
  const readings = dateReadings(text);
  if (!readings) {
    const style = order === 'dmy' ? 'DD-MM-YYYY or DD/MM/YYYY' : 'MM-DD-YYYY or MM/DD/YYYY';
    return { ok: false, reason: `"${text}" is not a date (YYYY-MM-DD, ${style})` };
  }
  const value = readings[order];
  if (value) return { ok: true, value };
  const other = readings[order === 'dmy' ? 'mdy' : 'dmy'];
  return {
    ok: false,
    reason: other
      ? `"${text}" is not a calendar date ${order === 'dmy' ? 'day' : 'month'}-first (it reads ${order === 'dmy' ? 'month' : 'day'}-first only)`
      : `"${text}" is not a calendar date`,
  };
}

const PLAIN = /^\d+(\.\d{1,2})?$/;
// 12,34,567.50: the last group has three digits, those before it two (the lakh/crore style).
const INDIAN = /^\d{1,2}(,\d{2})*,\d{3}(\.\d{1,2})?$/;
// 1,234,567.50
const WESTERN = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const NON_ZERO = /[1-9]/;
/** numeric(18,2) holds 16 integer digits. */
const MAX_INTEGER_DIGITS = 16;

/**
 * A non-negative amount with at most 2 decimals and optional thousands grouping; returns a plain
 * decimal string ("1234567.50") that PostgreSQL reads exactly (no floating point on the way).
 */
export function parseAmount(text: string, options: { positive: boolean }): Parsed<string> {
  if (text.startsWith('-')) {
    return { ok: false, reason: `"${text}" is negative: amounts are positive (a credit note is a CREDIT_NOTE row)` };
  }
  if (!PLAIN.test(text) && !INDIAN.test(text) && !WESTERN.test(text)) {
    const decimals = /\.(\d+)$/.exec(text)?.[1];
    if (decimals && decimals.length > 2 && /^[\d,]+\.\d+$/.test(text))
      return { ok: false, reason: `"${text}" has more than 2 decimals` };
    return {
      ok: false,
      reason: `"${text}" is not an amount (digits, optional 12,34,567.50 or 1,234,567.50 grouping, up to 2 decimals)`,
    };
  }
  const plain = text.includes(',') ? text.replaceAll(',', '') : text;
  const dot = plain.indexOf('.');
  const whole = dot < 0 ? plain : plain.slice(0, dot);
  const fraction = dot < 0 ? '' : plain.slice(dot + 1);
  const digits = whole.charCodeAt(0) === 48 ? whole.replace(/^0+(?=\d)/, '') : whole; // 48: "0"
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, reason: `"${text}" is too large` };
  if (options.positive && !NON_ZERO.test(plain)) return { ok: false, reason: `"${text}" must be above zero` };
  return { ok: true, value: `${digits}.${fraction.length === 2 ? fraction : fraction.padEnd(2, '0')}` };
}

export function parseRating(text: string): Parsed<number> {
  if (text === '1' || text === '2' || text === '3') return { ok: true, value: Number(text) };
  return { ok: false, reason: `"${text}" is not a rating (1 low, 2 medium or 3 high risk)` };
}

export function parseDocType(text: string): Parsed<DocType> {
  const upper = text.toUpperCase() as DocType;
  if (text === '') return { ok: true, value: 'INVOICE' };
  if (DOC_TYPES.includes(upper)) return { ok: true, value: upper };
  return { ok: false, reason: `"${text}" is not a document type (INVOICE, CREDIT_NOTE, DEBIT_NOTE or WRITE_OFF)` };
}

/** How a receipt refers to bills: against one, an advance, or on account (lib/domain/receipts.ts). */
export type ReceiptKind = 'AGAINST' | 'ADVANCE' | 'ON_ACCOUNT';

// Tally's bill-wise reference types, as its exports spell them, and ours.
const RECEIPT_KINDS: Record<string, ReceiptKind> = {
  against: 'AGAINST',
  'agst ref': 'AGAINST',
  advance: 'ADVANCE',
  on_account: 'ON_ACCOUNT',
  'on account': 'ON_ACCOUNT',
};

/** AGAINST, ADVANCE or ON_ACCOUNT, or Tally's "Agst Ref", "Advance", "On Account" (any case). */
export function parseReceiptKind(text: string): Parsed<ReceiptKind> {
  const kind = RECEIPT_KINDS[text.trim().toLowerCase().replace(/\s+/g, ' ')];
  if (kind) return { ok: true, value: kind };
  if (/^new ref$/i.test(text.trim()))
    return { ok: false, reason: `"${text}" names a new bill: a receipt is Agst Ref, Advance or On Account` };
  return {
    ok: false,
    reason: `"${text}" is not a receipt kind (AGAINST, ADVANCE or ON_ACCOUNT; Tally's Agst Ref, Advance, On Account)`,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseEmail(text: string): Parsed<string> {
  return EMAIL.test(text)
    ? { ok: true, value: text.toLowerCase() }
    : { ok: false, reason: `"${text}" is not an email address` };
}

// The formats the parsers above accept, said once for the import page's column guide.
export const DATE_FORMAT =
  'A day: 2026-11-05, 05-11-2026, 05/11/2026 or 5/11/2026 (day first unless the file says otherwise)';
export const AMOUNT_FORMAT = 'Rupees above zero, up to 2 decimals: 118000, 1,18,000.00 or 118,000.00';

/** A date cell in the file's order: every date column's parser (formats.ts finds the date columns by it). */
export const parseDateCell = (value: string, ctx: { dateOrder: DateOrder }) => parseDate(value, ctx.dateOrder);

/** One of `values`, in any case, spaces or hyphens for underscores ('not received' is NOT_RECEIVED). */
export const parseOneOf =
  (values: readonly string[]) =>
  (value: string): Parsed<string> => {
    const word = value
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    return values.includes(word)
      ? { ok: true, value: word }
      : { ok: false, reason: `"${value}" is not one of ${values.join(', ')}` };
  };
