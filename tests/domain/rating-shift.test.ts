import { describe, expect, it } from 'vitest';
import { RATING_SHIFTS, ratingShift, SHIFT_RANK } from '@/lib/domain/rating-shift';

describe('rating shift (1 low, 3 high risk)', () => {
  it.each([
    // previous, current, shift: a lower number is less risk
    [3, 2, 'UPGRADE'],
    [3, 1, 'UPGRADE'],
    [2, 1, 'UPGRADE'],
    [1, 2, 'DOWNGRADE'],
    [1, 3, 'DOWNGRADE'],
    [2, 3, 'DOWNGRADE'],
    [1, 1, 'UNCHANGED'],
    [2, 2, 'UNCHANGED'],
    [3, 3, 'UNCHANGED'],
  ] as const)('from %i to %i is %s', (previous, current, shift) => {
    expect(ratingShift(previous, current)).toBe(shift);
  });

  it.each([null, undefined])('a first rating (previous %s) is NEW whatever its value', (previous) => {
    expect(ratingShift(previous, 1)).toBe('NEW');
    expect(ratingShift(previous, 3)).toBe('NEW');
  });

  it('ranks every shift from better to worse: upgrades first, downgrades last', () => {
    const ordered = [...RATING_SHIFTS].sort((a, b) => SHIFT_RANK[a] - SHIFT_RANK[b]);
    expect(ordered).toEqual(['UPGRADE', 'UNCHANGED', 'NEW', 'DOWNGRADE']);
  });
});
