/** One customer at a time: finding and naming it, its profile, rating history and credit limit; the ratings list. */
import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { RATING_SHIFTS } from '@/lib/domain/rating-shift';
import { SALES_SEGMENTS } from '@/lib/domain/segments';
import { ZCount, ZMoney, ZRatingLabel } from './ageing';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { ZRiskMonth } from './customer-series';
import { ZCode } from './receivables';

/** GET /v3/obligors, /v3/obligors/credit_limit: one obligor by code. */
export const ZObligorQuery = z
  .object({
    clientId: ZClientIdParam,
    sysObligorCode: ZCode.optional(),
    parentSysObligorCode: ZCode.optional(),
    date: ZIsoDate.optional(),
  })
  .refine((q) => Boolean(q.sysObligorCode || q.parentSysObligorCode), {
    message: 'sysObligorCode is required',
    path: ['sysObligorCode'],
  });
export type TObligorQuery = z.infer<typeof ZObligorQuery>;

export const RATINGS_SORT_KEYS = ['name', 'rating', 'ratingDate', 'shift', 'balance'] as const;
export type RatingsSortKey = (typeof RATINGS_SORT_KEYS)[number];

/** GET /v3/clients/ratings: each rated obligor's latest rating on or before the date, and its shift. */
export const ZRatingsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  sysObligorCode: ZCode.optional(), // that obligor, or the whole family when it is a parent
  shift: z.enum(RATING_SHIFTS).optional(),
  sortBy: z.enum(RATINGS_SORT_KEYS).default('rating'),
  orderBy: ZOrder.default('ASC'),
});
export type TRatingsQuery = z.infer<typeof ZRatingsQuery>;

/** GET /v3/parentobligors: customers whose name or code contains the text. */
export const ZObligorSearchQuery = z.object({
  clientId: ZClientIdParam,
  obligorName: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100),
});

/** GET /obligors/{code}: the customer named in the path. */
export const ZObligorCodeParams = z.object({ code: ZCode });

// ---- Answers ----

const ZText = z.string().nullable();

/** One rated obligor of the ratings list: the rating as of the date, the one before it, the shift, the balance. */
export const ZRatingRow = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  parentSysObligorCode: ZText,
  parentName: ZText,
  rating: z.number().int(),
  ratingLabel: ZRatingLabel,
  ratingDate: z.string(),
  previousRating: z.number().int().nullable(),
  previousRatingDate: ZText,
  shift: z.enum(RATING_SHIFTS),
  balance: ZMoney,
});
export type TRatingRow = z.infer<typeof ZRatingRow>;

/** A customer found by name or code, with its parent (for pickers, titles and breadcrumbs). */
export const ZObligorMatch = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  parentSysObligorCode: ZText,
  parentName: ZText,
  city: ZText,
});
export type TObligorMatch = z.infer<typeof ZObligorMatch>;

/** Who the customer is: codes, GSTIN, contact details, dims, the people assigned, current rating and sales segment. */
export const ZObligorInfo = z.strictObject({
  sysObligorCode: z.string(),
  /** The family it belongs to: its own code for a parent. */
  parentSysObligorCode: z.string(),
  parentName: ZText,
  isParent: z.boolean(),
  name: z.string(),
  businessId: ZText,
  info: ZText,
  email: ZText,
  phone: ZText,
  city: ZText,
  tradeChannel: ZText,
  creditLimit: ZMoney.nullable(),
  dim1: ZText,
  dim2: ZText,
  dim3: ZText,
  guestId: z.number().int().nullable(),
  guestName: ZText,
  representativeId: z.number().int().nullable(),
  representativeName: ZText,
  rmId: z.number().int().nullable(),
  rmName: ZText,
  /** The family's other members the user may see (0 for an account). */
  members: ZCount,
  rating: z.number().int().nullable(),
  ratingLabel: ZRatingLabel,
  ratingDate: ZText,
  salesSegment: z.enum(SALES_SEGMENTS).nullable(),
  customerSince: z.string(),
});
export type TObligorInfo = z.infer<typeof ZObligorInfo>;

/** Every dated rating change of the obligor (or of the family's members) and the monthly risk overview. */
export const ZObligorOverview = z.strictObject({
  sysObligorCode: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  ratings: z.array(
    z.strictObject({
      sysObligorCode: z.string(),
      name: z.string(),
      date: z.string(),
      rating: z.number().int(),
      label: ZRatingLabel,
    }),
  ),
  months: z.array(ZRiskMonth),
});
export type TObligorOverview = z.infer<typeof ZObligorOverview>;

/** The limit, the exposure as of the date, utilisation and what is left, with the history of limit changes. */
export const ZObligorCreditLimit = z.strictObject({
  sysObligorCode: z.string(),
  date: z.string(),
  currency: z.string(),
  creditLimit: ZMoney.nullable(),
  exposure: ZMoney,
  utilisation: z.number().nullable(),
  available: ZMoney.nullable(),
  overLimit: z.boolean(),
  history: z.array(z.strictObject({ effectiveDate: z.string(), creditLimit: ZMoney, changedBy: ZText })),
});
export type TObligorCreditLimit = z.infer<typeof ZObligorCreditLimit>;
