/**
 * Cell values of an import file: dates in the three styles ERPs export, amounts with Indian or
 * Western digit grouping. Each parser returns the normalised value or a reason the row is refused.
 */
import { DOC_TYPES, type DocType } from '@/lib/domain/filters';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{2})([-/])(\d{2})\2(\d{4})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
/** The days of month m (1-12) of year y. */
const daysInMonth = (y: number, m: number) => (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!);

/**
 * YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY, a real calendar day; returns YYYY-MM-DD. Checked by
 * arithmetic rather than through a Date: a million-row file reads two dates per row.
 */
export function parseDate(text: string): Parsed<string> {
  const iso = ISO.exec(text);
  const dayFirst = iso ? null : DAY_FIRST.exec(text);
  if (!iso && !dayFirst) {
    return { ok: false, reason: `"${text}" is not a date (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY)` };
  }
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : [dayFirst![4]!, dayFirst![3]!, dayFirst![1]!];
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    return { ok: false, reason: `"${text}" is not a calendar date` };
  }
  return { ok: true, value: iso ? text : `${year}-${month}-${day}` };
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
  return { ok: false, reason: `"${text}" is not a document type (INVOICE, CREDIT_NOTE or DEBIT_NOTE)` };
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
