import { describe, expect, it } from 'vitest';
import { paidInParts } from '@/lib/domain/payment-parts';
import { predictPayment, type LatenessProfile } from '@/lib/domain/payment-prediction';

describe('payments in parts (hand-computed)', () => {
  // 6 bills of ₹10,000 settled 20 days late, each by ₹5,000 five days early and ₹5,000 twenty late;
  // ₹5,000 of a seventh still open 10 days late, its first half paid
  const profile: LatenessProfile = {
    level: 'ACCOUNT',
    points: [
      { daysLate: 10, count: 0, amount: 0, open: 5000 },
      { daysLate: 20, count: 6, amount: 60000, open: 0 },
    ],
  };
  const pieces = [
    { daysLate: -5, count: 6, amount: 30000, open: 0 },
    { daysLate: 20, count: 6, amount: 30000, open: 0 },
  ];

  it('reads the settled bills receipt by receipt and keeps the open debts', () => {
    expect(paidInParts(profile, pieces)).toEqual({
      level: 'ACCOUNT',
      inParts: true,
      points: [
        { daysLate: -5, count: 6, amount: 30000, open: 0 },
        { daysLate: 10, count: 0, amount: 0, open: 5000 },
        { daysLate: 20, count: 6, amount: 30000, open: 0 },
      ],
    });
  });

  it('expects a new bill in its two parts and says why', () => {
    // from 20/11, a bill due 01/12: 30,000 of 65,000 at risk paid 5 days early (46.2%); then of the
    // 30,000 at risk at 20 days (the open 5,000 passed at 10), all: 53.8%. Median 21/12, band 26/11-21/12.
    const p = predictPayment(
      { due: '2026-12-01', promisedDate: null, disputedSince: null },
      [paidInParts(profile, pieces)],
      '2026-11-20',
    );
    expect(p.outcomes.map((o) => [o.daysLate, Math.round(o.share * 1000) / 1000])).toEqual([
      [-5, 0.462],
      [20, 0.538],
    ]);
    expect(p).toMatchObject({ date: '2026-12-21', low: '2026-11-26', high: '2026-12-21' });
    // (−5 x 30,000 + 20 x 30,000) / 60,000 = 7.5, said as 8
    expect(p.reason).toBe('Pays 8 days late on average (12 payments, last 12 months; it pays most bills in parts)');
  });
});
