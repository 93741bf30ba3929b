/**
 * Risk shift between an obligor's two latest ratings (1 low, 2 medium, 3 high risk). A lower
 * number is less risk, so 3 → 2 is an UPGRADE and 1 → 2 a DOWNGRADE; a first rating is NEW.
 * The ratings list computes the same rule in SQL (lib/server/obligors/list-ratings.ts) so it can
 * filter and sort by it; the tests check the two agree row by row.
 */
export const RATING_SHIFTS = ['UPGRADE', 'DOWNGRADE', 'UNCHANGED', 'NEW'] as const;
export type RatingShift = (typeof RATING_SHIFTS)[number];

export function ratingShift(previous: number | null | undefined, current: number): RatingShift {
  if (previous == null) return 'NEW';
  if (current < previous) return 'UPGRADE';
  if (current > previous) return 'DOWNGRADE';
  return 'UNCHANGED';
}

/**
 * Sort order of shifts, from better to worse: ascending puts upgrades first, descending puts the
 * downgrades a credit controller must look at first. A first rating sits between the two.
 */
export const SHIFT_RANK: Record<RatingShift, number> = { UPGRADE: 1, UNCHANGED: 2, NEW: 3, DOWNGRADE: 4 };

export const SHIFT_LABELS: Record<RatingShift, string> = {
  UPGRADE: 'Upgrade',
  DOWNGRADE: 'Downgrade',
  UNCHANGED: 'Unchanged',
  NEW: 'First rating',
};
