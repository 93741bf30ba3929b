/**
 * An instant (a moment stored in UTC: a sign-in, an import, a task's history) as the client reads
 * it: in the client's time zone, whatever the server's or the browser's, so the same moment reads
 * the same on every page and for every user of the client.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const STYLES = {
  /** 24/11/2026, 7:36 pm: days read dd/mm/yyyy everywhere */
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
  /** 24/11/2026 */
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  /** 7:36 pm */
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  /** November 24 */
  monthDay: { month: 'long', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type InstantStyle = keyof typeof STYLES;

// Building an Intl formatter costs far more than using one (a tenth of a millisecond against a
// microsecond): one per locale, style and time zone, kept for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

export function formatInstant(
  instant: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  style: InstantStyle = 'dateTime',
): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  // Spec section 2 writes a notification's day as 'MMMM D' (November 24): the US order for that one.
  const locale = style === 'monthDay' ? 'en-US' : 'en-IN';
  return formatter(locale, { ...STYLES[style], timeZone }, `${style}|${timeZone}`).format(date);
}

/** The calendar day ('YYYY-MM-DD') of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  // en-CA writes a day as YYYY-MM-DD.
  return formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }, `day|${timeZone}`).format(
    instant,
  );
}
