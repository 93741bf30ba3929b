/**
 * A customer's drift (docs/forecast.md, "Drift"): one that paid 10 days late a year ago and pays 30
 * late now will not pay the next bill 20 days late, as its year's average says. The bills it settled
 * in the last DRIFT_MONTHS months are set against those it settled in the rest of the 12: when their
 * amount-weighted mean lateness differs by DRIFT_MIN_DAYS days or more, and by more than DRIFT_Z
 * standard errors (so that a customer paying at random is not taken for one that drifts), the earlier
 * bills are moved by that difference, to where the customer pays now; the recent ones stay. Each side
 * needs MIN_COMPARABLE bills.
 */
import { joinPoints, MIN_COMPARABLE, type LatenessPoint, type LatenessProfile } from './payment-prediction';

export const DRIFT_MONTHS = 3;
export const DRIFT_MIN_DAYS = 7;
export const DRIFT_Z = 2.5;

/** The drift of a profile that has one: how many days its payments were moved, and on what evidence. */
export interface Drift {
  /** How much later (earlier when negative) the recent bills came than the earlier ones, in days. */
  days: number;
  /** The bills settled in the last DRIFT_MONTHS months, and those before them in the year. */
  recentCount: number;
  earlierCount: number;
  /** The recent bills, by lateness (settled points only). */
  recent: readonly LatenessPoint[];
}

interface Settled {
  count: number;
  amount: number;
  /** Amount-weighted sums of the lateness and of its square. */
  sum: number;
  squares: number;
}

function settledOf(points: readonly { daysLate: number; count: number; amount: number }[]): Settled {
  const s = { count: 0, amount: 0, sum: 0, squares: 0 };
  for (const p of points) {
    s.count += p.count;
    s.amount += p.amount;
    s.sum += p.amount * p.daysLate;
    s.squares += p.amount * p.daysLate * p.daysLate;
  }
  return s;
}

const meanOf = (s: Settled) => s.sum / s.amount;

/**
 * The drift of an account whose year is `year` and whose bills settled in the last DRIFT_MONTHS
 * months are `recent` (settled points only, a part of the year's), or null when it does not drift.
 */
export function driftOf(year: readonly LatenessPoint[], recent: readonly LatenessPoint[]): Drift | null {
  const all = settledOf(year.filter((p) => p.amount > 0));
  const last = settledOf(recent.filter((p) => p.amount > 0));
  const before: Settled = {
    count: all.count - last.count,
    amount: all.amount - last.amount,
    sum: all.sum - last.sum,
    squares: all.squares - last.squares,
  };
  if (last.count < MIN_COMPARABLE || before.count < MIN_COMPARABLE || last.amount <= 0 || before.amount <= 0)
    return null;
  const difference = meanOf(last) - meanOf(before);
  const variance = Math.max(0, all.squares / all.amount - meanOf(all) ** 2);
  const standardError = Math.sqrt(variance * (1 / last.count + 1 / before.count));
  if (Math.abs(difference) < DRIFT_MIN_DAYS || Math.abs(difference) <= DRIFT_Z * standardError) return null;
  return { days: Math.round(difference), recentCount: last.count, earlierCount: before.count, recent };
}

/**
 * The profile with its earlier payments moved by the drift: each lateness's bills settled before the
 * last DRIFT_MONTHS months `drift.days` later (earlier when negative); the recent ones, and the debts
 * still open at the lateness they have reached, stay.
 */
export function withDrift(profile: LatenessProfile, drift: Drift): LatenessProfile {
  const recent = new Map(drift.recent.map((p) => [p.daysLate, p]));
  const moved: LatenessPoint[] = [];
  for (const p of profile.points) {
    const now = recent.get(p.daysLate);
    const earlier = { count: p.count - (now?.count ?? 0), amount: p.amount - (now?.amount ?? 0) };
    if (earlier.count > 0 || earlier.amount > 0) moved.push({ daysLate: p.daysLate + drift.days, ...earlier, open: 0 });
    if (now || p.open > 0)
      moved.push({ daysLate: p.daysLate, count: now?.count ?? 0, amount: now?.amount ?? 0, open: p.open });
  }
  return { ...profile, drift, points: joinPoints(moved) };
}
