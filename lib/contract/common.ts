import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/constants';

/** Paging of spec section 7: offset is the page number from 1, count the page size. */
export const ZPaging = z.object({
  offset: z.coerce.number().int().min(1, 'offset is a page number starting at 1').default(1),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `count may be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const ZOrder = z.enum(['ASC', 'DESC']);

/** clientId as the spec sends it; the server only accepts the session's own client. */
export const ZClientIdParam = z.coerce.number().int().positive().optional();

export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use the date format YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a valid date');

export const TOTAL_RECORDS_HEADER = 'x-totalrecords';
