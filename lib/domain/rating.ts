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
