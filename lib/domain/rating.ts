/** Spec section 9: rating 1 is low, 2 medium, 3 high risk; anything else shows '-'. */
export const RATING_LABELS = { 1: 'low', 2: 'medium', 3: 'high' } as const;
export type RatingLabel = (typeof RATING_LABELS)[keyof typeof RATING_LABELS] | '-';

export function ratingLabel(rating: number | null | undefined): RatingLabel {
  return rating === 1 || rating === 2 || rating === 3 ? RATING_LABELS[rating] : '-';
}

/** Weighted rating of a group: sum(rating x balance) / sum(balance) over rated obligors. */
export function weightedRating(rows: { rating: number | null; balance: number }[]): number | null {
  let weight = 0;
  let total = 0;
  for (const row of rows) {
    if (row.rating == null || row.balance <= 0) continue;
    weight += row.rating * row.balance;
    total += row.balance;
  }
  return total > 0 ? weight / total : null;
}

/** Overall risk: the mean of the obligors' weighted ratings, to 1 decimal. */
export function overallRisk(weightedRatings: (number | null)[]): number | null {
  const rated = weightedRatings.filter((r): r is number => r != null);
  if (rated.length === 0) return null;
  return Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;
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
