/**
 * A customer's payment days (docs/forecast.md, "Payment days"): many distributors' customers pay in
 * runs, a cheque run every Friday or one transfer around the 10th of the month, whatever each bill's
 * due date. Read from the days the account (else its family, whose parent often pays for every
 * branch) paid anything in the 12 months to the as-of day:
 *
 * - **around a day of the month**: at least MONTH_RUN_SHARE of its payment days fall within
 *   MONTH_RUN_WIDTH days of the month of one another (the 8th to the 12th, or the 29th to the 2nd);
 *   the run's day is the middle one of those days;
 * - **on a weekday**: otherwise, at least WEEKDAY_SHARE of its payment days fall on one weekday.
 *
 * With fewer than HABIT_MIN_DAYS payment days there is no habit to read. The shares are set so that
 * a customer paying on any day by chance is almost never taken for one in a run (8 days spread over
 * 6 working days put 6 on one weekday about once in 400 customers). The forecast then moves each
 * payment day its lateness gives to the nearest run day (never before the forecast's first day), so
 * that the cash falls in the week of the run, not spread over the weeks around it.
 */
import { formatCount } from './format';

/** A habit, of the account itself or (`owner` FAMILY) of its family. */
export type PaymentHabit = { owner: 'ACCOUNT' | 'FAMILY'; days: number; share: number } & (
  { kind: 'WEEKDAY'; weekday: number } | { kind: 'MONTH_DAY'; day: number }
);

export const HABIT_MIN_DAYS = 8;
export const WEEKDAY_SHARE = 0.7;
export const MONTH_RUN_SHARE = 0.8;
export const MONTH_RUN_WIDTH = 5;

/** The payment days of an account or family: their weekdays (0 Sunday to 6 Saturday) and days of the month. */
export interface PaymentDays {
  weekdays: readonly number[];
  monthDays: readonly number[];
}

/** Days of the month 1-31 taken round: the 30th, 31st, 1st and 2nd are one run. */
const offset = (day: number, start: number) => (day - start + 31) % 31;

/** The habit the payment days show, or null. */
export function paymentHabit(
  { weekdays, monthDays }: PaymentDays,
  owner: PaymentHabit['owner'] = 'ACCOUNT',
): PaymentHabit | null {
  const n = monthDays.length;
  if (n < HABIT_MIN_DAYS) return null;
  let best = { start: 1, count: -1 };
  for (let start = 1; start <= 31; start++) {
    const count = monthDays.filter((d) => offset(d, start) < MONTH_RUN_WIDTH).length;
    if (count > best.count) best = { start, count };
  }
  if (best.count >= MONTH_RUN_SHARE * n) {
    const inRun = monthDays
      .filter((d) => offset(d, best.start) < MONTH_RUN_WIDTH)
      .map((d) => offset(d, best.start))
      .sort((a, b) => a - b);
    const middle = inRun[Math.floor((inRun.length - 1) / 2)]!;
    return { owner, kind: 'MONTH_DAY', day: ((best.start - 1 + middle) % 31) + 1, days: n, share: best.count / n };
  }
  const counts = new Array<number>(7).fill(0);
  for (const w of weekdays) counts[w]!++;
  const top = Math.max(...counts);
  if (top >= WEEKDAY_SHARE * n)
    return { owner, kind: 'WEEKDAY', weekday: counts.indexOf(top), days: n, share: top / n };
  return null;
}

const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday. */
const weekdayOf = (day: number) => (day + 4) % 7;

/** Day number of `dayOfMonth` in the month `months` after that of `day` (the month's last day when shorter). */
function dayInMonth(day: number, months: number, dayOfMonth: number): number {
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(dayOfMonth, last)) / DAY_MS;
}

/**
 * Each outcome (days after `due`) moved to its run day, not before `from`; outcomes landing on the same
 * day are joined.
 */
export function onRunDays(
  outcomes: readonly { daysLate: number; share: number }[],
  habit: PaymentHabit,
  due: number,
  from: number,
): { daysLate: number; share: number }[] {
  const byDay = new Map<number, number>();
  for (const o of outcomes) {
    const late = runDay(habit, due + o.daysLate, from) - due;
    byDay.set(late, (byDay.get(late) ?? 0) + o.share);
  }
  return [...byDay].sort((a, b) => a[0] - b[0]).map(([daysLate, share]) => ({ daysLate, share }));
}

/** The run day nearest `day` (day numbers), the later one on a tie, and not before `from`. */
export function runDay(habit: PaymentHabit, day: number, from: number): number {
  if (habit.kind === 'WEEKDAY') {
    let delta = (habit.weekday - weekdayOf(day) + 7) % 7;
    if (delta > 3) delta -= 7;
    let target = day + delta;
    while (target < from) target += 7;
    return target;
  }
  const candidates = [-1, 0, 1].map((m) => dayInMonth(day, m, habit.day));
  let target = candidates.reduce((a, b) => (Math.abs(b - day) <= Math.abs(a - day) ? b : a));
  for (let m = 1; target < from; m++) target = dayInMonth(day, m, habit.day);
  return target;
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** "pays on Fridays (9 of 11 payment days)", "pays around the 10th of the month (12 of 14 payment days)". */
export function habitReason(habit: PaymentHabit): string {
  const verb = habit.owner === 'ACCOUNT' ? 'pays' : 'its family pays';
  const evidence = `(${formatCount(Math.round(habit.share * habit.days))} of ${formatCount(habit.days)} payment days)`;
  return habit.kind === 'WEEKDAY'
    ? `${verb} on ${WEEKDAYS[habit.weekday]} ${evidence}`
    : `${verb} around the ${ordinal(habit.day)} of the month ${evidence}`;
}
