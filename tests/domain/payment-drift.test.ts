import { describe, expect, it } from 'vitest';
import { driftOf, withDrift } from '@/lib/domain/payment-drift';
import { predictPayment, type LatenessPoint, type LatenessProfile } from '@/lib/domain/payment-prediction';

/** `count` bills of ₹1,000 settled `daysLate` days late. */
const paid = (daysLate: number, count: number): LatenessPoint => ({ daysLate, count, amount: 1000 * count, open: 0 });

describe('drift (hand-computed)', () => {
  // 6 bills 10 days late earlier in the year, the last 3 months' 5 came 30 days late
  const recent = [paid(30, 5)];
  const year = [paid(10, 6), paid(30, 5), { daysLate: 5, count: 0, amount: 0, open: 2000 }];

  it('takes a customer whose last 3 months came 7 days or more later, beyond 2.5 standard errors', () => {
    // earlier mean 10, recent 30: 20 days later. The year's spread: mean 210 / 11 = 19.09, mean of
    // squares 5,100 / 11 = 463.64, variance 99.17, sd 9.96; standard error 9.96 x √(1/5 + 1/6) = 6.03,
    // x 2.5 = 15.07, under 20
    expect(driftOf(year, recent)).toEqual({ days: 20, recentCount: 5, earlierCount: 6, recent });
  });

  it('leaves alone a small shift, a noisy one and a thin history', () => {
    // 15 against 10: 5 days
    expect(driftOf([paid(10, 6), paid(15, 5)], [paid(15, 5)])).toBeNull();
    // earlier 0 and 40 (mean 20), recent 30: 10 days, but sd 15.59 puts 2.5 standard errors at 23.6
    expect(driftOf([paid(0, 3), paid(30, 5), paid(40, 3)], [paid(30, 5)])).toBeNull();
    // 4 recent bills: too few to tell
    expect(driftOf([paid(10, 6), paid(30, 4)], [paid(30, 4)])).toBeNull();
  });

  it('moves the earlier bills to where the customer pays now; the recent ones and the open debts stay', () => {
    const profile: LatenessProfile = { level: 'ACCOUNT', points: year };
    const drift = driftOf(year, recent)!;
    const moved = withDrift(profile, drift);
    expect(moved.points).toEqual([
      { daysLate: 5, count: 0, amount: 0, open: 2000 },
      { daysLate: 30, count: 11, amount: 11000, open: 0 },
    ]);
    // due 01/12, forecast from 20/11: 30 days late, 31/12, where the year's average (19) would say 20/12
    const p = predictPayment({ due: '2026-12-01', promisedDate: null, disputedSince: null }, [moved], '2026-11-20');
    expect(p).toMatchObject({ basis: 'HISTORY', date: '2026-12-31' });
    expect(p.reason).toBe(
      'Pays 30 days late on average lately, 20 days later than before (5 invoices in the last 3 months against 6 before them)',
    );
    const late = predictPayment({ due: '2026-11-10', promisedDate: null, disputedSince: null }, [moved], '2026-11-20');
    expect(late.reason).toBe(
      'Already 10 days late; its bills paid that late came 30 days late on average, counting that it pays 20 days later lately (5 invoices in the last 3 months against 6 before them)',
    );
  });
});
