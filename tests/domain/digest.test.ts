import { describe, expect, it } from 'vitest';
import { digestPeriod, digestPeriodLabel, largestMovers } from '@/lib/domain/digest';

describe('the digest period', () => {
  it('daily: the day, compared with the day before, always due', () => {
    expect(digestPeriod({ frequency: 'DAILY', weekday: null }, '2026-11-29')).toEqual({
      key: 'D2026-11-29',
      previousDate: '2026-11-28',
      nextEnd: '2026-11-29',
      due: true,
    });
  });

  it('weekly: the ISO week by its Monday, due from the weekday on (a missed day is caught up)', () => {
    // 29/11/2026 is a Sunday.
    expect(digestPeriod({ frequency: 'WEEKLY', weekday: 1 }, '2026-11-29')).toEqual({
      key: 'W2026-11-23',
      previousDate: '2026-11-22',
      nextEnd: '2026-12-05',
      due: true,
    });
    expect(digestPeriod({ frequency: 'WEEKLY', weekday: 3 }, '2026-11-23').due).toBe(false);
    expect(digestPeriod({ frequency: 'WEEKLY', weekday: 3 }, '2026-11-25').due).toBe(true);
    expect(digestPeriod({ frequency: 'WEEKLY', weekday: 3 }, '2026-11-30').key).toBe('W2026-11-30');
  });
});

describe('the largest movers', () => {
  const r = (code: string, balance: number, overdue: number) => ({
    sysObligorCode: code,
    name: code,
    balance,
    overdue,
  });

  it('ranks by the larger change of balance or overdue, up or down; a customer on one day only counts zero on the other', () => {
    const movers = largestMovers(
      [r('A', 1000, 500), r('B', 300, 300), r('C', 50, 0), r('D', 700, 700)],
      [r('A', 900, 100), r('B', 1000, 300), r('D', 700, 700), r('E', 250, 250)],
      3,
    );
    expect(movers.map((m) => [m.sysObligorCode, m.balanceChange, m.overdueChange])).toEqual([
      ['B', -700, 0],
      ['A', 100, 400],
      ['E', -250, -250],
    ]);
    expect(movers[2]).toMatchObject({ balance: 0, overdue: 0 });
  });

  it('leaves out who did not move, and ties go by code', () => {
    expect(
      largestMovers([r('B', 10, 0), r('A', 10, 0), r('C', 5, 5)], [r('C', 5, 5)]).map((m) => m.sysObligorCode),
    ).toEqual(['A', 'B']);
  });
});

describe("a period's label", () => {
  it('reads a daily period as its day and a weekly one as the week of its Monday, dd/mm/yyyy', () => {
    expect(digestPeriodLabel('D2026-11-29')).toBe('29/11/2026');
    expect(digestPeriodLabel('W2026-11-23')).toBe('Week of 23/11/2026');
    expect(digestPeriodLabel('X')).toBe('X');
  });
});
