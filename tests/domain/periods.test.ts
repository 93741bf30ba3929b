import { describe, expect, it } from 'vitest';
import { periodPair, previousMonthEnd, summaryPeriods } from '@/lib/domain/periods';

describe('previousMonthEnd', () => {
  it('is the last day of the month before, across years and in February', () => {
    expect(previousMonthEnd('2026-11-20')).toBe('2026-10-31');
    expect(previousMonthEnd('2026-11-30')).toBe('2026-10-31');
    expect(previousMonthEnd('2026-01-01')).toBe('2025-12-31');
    expect(previousMonthEnd('2026-03-31')).toBe('2026-02-28');
    expect(previousMonthEnd('2028-03-15')).toBe('2028-02-29');
  });
});

describe('periodPair (business performance beta)', () => {
  it('compares today with the previous month end unless the link names the dates', () => {
    expect(periodPair({}, '2026-11-20')).toEqual({ date: '2026-11-20', compareDate: '2026-10-31' });
    expect(periodPair({ date: '2026-10-31' }, '2026-11-20')).toEqual({ date: '2026-10-31', compareDate: '2026-09-30' });
    expect(periodPair({ date: '2026-10-31', compareDate: '2026-01-15' }, '2026-11-20')).toEqual({
      date: '2026-10-31',
      compareDate: '2026-01-15',
    });
  });
});

describe('summaryPeriods (summary dashboard beta)', () => {
  it('is the month to date against the whole previous month', () => {
    expect(summaryPeriods('2026-11-20')).toEqual({ now: '2026-11-20', before: '2026-10-31', fromDate: '2026-10-01' });
    expect(summaryPeriods('2026-01-05')).toEqual({ now: '2026-01-05', before: '2025-12-31', fromDate: '2025-12-01' });
  });
});
