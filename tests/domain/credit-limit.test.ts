import { describe, expect, it } from 'vitest';
import {
  availableCredit,
  CREDIT_LIMIT_THRESHOLDS,
  creditLimitStatus,
  formatUtilisation,
  utilisationPercent,
} from '@/lib/domain/credit-limit';

describe('credit limit bands', () => {
  it('are 90% (near) and 100% (breached)', () => {
    expect(CREDIT_LIMIT_THRESHOLDS).toEqual({ near: 90, breached: 100 });
  });

  it('count strictly over the thresholds', () => {
    expect(creditLimitStatus(100_001, 100_000)).toBe('BREACHED');
    expect(creditLimitStatus(100_000, 100_000)).toBe('NEAR');
    expect(creditLimitStatus(90_001, 100_000)).toBe('NEAR');
    expect(creditLimitStatus(90_000, 100_000)).toBe('WITHIN');
    expect(creditLimitStatus(-5_000, 100_000)).toBe('WITHIN');
  });

  it('treat a missing or zero limit as no limit', () => {
    expect(creditLimitStatus(10, null)).toBe('NO_LIMIT');
    expect(creditLimitStatus(10, 0)).toBe('NO_LIMIT');
    expect(utilisationPercent(10, null)).toBeNull();
    expect(availableCredit(10, 0)).toBeNull();
  });

  it('give utilisation in percent and available credit, negative once breached', () => {
    expect(utilisationPercent(77_000, 100_000)).toBeCloseTo(77, 10);
    expect(availableCredit(120_000.5, 100_000)).toBe(-20_000.5);
  });
});

describe('utilisation as shown', () => {
  it('never rounds across a band line', () => {
    expect(formatUtilisation(100.0036)).toBe('100.1%');
    expect(formatUtilisation(100)).toBe('100.0%');
    expect(formatUtilisation(99.97)).toBe('99.9%');
    expect(formatUtilisation(90.04)).toBe('90.1%');
    expect(formatUtilisation(89.96)).toBe('89.9%');
  });

  it('rounds as usual away from the lines', () => {
    expect(formatUtilisation(69.24)).toBe('69.2%');
    expect(formatUtilisation(123.66)).toBe('123.7%');
    expect(formatUtilisation(0)).toBe('0.0%');
  });
});
