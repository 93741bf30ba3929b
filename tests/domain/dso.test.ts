import { describe, expect, it } from 'vitest';
import { annualDso, DAYS_IN_YEAR, dsoEndDate, monthlyDso } from '@/lib/domain/dso';

describe('dsoEndDate (one month before today)', () => {
  it.each([
    ['2026-11-22', '2026-10-22'],
    ['2026-11-20', '2026-10-20'],
    ['2026-01-15', '2025-12-15'],
    // A day the month before does not have falls back to that month's last day.
    ['2026-03-31', '2026-02-28'],
    ['2024-03-30', '2024-02-29'],
    ['2024-03-31', '2024-02-29'],
    ['2026-05-31', '2026-04-30'],
  ])('today %s -> %s', (today, end) => {
    expect(dsoEndDate(today)).toBe(end);
  });
});

describe('monthlyDso = receivables at the month end / sales in the month x days in the month', () => {
  it('uses the days of the month', () => {
    // January: 62,000 / 31,000 x 31 = 62.0 days.
    expect(monthlyDso(62000, 31000, '2026-01-31')).toBe(62);
    // February 2026 has 28 days: 56,000 / 28,000 x 28 = 56.0; 69,000 / 7,000 x 28 = 276.0.
    expect(monthlyDso(56000, 28000, '2026-02-28')).toBe(56);
    expect(monthlyDso(69000, 7000, '2026-02-28')).toBe(276);
    // February 2024 has 29: 10,000 / 10,000 x 29 = 29.0.
    expect(monthlyDso(10000, 10000, '2024-02-29')).toBe(29);
    // April, 30 days: 111,000 / 50,000 x 30 = 66.6.
    expect(monthlyDso(111000, 50000, '2026-04-30')).toBe(66.6);
  });

  it('measures a month still running to its day: the 22nd counts 22 days', () => {
    // 44,000 / 22,000 x 22 = 44.0 (not x 31); 126,000 / 15,000 x 20 = 168.0.
    expect(monthlyDso(44000, 22000, '2026-10-22')).toBe(44);
    expect(monthlyDso(126000, 15000, '2026-10-20')).toBe(168);
  });

  it('rounds to 1 decimal', () => {
    // 1,000 / 3,000 x 31 = 10.333.. -> 10.3; 61,000 / 24,000 x 31 = 78.79.. -> 78.8.
    expect(monthlyDso(1000, 3000, '2026-01-31')).toBe(10.3);
    expect(monthlyDso(61000, 24000, '2026-08-31')).toBe(78.8);
  });

  it('is 0 with nothing owed and null without positive sales', () => {
    expect(monthlyDso(0, 5000, '2026-06-30')).toBe(0);
    expect(monthlyDso(62000, 0, '2026-02-28')).toBeNull();
    expect(monthlyDso(62000, -5000, '2026-11-30')).toBeNull();
  });
});

describe('annualDso = receivables at the DSO end date / sales of the 12 months x 365', () => {
  it('counts a 365-day year', () => {
    expect(DAYS_IN_YEAR).toBe(365);
    expect(annualDso(100000, 365000)).toBe(100);
    expect(annualDso(50000, 100000)).toBe(182.5);
    // 126,000 / 218,000 x 365 = 210.96.. -> 211.0; 106,000 / 136,000 x 365 = 284.485.. -> 284.5.
    expect(annualDso(126000, 218000)).toBe(211);
    expect(annualDso(106000, 136000)).toBe(284.5);
  });

  it('is null when the 12 months have no positive sales', () => {
    expect(annualDso(20000, 0)).toBeNull();
    expect(annualDso(20000, -1)).toBeNull();
    expect(annualDso(0, 0)).toBeNull();
  });
});
