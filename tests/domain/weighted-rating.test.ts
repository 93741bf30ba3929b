import { describe, expect, it } from 'vitest';
import { balanceWeightedRating } from '@/lib/domain/rating';

describe('balance-weighted rating (spec section 9)', () => {
  it('weighs each rated customer that owes something by its balance', () => {
    // (1 x 30,000 + 3 x 10,000) / 40,000 = 60,000 / 40,000 = 1.5
    expect(
      balanceWeightedRating([
        { rating: 1, balance: 30_000 },
        { rating: 3, balance: 10_000 },
      ]),
    ).toBe(1.5);
  });

  it('leaves out the unrated and those owing nothing or in credit', () => {
    // Only the 2 on 5,000 weighs in: 2.
    expect(
      balanceWeightedRating([
        { rating: 2, balance: 5_000 },
        { rating: null, balance: 90_000 },
        { rating: 3, balance: 0 },
        { rating: 1, balance: -4_000 },
      ]),
    ).toBe(2);
  });

  it('is null when nobody weighs in', () => {
    expect(balanceWeightedRating([])).toBeNull();
    expect(balanceWeightedRating([{ rating: 3, balance: -1 }])).toBeNull();
  });
});
