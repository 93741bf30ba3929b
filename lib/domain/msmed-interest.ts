import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { iso } from './dates';

/**
 * The MSMED Act 2006 on late payment to a micro or small supplier (docs/msme-and-cheques.md):
 * s15 the buyer pays by the agreed day, never more than 45 days from acceptance, or within 15 days
 * when nothing was agreed (s2(b), the "appointed day" is the day after those 15 days); s16 past
 * that day the buyer owes compound interest with monthly rests at three times the bank rate
 * notified by the Reserve Bank, whatever the contract says.
 */

export const MSME_CATEGORIES = ['MICRO', 'SMALL', 'MEDIUM'] as const;
export type TMsmeCategory = (typeof MSME_CATEGORIES)[number];

/** s15: an agreed credit period counts up to 45 days from acceptance. */
export const MSMED_MAX_AGREED_DAYS = 45;
/** s2(b): with nothing agreed, the buyer pays within 15 days of acceptance. */
export const MSMED_DEFAULT_DAYS = 15;
/** s16: three times the bank rate. */
export const MSMED_RATE_MULTIPLE = 3;
/** Interest for a day is a 365th of the year's rate, leap years included (the product's convention). */
export const DAYS_IN_YEAR = 365;

/** Interest is owed to micro and small suppliers only (s2(n): a medium enterprise is no "supplier"). */
export function interestApplies(category: TMsmeCategory | null | undefined): boolean {
  return category === 'MICRO' || category === 'SMALL';
}

/** One RBI Bank Rate, in per cent a year, in force from its day until the next one's. */
export interface BankRate {
  effectiveFrom: string;
  ratePercent: number;
}

const day = (s: string) => parseISO(s);

/**
 * The last day the buyer may pay without interest: acceptance + the agreed days (at most 45), or
 * + 15 when none were agreed. Interest runs from the next day (s16).
 */
export function statutoryDueDate(acceptanceDate: string, agreedDays: number | null | undefined): string {
  const days =
    agreedDays === null || agreedDays === undefined
      ? MSMED_DEFAULT_DAYS
      : Math.min(Math.max(0, Math.floor(agreedDays)), MSMED_MAX_AGREED_DAYS);
  return iso(addDays(day(acceptanceDate), days));
}

/** The Bank Rate in force on a day (rates sorted or not); the earliest known rate before the table starts. */
export function bankRateOn(rates: readonly BankRate[], date: string): number | null {
  let best: BankRate | null = null;
  let earliest: BankRate | null = null;
  for (const r of rates) {
    if (!earliest || r.effectiveFrom < earliest.effectiveFrom) earliest = r;
    if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  }
  return (best ?? earliest)?.ratePercent ?? null;
}

export interface InterestInput {
  /** What the invoice asks (rupees). */
  amount: number;
  /** The statutory due date (statutoryDueDate). */
  dueDate: string;
  /** Payments and credits against it, each dated (rupees); they lower the principal first. */
  payments: readonly { date: string; amount: number }[];
  /** Interest is worked out to the end of this day. */
  asOf: string;
  rates: readonly BankRate[];
}

export interface InterestMonth {
  /** 'yyyy-mm' */
  month: string;
  /** Principal plus interest already added at earlier rests, at the month's first interest day. */
  openingBase: number;
  /** Three times the Bank Rate on the month's last interest day (per cent a year). */
  ratePercent: number;
  /** Days of the month interest ran. */
  days: number;
  /** Interest of the month, added to the base at its end (the monthly rest). */
  interest: number;
}

export interface InterestResult {
  /** Days from the due date to the day the principal was paid, or to asOf while it is owed (0 if none). */
  daysBeyond: number;
  /** Principal still owed at the end of asOf. */
  principalOutstanding: number;
  /** Interest owed at the end of asOf, compounded at each month end, to the paisa. */
  interest: number;
  /** The working, month by month (the case file shows it). */
  months: InterestMonth[];
}

const paise = (n: number) => Math.round(n * 100) / 100;

/** Days since 01/01/1970 of a 'yyyy-mm-dd' day, and back: plain arithmetic in the interest's loop. */
const MS_A_DAY = 86_400_000;
const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / MS_A_DAY;
const isoDay = (n: number) => new Date(n * MS_A_DAY).toISOString().slice(0, 10);
/** The day number of the last day of the month holding day `n`. */
function monthEndOf(n: number): number {
  const d = new Date(n * MS_A_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / MS_A_DAY;
}

/**
 * s16 interest on one invoice to the end of `asOf`. Each day from the day after the due date, while
 * principal is owed, earns (principal + interest added at earlier month ends) x 3 x the Bank Rate in
 * force that day / 365; a payment dated that day counts from the next day (a payment on the due date
 * owes nothing, one a day later owes one day). At each calendar month end the month's interest is
 * added to the base (monthly rests). A payment lowers the principal; only what exceeds it pays
 * interest. Interest stops growing once the principal is paid; what accrued stays owed.
 */
export function msmedInterest(input: InterestInput): InterestResult {
  const payments = [...input.payments].filter((p) => p.amount !== 0).sort((a, b) => a.date.localeCompare(b.date));
  let principal = input.amount;
  let capitalised = 0;
  let accrued = 0;
  let pi = 0;
  const pay = (amount: number) => {
    const toPrincipal = Math.min(principal, amount);
    principal -= toPrincipal;
    let rest = amount - toPrincipal;
    const fromCapital = Math.min(capitalised, rest);
    capitalised -= fromCapital;
    rest -= fromCapital;
    accrued = Math.max(0, accrued - rest);
  };
  // Payments up to the due date owe nothing.
  while (pi < payments.length && payments[pi]!.date <= input.dueDate) pay(payments[pi++]!.amount);
  const months: InterestMonth[] = [];
  let paidOn: string | null = principal <= 0.005 ? input.dueDate : null;
  let current: InterestMonth | null = null;
  if (input.asOf > input.dueDate && principal > 0.005) {
    // Day by day in spans over which nothing changes (the base, the rate): each span ends at the
    // earliest of the month end, the day before the next Bank Rate, a payment's day and asOf, so a
    // year late costs a dozen steps, not 365 (a page of a list works out a page of invoices).
    const changes = [...new Set(input.rates.map((r) => r.effectiveFrom))].sort().map(dayNumber);
    const last = dayNumber(input.asOf);
    let from = dayNumber(input.dueDate) + 1;
    while (from <= last && principal > 0.005) {
      const fromIso = isoDay(from);
      const rate = MSMED_RATE_MULTIPLE * (bankRateOn(input.rates, fromIso) ?? 0);
      const monthEnd = monthEndOf(from);
      const nextRate = changes.find((c) => c > from);
      const payDay = pi < payments.length ? dayNumber(payments[pi]!.date) : null;
      const to = Math.min(last, monthEnd, nextRate === undefined ? last : nextRate - 1, payDay ?? last);
      const days = to - from + 1;
      const base = principal + capitalised;
      if (!current) {
        current = { month: fromIso.slice(0, 7), openingBase: paise(base), ratePercent: rate, days: 0, interest: 0 };
        months.push(current);
      }
      accrued += ((base * rate) / 100 / DAYS_IN_YEAR) * days;
      current.days += days;
      current.ratePercent = rate;
      // A payment counts from the day after its own: its day earned interest on the whole base.
      const toIso = isoDay(to);
      while (pi < payments.length && payments[pi]!.date === toIso) pay(payments[pi++]!.amount);
      if (principal <= 0.005 && !paidOn) paidOn = toIso;
      if (to === monthEnd) {
        current.interest = accrued;
        capitalised += accrued;
        accrued = 0;
        current = null;
      }
      from = to + 1;
    }
    if (current) current.interest = accrued;
  }
  while (pi < payments.length && payments[pi]!.date <= input.asOf) pay(payments[pi++]!.amount);
  const stop = paidOn ?? input.asOf;
  return {
    daysBeyond: Math.max(0, differenceInCalendarDays(day(stop), day(input.dueDate))),
    principalOutstanding: paise(Math.max(0, principal)),
    interest: paise(capitalised + accrued),
    months: months.map((m) => ({ ...m, interest: paise(m.interest) })),
  };
}

/**
 * CGST Act s16(2) second proviso: a buyer who has not paid within 180 days of the invoice date
 * reverses the input tax credit. The reminders mention it from day 150.
 */
export const ITC_REVERSAL_DAYS = 180;
export const ITC_WARNING_DAYS = 150;

export function itcReversalDate(invoiceDate: string): string {
  return iso(addDays(day(invoiceDate), ITC_REVERSAL_DAYS));
}
