/**
 * Calendar arithmetic on plain day numbers (days since 1970-01-01). The ledger touches millions of
 * dates at large scales; integers are cheap to add and compare, and `dayStr` caches the
 * 'YYYY-MM-DD' strings that Drizzle's date() columns take.
 */

const MS_PER_DAY = 86_400_000;
const IST_OFFSET_MINUTES = 330;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDayString(text: string): boolean {
  const m = DAY_PATTERN.exec(text);
  if (!m) return false;
  const n = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(n).toISOString().slice(0, 10) === text;
}

export function dayNum(text: string): number {
  const m = DAY_PATTERN.exec(text);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY);
}

const dayStrCache = new Map<number, string>();
export function dayStr(day: number): string {
  let text = dayStrCache.get(day);
  if (text === undefined) {
    text = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    dayStrCache.set(day, text);
  }
  return text;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function ymd(day: number): { year: number; month: number; date: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

export function fromYmd(year: number, month: number, date: number): number {
  return Math.round(Date.UTC(year, month - 1, date) / MS_PER_DAY);
}

/** The same day of the month k months later, clamped to the month's last day. */
export function addMonths(day: number, k: number): number {
  const { year, month, date } = ymd(day);
  const target = new Date(Date.UTC(year, month - 1 + k, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return fromYmd(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(date, last));
}

export function monthEnd(day: number): number {
  const { year, month } = ymd(day);
  return Math.round(Date.UTC(year, month, 0) / MS_PER_DAY);
}

/** Indian financial year (April to March) of a day, as printed on invoices: '2025-26'. */
export function financialYear(day: number): string {
  const { year, month } = ymd(day);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** An instant on a day at hh:mm India time (IST has no daylight saving). */
export function istInstant(day: number, minuteOfDay: number): Date {
  return new Date(day * MS_PER_DAY + (minuteOfDay - IST_OFFSET_MINUTES) * 60_000);
}

/** Today's date in India, the default `today` of the seed. */
export function todayInIndia(now = new Date()): string {
  return dayStr(Math.floor((now.getTime() + IST_OFFSET_MINUTES * 60_000) / MS_PER_DAY));
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '12 May' style, as people write dates in notes. */
export function shortDate(day: number): string {
  const { month, date } = ymd(day);
  return `${date} ${MONTH_NAMES[month - 1]?.slice(0, 3)}`;
}
