/** Spec section 9: rating 1 is low, 2 medium, 3 high risk; anything else shows '-'. */
export const RATING_LABELS = { 1: 'low', 2: 'medium', 3: 'high' } as const;
/** The lowest and the highest rating (a check constraint of obligor_ratings holds them). */
export const RATING_MIN = 1;
export const RATING_MAX = 3;
export type RatingLabel = (typeof RATING_LABELS)[keyof typeof RATING_LABELS] | '-';

export function ratingLabel(rating: number | null | undefined): RatingLabel {
  return rating === 1 || rating === 2 || rating === 3 ? RATING_LABELS[rating] : '-';
}

/** Risk distribution: low, medium and high rated receivables as percentages of their sum. */
export function riskDistribution(
  low: number,
  medium: number,
  high: number,
): { low: number; medium: number; high: number } {
  const sum = low + medium + high;
  if (sum <= 0) return { low: 0, medium: 0, high: 0 };
  const pct = (v: number) => Math.round((v / sum) * 1000) / 10;
  return { low: pct(low), medium: pct(medium), high: pct(high) };
}

/**
 * The balance-weighted rating of a group of customers (spec section 9): each one with a rating and
 * a positive balance weighs its rating by that balance; null when none does. The SQL form is
 * weightedRating() in lib/server/receivables/ageing-columns.ts; tests/twins/families.twin.ts holds
 * the two equal.
 */
export function balanceWeightedRating(rows: readonly { rating: number | null; balance: number }[]): number | null {
  let weighted = 0;
  let balance = 0;
  for (const row of rows) {
    if (row.rating === null || !(row.balance > 0)) continue;
    weighted += row.rating * row.balance;
    balance += row.balance;
  }
  return balance > 0 ? weighted / balance : null;
}
