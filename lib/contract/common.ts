import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  EARLIEST_YEAR,
  LATEST_YEAR,
  MAX_ID,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  MAX_RANGE_YEARS,
} from '@/lib/constants';
import { todayIso } from '@/lib/domain/dates';

/** Paging of spec section 7: offset is the page number from 1, count the page size. */
export const ZPaging = z.object({
  offset: z.coerce
    .number()
    .int()
    .min(1, 'offset is a page number starting at 1')
    .max(MAX_PAGE_NUMBER, 'offset is past the last page')
    .default(1),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `count may be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const ZOrder = z.enum(['ASC', 'DESC']);

/** A row id (task, contact, user, import…): a positive PostgreSQL integer. */
export const ZId = z.coerce
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_ID, 'no such id');

/** The id of a row chosen in a form (an assignee, a role): `missing` says what to choose when none was. */
export const zChosenId = (missing: string) =>
  z.coerce.number({ error: missing }).int(missing).positive(missing).max(MAX_ID, 'no such id');

/** clientId as the spec sends it; the server only accepts the session's own client. */
export const ZClientIdParam = ZId.optional();

/** A real calendar day (no 30 February) between the years EARLIEST_YEAR and LATEST_YEAR. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day as YYYY-MM-DD, a real one; `missing` is the message when none is given. */
const isoDay = (missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use the date format YYYY-MM-DD')
    .refine(isCalendarDay, `not a calendar date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`);

export const ZIsoDate = isoDay();

/** A day a form must give: left blank (or absent) it says `missing`, not the date format. */
export const zRequiredDay = (missing: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDay(missing));

/**
 * fromDate..toDate of a series: in order, and at most MAX_RANGE_YEARS long, so that no request can
 * ask for thousands of monthly points. Without toDate the bound is taken from the latest day on
 * earth (UTC+14): the contract does not know the client's time zone, and no client's today is later.
 */
/** UTC+14 (Kiribati's Line Islands): the first zone to reach a new day. IANA writes the sign inverted. */
const LATEST_TIME_ZONE = 'Etc/GMT-14';

export function checkDateRange(q: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx): void {
  if (!q.fromDate) return;
  const to = q.toDate ?? todayIso(new Date(), LATEST_TIME_ZONE);
  if (q.fromDate > to) {
    ctx.addIssue({ code: 'custom', message: 'fromDate must not be after toDate', path: ['fromDate'] });
    return;
  }
  const limit = `${Number(to.slice(0, 4)) - MAX_RANGE_YEARS}${to.slice(4)}`;
  if (q.fromDate < limit) {
    ctx.addIssue({
      code: 'custom',
      message: `a period may cover at most ${MAX_RANGE_YEARS} years`,
      path: ['fromDate'],
    });
  }
}

export const TOTAL_RECORDS_HEADER = 'x-totalrecords';
/** Names one request on its way in (proxy.ts), in the request log and on the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
