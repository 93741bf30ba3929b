import { describe, expect, it } from 'vitest';
import {
  accruedCoupon,
  currentValue,
  monthlyCoupon,
  nextPayment,
  principalOutstanding,
  realisedYield,
  scheduleFor,
  type Cashflow,
} from '@/lib/domain/yield';

// ₹10,00,000 at 12% a year: ₹10,000 a month, principal with the third coupon.
const flows = (received: (number | null)[]): Cashflow[] =>
  ['2026-02-01', '2026-03-01', '2026-04-01'].map((dueDate, i) => ({
    dueDate,
    expectedAmount: i === 2 ? 1_010_000 : 10_000,
    receivedAmount: received[i] ?? null,
    receivedDate: received[i] == null ? null : dueDate,
  }));

describe('holding figures', () => {
  it('computes the monthly coupon', () => expect(monthlyCoupon(1_000_000, 12)).toBe(10_000));

  it('keeps the principal until the last flow repays it', () => {
    expect(principalOutstanding(1_000_000, 12, flows([10_000, 10_000, null]))).toBe(1_000_000);
    expect(principalOutstanding(1_000_000, 12, flows([10_000, 10_000, 1_010_000]))).toBe(0);
  });

  it('accrues the coupon since the last due date', () => {
    // 15 days of 12% on ₹10 L = 10,00,000 x 0.12 / 365 x 15.
    expect(accruedCoupon(1_000_000, 12, '2026-01-01', flows([10_000]), '2026-02-16')).toBeCloseTo(4931.51, 2);
  });

  it('values a holding at principal + accrued + dues not received', () => {
    const value = currentValue(1_000_000, 12, '2026-01-01', flows([10_000, null]), '2026-03-01');
    expect(value).toBeCloseTo(1_000_000 + 10_000, 2); // March coupon falls due today (no accrual yet), February's is owed
    expect(currentValue(1_000_000, 12, '2026-01-01', flows([10_000, 10_000, 1_010_000]), '2026-05-01')).toBe(0);
  });

  it('annualises the coupon received over the time to its due date', () => {
    // Two coupons of 1% in 59 days: 20,000 / 10 L x 365 / 59 = 12.37%.
    expect(realisedYield(1_000_000, 12, '2026-01-01', flows([10_000, 10_000]))).toBeCloseTo(12.37, 2);
    expect(realisedYield(1_000_000, 12, '2026-01-01', flows([]))).toBeNull();
  });

  it('finds the next payment', () => {
    expect(nextPayment(flows([10_000]), '2026-02-10')?.dueDate).toBe('2026-03-01');
  });

  it('schedules monthly coupons and the principal at maturity', () => {
    const s = scheduleFor(1_000_000, 12, '2026-02-01', '2026-04-01');
    expect(s.map((f) => f.dueDate)).toEqual(['2026-02-01', '2026-03-01', '2026-04-01']);
    expect(s.map((f) => f.expectedAmount)).toEqual([10_000, 10_000, 1_010_000]);
  });
});
