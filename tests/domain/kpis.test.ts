import { describe, expect, it } from 'vitest';
import {
  bestPossibleDso,
  collectionEffectiveness,
  countbackDso,
  currentShare,
  monthlyKpis,
  simpleDso,
} from '@/lib/domain/kpis';

describe('countback DSO (hand-computed)', () => {
  it('consumes the receivables by the month’s sales, then the month before', () => {
    // 80 of 100 sales in a 30-day month: 24 days.
    expect(countbackDso(80, [{ sales: 100, days: 30 }])).toBe(24);
    // 150: the 30 days of the month (100) and half of the 31-day month before (50 of 100): 45.5.
    expect(
      countbackDso(150, [
        { sales: 100, days: 30 },
        { sales: 100, days: 31 },
      ]),
    ).toBe(45.5);
  });
  it('counts a month without sales whole, stops at the months given, and is 0 with nothing owed', () => {
    expect(
      countbackDso(50, [
        { sales: 0, days: 30 },
        { sales: 100, days: 31 },
      ]),
    ).toBe(45.5);
    expect(
      countbackDso(300, [
        { sales: 100, days: 30 },
        { sales: 100, days: 31 },
      ]),
    ).toBe(61);
    expect(countbackDso(0, [{ sales: 100, days: 30 }])).toBe(0);
    expect(countbackDso(-20, [{ sales: 100, days: 30 }])).toBe(0);
  });
});

describe('CEI, best possible DSO, simple DSO, current share (hand-computed)', () => {
  it('computes each from opening 1,000, sales 500, closing 900 of which 400 current, 30 days', () => {
    // (1000 + 500 - 900) / (1000 + 500 - 400) = 600 / 1100 = 54.55%
    expect(collectionEffectiveness(1000, 500, 900, 400)).toBe(54.5);
    // 400 / 500 x 30
    expect(bestPossibleDso(400, 500, 30)).toBe(24);
    // 900 / 500 x 30
    expect(simpleDso(900, 500, 30)).toBe(54);
    // 400 / 900
    expect(currentShare(400, 900)).toBe(44.4);
  });
  it('has no figure when its denominator is not positive', () => {
    expect(collectionEffectiveness(0, 0, 0, 0)).toBeNull();
    expect(bestPossibleDso(400, 0, 30)).toBeNull();
    expect(simpleDso(900, -10, 30)).toBeNull();
    expect(currentShare(0, 0)).toBeNull();
  });
});

describe('monthly KPIs', () => {
  it('takes the opening from the month before and counts back through it', () => {
    const kpis = monthlyKpis(
      [
        { month: '2026-09', days: 30, closing: 1000, closingCurrent: 500, sales: 600, averageDaysToPay: 40 },
        { month: '2026-10', days: 31, closing: 900, closingCurrent: 400, sales: 500, averageDaysToPay: 42.5 },
      ],
      1,
    );
    expect(kpis).toEqual([
      {
        month: '2026-10',
        // 31 days of October (500) and 400 of September's 600 over its 30 days: 31 + 20
        countbackDso: 51,
        // (1000 + 500 - 900) / (1000 + 500 - 400)
        cei: 54.5,
        // 400 / 500 x 31
        bestPossibleDso: 24.8,
        // 51 - 24.8
        add: 26.2,
        // 900 / 500 x 31
        simpleDso: 55.8,
        averageDaysToPay: 42.5,
        currentShare: 44.4,
      },
    ]);
  });
});
