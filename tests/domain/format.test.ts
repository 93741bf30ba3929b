import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort } from '@/lib/domain/format';
import { monthLabel } from '@/lib/domain/dates';
import { formatInstant } from '@/lib/domain/instants';
import { titleDate } from '@/lib/server/reports/excel-format';

describe('short money (cards and chart axes)', () => {
  it('writes rupees below a lakh in full with Indian grouping, never "K"', () => {
    expect(formatMoneyShort(74_250)).toBe('₹74,250');
    expect(formatMoneyShort(35_000)).toBe('₹35,000');
    expect(formatMoneyShort(999.4)).toBe('₹999');
    expect(formatMoneyShort(-74_250)).toBe('-₹74,250');
    expect(formatMoneyShort(0)).toBe('₹0');
  });

  it('writes lakh and crore with two decimals', () => {
    expect(formatMoneyShort(1_23_456)).toBe('₹1.23 L');
    // 62,28,00,000 / 1,00,00,000 = 62.28
    expect(formatMoneyShort(62_28_00_000)).toBe('₹62.28 Cr');
    expect(formatMoneyShort(-2_36_000)).toBe('-₹2.36 L');
  });

  it('takes the larger unit when the figure shown rounds up to it', () => {
    // 99,999.60 / 1,00,000 = 0.999996 and 99,99,999 / 1,00,00,000 = 0.9999999, both shown as 1.00
    expect(formatMoneyShort(99_999.6)).toBe('₹1.00 L');
    expect(formatMoneyShort(99_99_999)).toBe('₹1.00 Cr');
  });

  it('uses millions and billions for other currencies, never thousands', () => {
    expect(formatMoneyShort(74_250, 'USD', 'en-US')).toBe('$74,250');
    expect(formatMoneyShort(2_500_000, 'USD', 'en-US')).toBe('$2.50M');
  });

  it('keeps the full form unchanged', () => {
    expect(formatMoney(6_438_433.7)).toBe('₹64,38,433.70');
  });
});

describe('months and instants', () => {
  it('names a month with its full year and the three-letter month', () => {
    expect(monthLabel('2025-11')).toBe('Nov 2025');
    expect(monthLabel('2026-09')).toBe('Sep 2026');
    expect(monthLabel('2026-08-31')).toBe('Aug 2026');
    // Workbook titles: 'Sept' was en-IN's Intl beside 'Aug'.
    expect(titleDate('2026-09-20')).toBe('20 Sep 2026');
  });

  it('reads an instant in the client zone: 20:00 UTC on 28/11 is 01:30 IST on 29/11', () => {
    expect(formatInstant('2026-11-28T20:00:00Z', 'Asia/Kolkata')).toBe('29/11/2026, 1:30 am');
    expect(formatInstant('2026-11-28T20:00:00Z', 'Asia/Kolkata', 'date')).toBe('29/11/2026');
  });
});
