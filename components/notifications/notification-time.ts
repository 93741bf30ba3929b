import { format, isToday } from 'date-fns';

/** Spec section 2: 'h:mm a' for today's notifications, otherwise the month and day ('MMMM D'). */
export function notificationTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return isToday(date) && date.getFullYear() === now.getFullYear() ? format(date, 'h:mm a') : format(date, 'MMMM d');
}
