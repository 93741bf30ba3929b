/**
 * Cells of a bank statement as the banks write them. Dates: HDFC dd/mm/yy, ICICI and Axis
 * dd/mm/yyyy (ICICI's posted date with a time after it), SBI dd Mon yyyy or dd-Mon-yy, and
 * YYYY-MM-DD for a date cell of a workbook (the XLSX reader writes dates so). Amounts: Indian or
 * Western grouping, a rupee sign or INR, Kotak's and SBI's Cr/Dr marks ("1,000.00(Cr)",
 * "14,719.00 CR"), Axis's overdrawn balance "-,77,65,682.30". Money is kept in paise (integers),
 * so a running balance adds up exactly.
 */

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  SEPT: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/;
const NAMED = /^(\d{1,2})[\s-]([A-Za-z]{3,4})[\s-,]+(\d{2}|\d{4})$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A two-digit year is this century's: statements are of recent months. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** The day a statement cell names, as YYYY-MM-DD; null when it is no date (or no real calendar day). */
export function parseBankDate(text: string): string | null {
  // A time after the day (ICICI's "Transaction Posted Date") says nothing about the day.
  const t = text.trim().replace(/\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?$/i, '');
  const iso = ISO.exec(t);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC.exec(t);
  if (numeric) return isoDay(fullYear(numeric[4]!), Number(numeric[3]), Number(numeric[1]));
  const named = NAMED.exec(t);
  const month = named && MONTHS[named[2]!.toUpperCase()];
  if (named && month) return isoDay(fullYear(named[3]!), month, Number(named[1]));
  return null;
}

export type Mark = 'CR' | 'DR';

export type ParsedAmount = { ok: true; paise: number | null; mark: Mark | null } | { ok: false; reason: string };

const PLAIN = /^\d+(\.\d{1,2})?$/;
/** 12,34,567.50: the last group three digits, those before it two (lakh and crore). */
const INDIAN = /^\d{1,2}(,\d{2})*,\d{3}(\.\d{1,2})?$/;
const WESTERN = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
/** Below 10^13 rupees: exact in paise as a JavaScript number, and more than any account holds. */
const MAX_PAISE = 1e15;

/**
 * An amount cell: null paise for an empty cell ("", "-", "0.00" is zero, not empty). A sign or a
 * Cr/Dr mark is returned for the caller to read: a balance marked Dr is overdrawn, an amount
 * marked Cr in a single amount column is a deposit.
 */
export function parseBankAmount(text: string): ParsedAmount {
  let t = text.replace(/[\s\u00a0]+/g, ' ').trim();
  if (t === '' || t === '-' || t === '--') return { ok: true, paise: null, mark: null };
  let mark: Mark | null = null;
  const marked = /^(.*?)\s*\(?\b(CR|DR)\b\.?\)?$/i.exec(t);
  if (marked) {
    mark = marked[2]!.toUpperCase() as Mark;
    t = marked[1]!;
  }
  t = t.replace(/^(?:₹|INR|RS\.?)\s*/i, '').replace(/\s/g, '');
  const negative = t.startsWith('-');
  if (negative || t.startsWith('+')) t = t.slice(1).replace(/^,/, '');
  if (!PLAIN.test(t) && !INDIAN.test(t) && !WESTERN.test(t))
    return { ok: false, reason: `"${text.trim()}" is not an amount` };
  const [whole, fraction = ''] = t.replaceAll(',', '').split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (paise >= MAX_PAISE) return { ok: false, reason: `"${text.trim()}" is too large` };
  return { ok: true, paise: negative ? -paise : paise, mark };
}

/** Paise as a decimal string PostgreSQL reads exactly ("-1234.50"). */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
