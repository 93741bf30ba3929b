import { describe, expect, it } from 'vitest';
import { bandOf, paymentBehaviour } from '@/lib/domain/payment-behaviour';

describe('payment behaviour (hand-computed)', () => {
  it('puts each lateness in its band', () => {
    expect([-5, 0, 1, 15, 16, 30, 31, 60, 61, 90, 91, 400].map(bandOf)).toEqual([
      'ON_TIME',
      'ON_TIME',
      'D1_15',
      'D1_15',
      'D16_30',
      'D16_30',
      'D31_60',
      'D31_60',
      'D61_90',
      'D61_90',
      'OVER_90',
      'OVER_90',
    ]);
  });

  it('weights the days late by amount, overall and per month', () => {
    const b = paymentBehaviour([
      { month: '2026-09', daysLate: -2, count: 1, amount: 1000 },
      { month: '2026-09', daysLate: 10, count: 2, amount: 3000 },
      { month: '2026-10', daysLate: 45, count: 1, amount: 1000 },
    ]);
    expect(b.invoicesPaid).toBe(4);
    expect(b.amountPaid).toBe(5000);
    // (1000 x -2 + 3000 x 10 + 1000 x 45) / 5000 = 73000 / 5000 = 14.6
    expect(b.averageDaysLate).toBe(14.6);
    // 4000 of 5000 paid late
    expect(b.lateShare).toBe(80);
    expect(b.distribution.filter((d) => d.count > 0)).toEqual([
      { band: 'ON_TIME', label: 'On time or early', count: 1, amount: 1000, share: 20 },
      { band: 'D1_15', label: '1-15 days late', count: 2, amount: 3000, share: 60 },
      { band: 'D31_60', label: '31-60 days late', count: 1, amount: 1000, share: 20 },
    ]);
    // September: (−2000 + 30000) / 4000 = 7
    expect(b.months).toEqual([
      { month: '2026-09', averageDaysLate: 7, amount: 4000 },
      { month: '2026-10', averageDaysLate: 45, amount: 1000 },
    ]);
  });

  it('has no average or share when nothing was paid', () => {
    const b = paymentBehaviour([]);
    expect([b.averageDaysLate, b.lateShare, b.months.length]).toEqual([null, null, 0]);
    expect(b.distribution.every((d) => d.count === 0 && d.share === 0)).toBe(true);
  });
});
