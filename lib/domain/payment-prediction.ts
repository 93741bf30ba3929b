/**
 * When each open debt will be paid (docs/collections.md, "Expected payment"), from how late the
 * customer paid before: its lateness profile is the invoices and debit notes it settled in the 12
 * months before the as-of day, by days late (settlement less the due date, or the issue date without
 * one), amount-weighted, the same reading as its payment behaviour.
 *
 * - A debt in an open dispute is held back: no date, and left out of the expected cash.
 * - A debt reached by an open promise (the promise's amount, oldest due first) is expected on the
 *   promised date.
 * - Otherwise the profile decides. Only the payments "comparable" to the debt count: those settled at
 *   least as late as the debt already is on the first day of the forecast (a debt 40 days late will
 *   not be paid 10 days late; one not yet due will not be paid before today). The nearest level with
 *   at least MIN_COMPARABLE comparable payments is used: the account, its family, its dim1 value, the
 *   client; with fewer everywhere, the nearest with any. The date is due + the amount-weighted median
 *   of their days late, the band due + the 25th and 75th percentiles; the forecast spreads the debt
 *   over the comparable days late in proportion to their amounts.
 * - An account whose recent bills came markedly later (or earlier) than the rest of its year has its
 *   payments moved to where it pays now (payment-drift.ts).
 * - A customer that pays in runs (on a weekday, around a day of the month: payment-habits.ts) has
 *   each of those days moved to its nearest run day.
 * - A debt older than anything the client's customers paid in the window has no date ("not expected").
 *   With no payment at all to go by (a new client), the due date stands (today when it has passed).
 */
import { formatDayInput } from './day-input';
import { formatCount } from './format';
import { habitReason, onRunDays, type PaymentHabit } from './payment-habits';
import type { Drift } from './payment-drift';

/** Fewer comparable payments than this at a level: the next level's habit is used. */
export const MIN_COMPARABLE = 5;

export const PROFILE_LEVELS = ['ACCOUNT', 'FAMILY', 'DIM1', 'CLIENT'] as const;
export type ProfileLevel = (typeof PROFILE_LEVELS)[number];

/**
 * One lateness of a profile: the debts settled that many days late (how many, for how much), and
 * what debts exactly that late on the as-of day still owe (`open`): they were not paid up to this
 * lateness, which history must also count, or it would promise payment of debts that never come.
 */
export interface LatenessPoint {
  daysLate: number;
  count: number;
  amount: number;
  open: number;
}

/** Points of one profile joined by days late (their counts, amounts and open sums added), in order. */
export function joinPoints(points: readonly LatenessPoint[]): LatenessPoint[] {
  const byDay = new Map<number, LatenessPoint>();
  for (const p of points) {
    const was = byDay.get(p.daysLate);
    byDay.set(
      p.daysLate,
      was
        ? { daysLate: p.daysLate, count: was.count + p.count, amount: was.amount + p.amount, open: was.open + p.open }
        : { ...p },
    );
  }
  return [...byDay.values()].sort((a, b) => a.daysLate - b.daysLate);
}

/** One level's lateness profile; `label` names it in the reason ('North' for a dim1 value). */
export interface LatenessProfile {
  level: ProfileLevel;
  label?: string;
  /** Sorted by daysLate, ascending. */
  points: readonly LatenessPoint[];
  /** An account's drift, by which its payments were moved (payment-drift.ts). */
  drift?: Drift;
  /** An account read receipt by receipt, as it pays most bills in parts (payment-parts.ts). */
  inParts?: boolean;
}

export interface OpenDebt {
  /** The due date, or the issue date without one. */
  due: string;
  /** The promised date of an open promise reaching this debt. */
  promisedDate: string | null;
  /** The opening day of an open dispute on this debt. */
  disputedSince: string | null;
}

export type PredictionBasis = 'DISPUTED' | 'PROMISED' | 'HISTORY' | 'DUE_DATE' | 'NOT_EXPECTED';

export interface PaymentPrediction {
  basis: PredictionBasis;
  /** The expected payment day; null when none is expected (disputed, older than any payment). */
  date: string | null;
  /** The band: the 25th and 75th percentile days (both the date for a promise or a due date). */
  low: string | null;
  high: string | null;
  /** The profile used (HISTORY only). */
  level: ProfileLevel | null;
  reason: string;
  /**
   * How the debt spreads over the days ahead, as days after its due date and the share of the amount
   * paid then (shares sum to 1); empty when none is expected.
   */
  outcomes: { daysLate: number; share: number }[];
}

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' as a day number (days since 1970-01-01), for day arithmetic without time zones. */
export const dayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => isoDay(dayNumber(iso) + days);

/** The smallest days late at which the weight reaches share `q` of the total (a weighted percentile). */
export function weightedPercentile(points: readonly { daysLate: number; share: number }[], q: number): number {
  const total = points.reduce((s, p) => s + p.share, 0);
  let seen = 0;
  for (const p of points) {
    seen += p.share;
    if (seen >= q * total - 1e-9) return p.daysLate;
  }
  return points[points.length - 1]!.daysLate;
}

/**
 * The chance that a debt already `lateNow` days late is paid at each later lateness (a Kaplan-Meier
 * reading, amount-weighted): on each day, the amount paid that day over the amount still owed then
 * (paid that day or later, or still open at least that late); what is not paid on a day carries to
 * the next. The shares sum to the chance it is paid at all, at most 1.
 */
export function paymentChances(
  points: readonly LatenessPoint[],
  lateNow: number,
): { daysLate: number; share: number }[] {
  const ahead = points.filter((p) => p.daysLate >= lateNow);
  let atRisk = ahead.reduce((s, p) => s + p.amount + p.open, 0);
  let unpaid = 1;
  const out: { daysLate: number; share: number }[] = [];
  for (const p of ahead) {
    if (p.amount > 0) {
      const hazard = p.amount / atRisk;
      out.push({ daysLate: p.daysLate, share: unpaid * hazard });
      unpaid *= 1 - hazard;
    }
    atRisk -= p.amount + p.open;
  }
  return out;
}

/** The payments of a profile settled at least `lateNow` days late. */
const comparable = (profile: LatenessProfile, lateNow: number) => profile.points.filter((p) => p.daysLate >= lateNow);
const countOf = (points: readonly LatenessPoint[]) => points.reduce((s, p) => s + p.count, 0);

/** The level whose habit predicts the debt: nearest with MIN_COMPARABLE comparable payments, else nearest with any. */
export function chooseProfile(
  chain: readonly LatenessProfile[],
  lateNow: number,
): { profile: LatenessProfile; points: LatenessPoint[] } | null {
  const candidates = chain.map((profile) => ({ profile, points: comparable(profile, lateNow) }));
  return (
    candidates.find((c) => countOf(c.points) >= MIN_COMPARABLE) ?? candidates.find((c) => countOf(c.points) > 0) ?? null
  );
}

/** '12 days late', '3 days early', 'on the due date'. */
function lateness(days: number): string {
  if (days === 0) return 'on the due date';
  const n = Math.abs(days);
  return `${n} day${n === 1 ? '' : 's'} ${days > 0 ? 'late' : 'early'}`;
}

/** Who paid, in the reason: the account itself, or the level it falls back to. */
function whose(profile: LatenessProfile): string {
  switch (profile.level) {
    case 'ACCOUNT':
      return 'it';
    case 'FAMILY':
      return 'its family';
    case 'DIM1':
      return `customers in ${profile.label ?? 'its region'}`;
    case 'CLIENT':
      return 'all customers';
  }
}

/** Below this chance of payment at all, the reason says it. */
const SAY_CHANCE_BELOW = 0.95;

function historyReason(
  profile: LatenessProfile,
  points: readonly LatenessPoint[],
  lateNow: number,
  chance: number,
): string {
  const amount = points.reduce((s, p) => s + p.amount, 0);
  const average = Math.round(points.reduce((s, p) => s + p.amount * p.daysLate, 0) / amount);
  const count = countOf(points);
  // An account that pays in parts is read receipt by receipt: its evidence is payments, not bills.
  const noun = profile.inParts ? 'payment' : 'invoice';
  const evidence = `(${formatCount(count)} ${noun}${count === 1 ? '' : 's'}, last 12 months${
    profile.inParts ? '; it pays most bills in parts' : ''
  }${chance < SAY_CHANCE_BELOW ? `; ${Math.round(chance * 100)}% likely to be paid` : ''})`;
  const own = profile.level === 'ACCOUNT';
  const drift = own ? profile.drift : undefined;
  if (drift) {
    const n = Math.abs(drift.days);
    const moved = `${formatCount(n)} day${n === 1 ? '' : 's'} ${drift.days > 0 ? 'later' : 'earlier'}`;
    const bills = `${formatCount(drift.recentCount)} invoices in the last 3 months against ${formatCount(drift.earlierCount)} before them`;
    const likely = chance < SAY_CHANCE_BELOW ? `; ${Math.round(chance * 100)}% likely to be paid` : '';
    return lateNow > 0
      ? `Already ${lateness(lateNow)}; its bills paid that late came ${lateness(average)} on average, counting that it pays ${moved} lately (${bills}${likely})`
      : `Pays ${lateness(average)} on average lately, ${moved} than before (${bills}${likely})`;
  }
  if (lateNow > 0) {
    const theirs = profile.level === 'FAMILY' ? "its family's" : `those of ${whose(profile)}`;
    const who = own ? 'its bills paid that late' : `few such payments of its own: ${theirs}`;
    return `Already ${lateness(lateNow)}; ${who} came ${lateness(average)} on average ${evidence}`;
  }
  const who = own
    ? 'Pays'
    : `Few payments of its own: ${whose(profile)} ${profile.level === 'FAMILY' ? 'pays' : 'pay'}`;
  return `${who} ${lateness(average)} on average ${evidence}`;
}

/**
 * The expected payment of one open debt whose forecast starts on `from` (the first day it could be
 * paid); `chain` holds its profiles nearest first (account, family, dim1, client), a level without
 * payments left out; `habit` the payment days of its account or family, if they show one.
 */
export function predictPayment(
  debt: OpenDebt,
  chain: readonly LatenessProfile[],
  from: string,
  habit: PaymentHabit | null = null,
): PaymentPrediction {
  if (debt.disputedSince)
    return {
      basis: 'DISPUTED',
      date: null,
      low: null,
      high: null,
      level: null,
      reason: `In dispute since ${formatDayInput(debt.disputedSince)}`,
      outcomes: [],
    };
  if (debt.promisedDate) {
    const date = debt.promisedDate < from ? from : debt.promisedDate;
    return {
      basis: 'PROMISED',
      date,
      low: date,
      high: date,
      level: null,
      reason: `Promised for ${formatDayInput(debt.promisedDate)}`,
      outcomes: [{ daysLate: dayNumber(date) - dayNumber(debt.due), share: 1 }],
    };
  }
  const lateNow = dayNumber(from) - dayNumber(debt.due);
  const chosen = chooseProfile(chain, lateNow);
  if (!chosen) {
    if (chain.some((p) => countOf(p.points) > 0))
      return {
        basis: 'NOT_EXPECTED',
        date: null,
        low: null,
        high: null,
        level: null,
        reason: `Already ${lateness(lateNow)}: later than any bill paid in the last 12 months`,
        outcomes: [],
      };
    const date = debt.due < from ? from : debt.due;
    return {
      basis: 'DUE_DATE',
      date,
      low: date,
      high: date,
      level: null,
      reason: 'No payments in the last 12 months to go by: expected on its due date',
      outcomes: [{ daysLate: dayNumber(date) - dayNumber(debt.due), share: 1 }],
    };
  }
  const { profile, points } = chosen;
  const chances = paymentChances(points, lateNow);
  const outcomes = habit ? onRunDays(chances, habit, dayNumber(debt.due), dayNumber(from)) : chances;
  const reason = historyReason(
    profile,
    points,
    lateNow,
    outcomes.reduce((s, o) => s + o.share, 0),
  );
  return {
    basis: 'HISTORY',
    date: addDays(debt.due, weightedPercentile(outcomes, 0.5)),
    low: addDays(debt.due, weightedPercentile(outcomes, 0.25)),
    high: addDays(debt.due, weightedPercentile(outcomes, 0.75)),
    level: profile.level,
    reason: habit ? `${reason}; ${habitReason(habit)}` : reason,
    outcomes,
  };
}

/**
 * Which open debts an open promise reaches: those it names (or every open debt of its account or
 * family), oldest due first, until the promised amount is used up; a debt is reached when some of
 * the amount is left for it. Returns the indexes of the debts reached.
 */
export function debtsReached(debts: readonly { due: string; open: number }[], amount: number): number[] {
  const order = debts.map((d, i) => ({ ...d, i })).sort((a, b) => a.due.localeCompare(b.due) || a.i - b.i);
  const reached: number[] = [];
  let left = Math.round(amount * 100);
  for (const d of order) {
    if (left <= 0) break;
    reached.push(d.i);
    left -= Math.round(d.open * 100);
  }
  return reached.sort((a, b) => a - b);
}
