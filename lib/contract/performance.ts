import { z } from 'zod';
import { BUCKET_KEYS } from '@/lib/domain/ageing';
import { GROUPING_KEYS } from '@/lib/domain/filters';
import { API_ACCESS } from './access';
import { ZBucketFigures, ZCount, ZCreditBucketAmounts, ZMoney, ZRatingLabel, ZRiskFigures } from './ageing';
import { call, json, paged } from './call';
import { checkDateRange, ZClientIdParam, ZIsoDate, ZOrder, ZPaging, ZId } from './common';
import { optionalFilter, ZCode, ZObligorFilters } from './receivables';

/** Columns a dimension row (and the dim1 performance list) can be sorted by. */
export const DIM_SORT_KEYS = [
  'name',
  'balance',
  'outstanding',
  'overdue',
  'overduePercent',
  ...BUCKET_KEYS,
  'receivables',
  'paid',
  'collections',
  'sales12m',
  'dso',
  'obligorWeightedRating',
  'openObligors',
] as const;
export type DimSortKey = (typeof DIM_SORT_KEYS)[number];

/** GET /v4/dim/receivables/current: the receivables as of a date summed per value of one dimension. */
export const ZDimReceivablesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  groupingKey: z.enum(GROUPING_KEYS, { message: 'groupingKey must be dim1, dim2 or dim3' }).default('dim1'),
  date: ZIsoDate.optional(),
  sortBy: z.enum(DIM_SORT_KEYS).default('balance'),
  order: ZOrder.default('DESC'),
  sysObligorCode: ZCode.optional(),
  parentSysObligorCode: ZCode.optional(),
}).merge(ZObligorFilters);
export type TDimReceivablesQuery = z.infer<typeof ZDimReceivablesQuery>;

/**
 * GET /v3/dim1/receivables/overview: one row per dim1 value at toDate with the collections of
 * fromDate..toDate; with dimId the monthly trend of that value over the range.
 */
export const ZDim1OverviewQuery = z
  .object({
    clientId: ZClientIdParam,
    fromDate: ZIsoDate.optional(),
    toDate: ZIsoDate.optional(),
    dimId: optionalFilter(ZId),
    sortBy: z.enum(DIM_SORT_KEYS).default('balance'),
    order: ZOrder.default('DESC'),
  })
  .superRefine(checkDateRange);
export type TDim1OverviewQuery = z.infer<typeof ZDim1OverviewQuery>;

// ---- Answers ----

/** One value of a dimension ('Not assigned' for customers without one) with its customers' figures summed. */
export const ZDimRow = z.strictObject({
  dimId: z.number().int().nullable(),
  name: z.string(),
  date: z.string(),
  ...ZBucketFigures.shape,
  outstanding: ZMoney,
  overdue: ZMoney,
  invoiced: ZMoney,
  paid: ZMoney,
  sales12m: ZMoney,
  /** Receipts not allocated to an invoice at the date (zero or negative) and the net balance with them. */
  unallocated: ZMoney,
  netBalance: ZMoney,
  ...ZRiskFigures.shape,
  ratedBalance: ZMoney,
  openObligors: ZCount,
  /** Cash collected: the month to date's, or the period's on the dim1 overview. */
  collections: ZMoney,
  balance: ZMoney,
  receivables: ZMoney,
  /** Overdue as a percent of the balance, 1 decimal. */
  overduePercent: z.number(),
  /** Annual DSO: balance / 12-month sales x 365, 1 decimal; null without sales. */
  dso: z.number().nullable(),
  rating: ZRatingLabel,
});
export type TDimRow = z.infer<typeof ZDimRow>;

/** One month end of a dim1 value's trend. */
export const ZDim1Month = z.strictObject({
  date: z.string(),
  month: z.string(),
  outstanding: ZMoney,
  balance: ZMoney,
  overdue: ZMoney,
  ...ZCreditBucketAmounts.shape,
  invoiced: ZMoney,
  collected: ZMoney,
  sales12m: ZMoney,
  dso: z.number().nullable(),
  obligorWeightedRating: z.number().nullable(),
});
export type TDim1Month = z.infer<typeof ZDim1Month>;

/** The dim1 values at toDate with the period's collections; with dimId, that value and its monthly trend. */
export const ZDim1Overview = z.strictObject({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  dim1Name: z.string(),
  dimId: z.number().int().optional(),
  rows: z.array(ZDimRow),
  months: z.array(ZDim1Month).optional(),
});
export type TDim1Overview = z.infer<typeof ZDim1Overview>;

// ---- Calls ----

const performanceAccess = { userType: 'borrowers', requirement: API_ACCESS.summary } as const;

export const performanceCalls = {
  dimReceivables: call({
    method: 'GET',
    path: '/v4/dim/receivables/current',
    access: performanceAccess,
    query: ZDimReceivablesQuery,
    summary: 'The receivables as of the date summed per value of dim1, dim2 or dim3, filtered, sorted and paged',
    answer: paged(ZDimRow),
    cachedByParams: true,
  }),
  dim1Overview: call({
    method: 'GET',
    path: '/v3/dim1/receivables/overview',
    access: performanceAccess,
    query: ZDim1OverviewQuery,
    summary: "Each dim1 value with the period's collections; with dimId that value's monthly trend",
    answer: json(ZDim1Overview),
    cachedByParams: true,
  }),
};
