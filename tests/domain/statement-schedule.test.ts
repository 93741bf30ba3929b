import { describe, expect, it } from 'vitest';
import { schedulePeriod } from '@/lib/domain/statement-schedule';

describe('the period of a statement schedule', () => {
  it('is the calendar month, due from its day, the statement running a month to today', () => {
    const monthly = { frequency: 'MONTHLY', day: 5, openItemsOnly: false } as const;
    expect(schedulePeriod(monthly, '2026-11-04')).toEqual({
      key: '2026-11',
      fromDate: '2026-10-05',
      toDate: '2026-11-04',
      due: false,
    });
    expect(schedulePeriod(monthly, '2026-11-05')).toMatchObject({ key: '2026-11', fromDate: '2026-10-06', due: true });
    // A missed day is caught up later in the month, under the same key (one statement a month).
    expect(schedulePeriod(monthly, '2026-11-29')).toMatchObject({ key: '2026-11', due: true });
    expect(schedulePeriod(monthly, '2027-03-05')).toMatchObject({ fromDate: '2027-02-06', due: true });
  });

  it('is the week from its Monday, due from its weekday; open items only is the statement of the day', () => {
    const weekly = { frequency: 'WEEKLY', day: 3, openItemsOnly: true } as const;
    // 29/11/2026 is a Sunday; its week began on Monday 23/11.
    expect(schedulePeriod(weekly, '2026-11-29')).toEqual({
      key: 'W2026-11-23',
      fromDate: '2026-11-29',
      toDate: '2026-11-29',
      due: true,
    });
    expect(schedulePeriod(weekly, '2026-11-24')).toMatchObject({ key: 'W2026-11-23', due: false });
    expect(schedulePeriod(weekly, '2026-11-25')).toMatchObject({ key: 'W2026-11-23', due: true });
    expect(schedulePeriod({ ...weekly, openItemsOnly: false }, '2026-11-30')).toMatchObject({
      key: 'W2026-11-30',
      fromDate: '2026-11-24',
      due: false,
    });
  });
});
