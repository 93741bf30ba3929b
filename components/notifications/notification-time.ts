import { dayIn, formatInstant } from '@/lib/domain/instants';

/**
 * Spec section 2: the time ('h:mm a') for today's notifications, otherwise the month and day
 * ('MMMM D'); "today" and the time are the client's, in its time zone.
 */
export function notificationTime(iso: string, timeZone: string, now = new Date()): string {
  const date = new Date(iso);
  return dayIn(date, timeZone) === dayIn(now, timeZone)
    ? formatInstant(date, timeZone, 'time')
    : formatInstant(date, timeZone, 'monthDay');
}
