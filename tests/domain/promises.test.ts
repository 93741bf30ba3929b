import { describe, expect, it } from 'vitest';
import { keptRate, latestPromiseDate, promisedDateProblem, promiseStatus } from '@/lib/domain/promises';

describe('promiseStatus (₹10,000 promised by 30/11/2026)', () => {
  const p = (paid: number, today: string) => promiseStatus({ amount: 10_000, paid, promisedDate: '2026-11-30', today });

  it.each([
    // Before or on the date: KEPT as soon as the amount is reached, OPEN until then.
    [0, '2026-11-24', 'OPEN'],
    [4_000, '2026-11-24', 'OPEN'],
    [9_999.99, '2026-11-30', 'OPEN'],
    [10_000, '2026-11-24', 'KEPT'],
    [12_500, '2026-11-30', 'KEPT'],
    // After the date: KEPT when reached, PARTIAL with something paid, BROKEN with nothing.
    [10_000, '2026-12-01', 'KEPT'],
    [0.01, '2026-12-01', 'PARTIAL'],
    [9_999.99, '2027-01-15', 'PARTIAL'],
    [0, '2026-12-01', 'BROKEN'],
  ])('paid ₹%d on %s: %s', (paid, today, status) => {
    expect(p(paid, today)).toBe(status);
  });

  it('compares in paise: 0.1 + 0.2 paid of ₹0.30 is kept', () => {
    expect(promiseStatus({ amount: 0.3, paid: 0.1 + 0.2, promisedDate: '2026-11-30', today: '2026-12-05' })).toBe(
      'KEPT',
    );
  });
});

describe('the promised date', () => {
  it('may be today up to 90 days ahead', () => {
    expect(latestPromiseDate('2026-11-24')).toBe('2027-02-22');
    expect(promisedDateProblem('2026-11-24', '2026-11-24')).toBeNull();
    expect(promisedDateProblem('2027-02-22', '2026-11-24')).toBeNull();
    expect(promisedDateProblem('2026-11-23', '2026-11-24')).toBe('the promised date cannot be in the past');
    expect(promisedDateProblem('2027-02-23', '2026-11-24')).toBe('the promised date can be at most 90 days ahead');
  });
});

describe('keptRate', () => {
  it('is kept / (kept + partial + broken), open ones left out', () => {
    expect(keptRate({ kept: 3, partial: 1, broken: 0 })).toBe(0.75);
    expect(keptRate({ kept: 1, partial: 1, broken: 2 })).toBe(0.25);
    expect(keptRate({ kept: 0, partial: 0, broken: 2 })).toBe(0);
  });
  it('is null before any promise has come due', () => {
    expect(keptRate({ kept: 0, partial: 0, broken: 0 })).toBeNull();
  });
});
