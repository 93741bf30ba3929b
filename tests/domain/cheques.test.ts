import { describe, expect, it } from 'vitest';
import { chequeValidUntil, isPostDated, s138Dates } from '@/lib/domain/cheques';

describe('cheque validity (three months from its date)', () => {
  it('ends the day before the same date three months on', () => {
    expect(chequeValidUntil('2026-01-15')).toBe('2026-04-14');
    // 30/11 + 3 months = 28/02 (no 30/02): valid to 27/02.
    expect(chequeValidUntil('2025-11-30')).toBe('2026-02-27');
  });
  it('knows a post-dated cheque', () => {
    expect(isPostDated('2026-12-10', '2026-11-29')).toBe(true);
    expect(isPostDated('2026-11-29', '2026-11-29')).toBe(false);
  });
});

describe('the s138 clock', () => {
  it('counts from a return memo on the 31st in a leap year', () => {
    // Return memo 31/01/2024: + 30 days = 01/03/2024 (February 2024 has 29 days: 31/01 + 29 = 29/02).
    // Notice sent on that last day: the drawer pays by 01/03 + 15 = 16/03/2024; the cause of action
    // arises 17/03/2024; the complaint is due one month later, 17/04/2024.
    expect(s138Dates('2024-01-31')).toEqual({
      noticeDueBy: '2024-03-01',
      drawerPaysBy: '2024-03-16',
      causeOfAction: '2024-03-17',
      complaintDueBy: '2024-04-17',
    });
  });
  it('counts the same memo in a common year one day later in March', () => {
    // 31/01/2025 + 30 = 02/03/2025 (February 2025 has 28 days); + 15 = 17/03; cause 18/03; complaint 18/04.
    expect(s138Dates('2025-01-31')).toEqual({
      noticeDueBy: '2025-03-02',
      drawerPaysBy: '2025-03-17',
      causeOfAction: '2025-03-18',
      complaintDueBy: '2025-04-18',
    });
  });
  it('ends the complaint month on the last day of a short month (a leap February)', () => {
    // Memo 31/12/2023, notice sent 15/01/2024: drawer pays by 30/01/2024, cause of action 31/01/2024,
    // complaint due by 29/02/2024 (there is no 31/02; 2024 is a leap year).
    expect(s138Dates('2023-12-31', '2024-01-15')).toEqual({
      noticeDueBy: '2024-01-30',
      drawerPaysBy: '2024-01-30',
      causeOfAction: '2024-01-31',
      complaintDueBy: '2024-02-29',
    });
  });
});
