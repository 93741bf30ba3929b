import { addDays, addMonths, format, getISODay, parseISO } from 'date-fns';

export interface SchedulePeriod {
  /** The period's key, one statement per customer in it: 2026-11 (monthly), W2026-11-23 (weekly: its Monday). */
  key: string;
  /** The statement's dates: the open items of toDate only, or every line of the last month or week. */
  fromDate: string;
  toDate: string;
  /** Whether the schedule's day of this period has come (on it or after it: a missed day is caught up). */
  due: boolean;
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The statement period of a schedule on a client's day `today` (yyyy-mm-dd). Monthly on day d: the
 * calendar month, due from its day d; weekly on weekday w (1 Monday .. 7 Sunday): the week from its
 * Monday, due from weekday w. The statement runs to today, from today (open items only) or from the
 * day after the same day a month (a week) before (every line).
 */
export function schedulePeriod(
  schedule: { frequency: 'MONTHLY' | 'WEEKLY'; day: number; openItemsOnly: boolean },
  today: string,
): SchedulePeriod {
  const t = parseISO(today);
  if (schedule.frequency === 'MONTHLY') {
    return {
      key: today.slice(0, 7),
      fromDate: schedule.openItemsOnly ? today : iso(addDays(addMonths(t, -1), 1)),
      toDate: today,
      due: t.getDate() >= schedule.day,
    };
  }
  const weekday = getISODay(t);
  return {
    key: `W${iso(addDays(t, 1 - weekday))}`,
    fromDate: schedule.openItemsOnly ? today : iso(addDays(t, -6)),
    toDate: today,
    due: weekday >= schedule.day,
  };
}
