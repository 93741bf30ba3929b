import { z } from 'zod';
import { GROUPING_KEYS } from '@/lib/domain/filters';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { optionalFilter, ZCode, ZObligorFilters } from './receivables';

/** Columns a dimension row (and the dim1 performance list) can be sorted by. */
export const DIM_SORT_KEYS = [
  'name', 'balance', 'outstanding', 'current', 'overdue', 'overduePercent', 'crdBucket1', 'crdBucket2', 'crdBucket3',
  'crdBucket4', 'invBucket1', 'invBucket2', 'invBucket3', 'invBucket4', 'receivables', 'paid', 'collections', 'sales12m',
  'dso', 'obligorWeightedRating', 'openObligors',
] as const;
export type DimSortKey = (typeof DIM_SORT_KEYS)[number];

const rangeRule = (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate;
const rangeError = { message: 'fromDate must not be after toDate', path: ['fromDate'] };

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
export const ZDim1OverviewQuery = z.object({
  clientId: ZClientIdParam,
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
  dimId: optionalFilter(z.coerce.number().int().positive()),
  sortBy: z.enum(DIM_SORT_KEYS).default('balance'),
  order: ZOrder.default('DESC'),
}).refine(rangeRule, rangeError);
export type TDim1OverviewQuery = z.infer<typeof ZDim1OverviewQuery>;
