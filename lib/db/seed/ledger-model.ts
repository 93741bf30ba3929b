/**
 * The ledger model: how many documents each customer gets per month, how big they are, and when
 * (and whether) they are paid. Pure functions over a per-customer random stream, so the same
 * customer yields the same documents on both passes of the seed (one to size credit limits, one to
 * write rows).
 */
import { addMonths, fromYmd, monthEnd, weekday, ymd } from './dates';
import { roundRupees } from './money';
import type { ObligorPlan, Profile } from './obligor-plan';
import type { Rng } from './random';

export type DocType = 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';

export interface PlannedPayment {
  day: number;
  paise: number;
}

export interface PlannedItem {
  /** Index of the customer in ClientPlan.children. */
  obligor: number;
  /** Order of the item within its customer, for a stable sort. */
  seq: number;
  docType: DocType;
  issue: number;
  due: number;
  /** About 1% of items come from the ERP without a due date. */
  dueMissing: boolean;
  paise: number;
  /** Payments dated on or before today only. */
  payments: PlannedPayment[];
  /** Which recent invoice a credit or debit note refers to (0 = the latest). */
  refPick: number;
}

export interface LedgerMonth {
  from: number;
  to: number;
  /** Expected documents of the whole client in this month. */
  volume: number;
}

/** Per-customer state carried from month to month. */
export interface ObligorLedgerState {
  seq: number;
  invoices: number;
}

// Seasonality of Indian B2B distribution: festive stocking for Dussehra/Diwali, the March
// year-end push, a soft April and a monsoon lull.
const SEASON: Record<number, number> = { 3: 1.1, 4: 0.92, 6: 0.95, 7: 0.95, 9: 1.06, 10: 1.24, 11: 1.18 };
const MONTHLY_GROWTH = 1.012;

/** Calendar months of the window, each with its share of the client's documents. */
export function ledgerMonths(windowStart: number, today: number, totalDocuments: number): LedgerMonth[] {
  const months: { from: number; to: number; factor: number }[] = [];
  let index = 0;
  for (let from = windowStart; from <= today; index++) {
    const to = Math.min(monthEnd(from), today);
    const { month } = ymd(from);
    const covered = to - from + 1;
    months.push({ from, to, factor: (covered / 30.4) * MONTHLY_GROWTH ** index * (SEASON[month] ?? 1) });
    from = to + 1;
  }
  const sum = months.reduce((a, m) => a + m.factor, 0);
  return months.map((m) => ({ from: m.from, to: m.to, volume: (totalDocuments * m.factor) / sum }));
}

/** Share of a month during which the customer already bought from the client (0..1). */
export function activeShare(obligor: ObligorPlan, month: LedgerMonth): number {
  if (obligor.onboardDay <= month.from) return 1;
  if (obligor.onboardDay > month.to) return 0;
  return (month.to - obligor.onboardDay + 1) / (month.to - month.from + 1);
}

/** Invoices are not raised on Sundays: move to Saturday, or to Monday at the start of a range. */
function workingDay(day: number, from: number, to: number): number {
  if (weekday(day) !== 0) return day;
  if (day - 1 >= from) return day - 1;
  return day + 1 <= to ? day + 1 : day;
}

/** Splits an amount into 2-3 instalments of round figures, the last one taking the remainder. */
function instalments(rng: Rng, paise: number, parts: number): number[] {
  const out: number[] = [];
  let left = paise;
  for (let i = 0; i < parts - 1; i++) {
    const share = roundRupees(left * rng.float(0.3, 0.6), left > 10_000_000 ? 10_000 : 1_000, 'down');
    if (share <= 0 || share >= left) break;
    out.push(share);
    left -= share;
  }
  out.push(left);
  return out;
}

/** Days after the due date that a customer of this profile settles (null: does not pay). */
function settlementDelay(rng: Rng, profile: Profile, termDays: number): { delay: number | null; short: boolean } {
  switch (profile) {
    case 'PROMPT':
      if (rng.chance(0.06)) return { delay: -rng.int(3, Math.max(3, termDays - 1)), short: false };
      if (rng.chance(0.05)) return { delay: rng.int(8, 20), short: false };
      return { delay: Math.round(rng.normal(0, 3)), short: false };
    case 'AVERAGE':
      return { delay: rng.chance(0.2) ? rng.int(-2, 9) : rng.int(10, 25), short: rng.chance(0.02) };
    case 'SLOW':
      if (rng.chance(0.03)) return { delay: null, short: false };
      return { delay: rng.chance(0.1) ? rng.int(10, 29) : rng.int(30, 80), short: rng.chance(0.08) };
    case 'DELINQUENT':
      // Many items are never paid; the rest come in months late, often only in part.
      if (rng.chance(0.2)) return { delay: null, short: false };
      return { delay: rng.int(60, 240), short: rng.chance(0.15) };
  }
}

/** Payments of an invoice or debit note, dropping every one that would fall after today. */
function settle(
  rng: Rng,
  obligor: ObligorPlan,
  issue: number,
  due: number,
  paise: number,
  today: number,
): PlannedPayment[] {
  const { delay, short } = settlementDelay(rng, obligor.profile ?? 'AVERAGE', obligor.termDays);
  const parts = rng.chance(0.15) ? rng.int(2, 3) : 1;
  if (delay === null) return [];
  // A short payment leaves part of the item open for good (a disputed deduction, a cash squeeze).
  const payable = short ? roundRupees(paise * rng.float(0.3, 0.8), 100, 'down') : paise;
  const amounts = instalments(rng, payable, parts);
  const payDay = Math.max(issue, due + delay);
  let day = parts > 1 ? Math.max(issue, payDay - rng.int(5, 20)) : payDay;
  const out: PlannedPayment[] = [];
  amounts.forEach((amount, i) => {
    if (i > 0) day += rng.int(7, 25);
    if (day <= today && amount > 0) out.push({ day, paise: amount });
  });
  return out;
}

/** The documents of one customer in one month, with their payments up to today. */
export function generateMonth(
  rng: Rng,
  obligor: ObligorPlan,
  index: number,
  state: ObligorLedgerState,
  month: LedgerMonth,
  lambda: number,
  today: number,
): PlannedItem[] {
  const n = rng.poisson(lambda);
  if (n === 0) return [];
  const from = Math.max(month.from, obligor.onboardDay);
  const items: PlannedItem[] = [];
  for (let k = 0; k < n; k++) {
    const r = rng.next();
    const issue = workingDay(rng.int(from, month.to), from, month.to);
    const dueMissing = rng.chance(0.01);
    const refPick = rng.int(0, 2);
    let docType: DocType = r < 0.03 ? 'CREDIT_NOTE' : r < 0.04 ? 'DEBIT_NOTE' : 'INVOICE';
    if (docType !== 'INVOICE' && state.invoices === 0) docType = 'INVOICE';
    let paise: number;
    let due: number;
    let payments: PlannedPayment[];
    if (docType === 'CREDIT_NOTE') {
      // Rate difference, damaged stock, scheme discount: a small negative item, usually adjusted
      // against the account a few weeks later by a payment of the same negative amount.
      paise = -Math.max(50_000, Math.round(obligor.medianPaise * rng.float(0.02, 0.25)));
      due = issue;
      const adjustOn = issue + rng.int(3, 45);
      payments = rng.chance(0.7) && adjustOn <= today ? [{ day: adjustOn, paise }] : [];
    } else if (docType === 'DEBIT_NOTE') {
      // Interest on late payment or freight recovery: small, due in 15 days.
      paise = Math.max(20_000, Math.round(obligor.medianPaise * rng.float(0.01, 0.08)));
      due = issue + 15;
      payments = settle(rng, obligor, issue, due, paise, today);
    } else {
      const rupees = Math.min(4_000_000, Math.max(1_500, rng.logNormal(obligor.medianPaise / 100, 0.55)));
      paise = Math.round(rupees * 100);
      due = issue + obligor.termDays;
      payments = settle(rng, obligor, issue, due, paise, today);
      state.invoices++;
    }
    items.push({ obligor: index, seq: state.seq++, docType, issue, due, dueMissing, paise, payments, refPick });
  }
  return items;
}

export function outstandingPaise(item: PlannedItem): number {
  let paid = 0;
  for (const p of item.payments) paid += p.paise;
  return item.paise - paid;
}

/** Months of the window that fall in the last six months, to size limits on recent sales. */
export function recentCutoff(today: number): number {
  const sixMonthsAgo = addMonths(today, -6);
  const { year, month } = ymd(sixMonthsAgo);
  return fromYmd(year, month, 1);
}
