import { describe, expect, it } from 'vitest';
import { formatDayInput, parseDayInput } from '@/lib/domain/day-input';
import { formatDay } from '@/components/ui/day';

describe('dates typed as dd/mm/yyyy', () => {
  it('shows an ISO day as dd/mm/yyyy', () => {
    expect(formatDayInput('2026-03-05')).toBe('05/03/2026');
    expect(formatDayInput('')).toBe('');
    expect(formatDayInput(null)).toBe('');
    // Pages show a day as it is typed: dd/mm/yyyy, '-' for none.
    expect(formatDay('2025-06-02')).toBe('02/06/2025');
    expect(formatDay(null)).toBe('-');
  });

  it('reads day first, with any usual separator, or an ISO day', () => {
    expect(parseDayInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDayInput('5/3/2026')).toBe('2026-03-05');
    expect(parseDayInput(' 31-12-2025 ')).toBe('2025-12-31');
    expect(parseDayInput('1.7.2026')).toBe('2026-07-01');
    expect(parseDayInput('2026-07-01')).toBe('2026-07-01');
  });

  it('refuses what is no calendar day', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2025',
      '13/13/2026',
      '05/03/26',
      '2026/03/05',
      'tomorrow',
      '',
      '00/01/2026',
    ]) {
      expect(parseDayInput(text), text).toBeNull();
    }
    expect(parseDayInput('29/02/2028')).toBe('2028-02-29');
  });
});
