import { describe, expect, it } from 'vitest';
import { dayIn, formatInstant } from '@/lib/domain/instants';
import { notificationTime } from '@/components/notifications/notification-time';

// 14:06 UTC is 19:36 in India (UTC+5:30, no daylight saving); 20:00 UTC is already the next day there.
const EVENING = '2026-11-23T14:06:00Z';
const LATE = '2026-11-23T20:00:00Z';

describe('instants in the client time zone', () => {
  it('read the same whatever the machine, in the zone asked for', () => {
    expect(formatInstant(EVENING, 'Asia/Kolkata')).toBe('23/11/2026, 7:36 pm');
    expect(formatInstant(EVENING, 'UTC')).toBe('23/11/2026, 2:06 pm');
    expect(formatInstant(EVENING, 'Asia/Kolkata', 'time')).toBe('7:36 pm');
    expect(formatInstant(LATE, 'Asia/Kolkata', 'date')).toBe('24/11/2026');
  });

  it('put an instant on the calendar day of the zone', () => {
    expect(dayIn(new Date(LATE), 'Asia/Kolkata')).toBe('2026-11-24');
    expect(dayIn(new Date(LATE), 'UTC')).toBe('2026-11-23');
  });

  it("show a notification of the client's today by its time, an older one by its day", () => {
    const now = new Date('2026-11-24T04:00:00Z'); // 9:30 am on 24 Nov in India
    expect(notificationTime(LATE, 'Asia/Kolkata', now)).toBe('1:30 am');
    expect(notificationTime(EVENING, 'Asia/Kolkata', now)).toBe('November 23');
  });
});
