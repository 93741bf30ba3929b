import { addDays, format, getISODay, parseISO } from 'date-fns';
import { formatDayInput } from './day-input';

/**
 * The email digest sends at this hour of the client's own day: after the night's import and the
 * morning's rollups, before the 09:00 customer reminders, so the team reads the day's figures first.
 */
export const DIGEST_HOUR = 7;

/** The 10 customers whose balance or overdue moved most since the previous digest. */
export const DIGEST_MOVERS = 10;

/** The forecast weeks the digest shows (the dashboard shows 13). */
export const DIGEST_FORECAST_WEEKS = 4;

export interface DigestPeriod {
  /** One digest per user in it: D2026-11-29 (daily), W2026-11-23 (weekly: its Monday). */
  key: string;
  /** The day the figures are compared with: the day before (daily), a week before (weekly). */
  previousDate: string;
  /** The last day of the coming period: promises due up to it are "due". */
  nextEnd: string;
  /** Whether the subscription's day of this period has come (a missed weekday is caught up within the week). */
  due: boolean;
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** The digest period of a subscription on a client's day `today` (yyyy-mm-dd). */
export function digestPeriod(
  sub: { frequency: 'DAILY' | 'WEEKLY'; weekday: number | null },
  today: string,
): DigestPeriod {
  const t = parseISO(today);
  if (sub.frequency === 'DAILY') {
    return { key: `D${today}`, previousDate: iso(addDays(t, -1)), nextEnd: today, due: true };
  }
  const weekday = getISODay(t);
  return {
    key: `W${iso(addDays(t, 1 - weekday))}`,
    previousDate: iso(addDays(t, -7)),
    nextEnd: iso(addDays(t, 6)),
    due: weekday >= (sub.weekday ?? 1),
  };
}

/** A period's key as people read it: D2026-11-29 → "29/11/2026"; W2026-11-23 → "Week of 23/11/2026". */
export function digestPeriodLabel(key: string): string {
  const day = formatDayInput(key.slice(1));
  if (!day) return key;
  if (key.startsWith('W')) return `Week of ${day}`;
  return key.startsWith('D') ? day : key;
}

export interface MoverRow {
  sysObligorCode: string;
  name: string;
  balance: number;
  overdue: number;
}

export interface Mover extends MoverRow {
  balanceChange: number;
  overdueChange: number;
}

const paise = (n: number) => Math.round(n * 100) / 100;

/**
 * The customers whose balance or overdue changed most between two days, largest move first (the
 * larger of the two changes, in absolute value); a customer on one day only counts as zero on the other.
 */
export function largestMovers(now: readonly MoverRow[], before: readonly MoverRow[], limit = DIGEST_MOVERS): Mover[] {
  const rows = new Map<string, Mover>();
  for (const r of now) rows.set(r.sysObligorCode, { ...r, balanceChange: r.balance, overdueChange: r.overdue });
  for (const b of before) {
    const r = rows.get(b.sysObligorCode) ?? {
      sysObligorCode: b.sysObligorCode,
      name: b.name,
      balance: 0,
      overdue: 0,
      balanceChange: 0,
      overdueChange: 0,
    };
    r.balanceChange = paise(r.balance - b.balance);
    r.overdueChange = paise(r.overdue - b.overdue);
    rows.set(b.sysObligorCode, r);
  }
  const size = (m: Mover) => Math.max(Math.abs(m.balanceChange), Math.abs(m.overdueChange));
  return [...rows.values()]
    .filter((m) => size(m) > 0)
    .sort((a, b) => size(b) - size(a) || a.sysObligorCode.localeCompare(b.sysObligorCode))
    .slice(0, limit);
}
