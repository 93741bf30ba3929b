import { z } from 'zod';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { COLLECTION_RISKS, OPEN_STATUSES, RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { optionalFilter, ZCode } from './receivables';

/** Filters of the customer analysis (spec section 7; defined in lib/domain/segments.ts). */
export const ZCustomerFilters = z.object({
  dim: optionalFilter(z.coerce.number().int().positive()),
  risk: optionalFilter(z.enum(RISK_CLASSES)),
  collectionRisk: optionalFilter(z.enum(COLLECTION_RISKS)),
  openStatus: optionalFilter(z.enum(OPEN_STATUSES)),
  salesSegment: optionalFilter(z.enum(SALES_SEGMENTS)),
  riskSalesSegment: optionalFilter(z.enum(RISK_SALES_SEGMENTS)),
});
export type TCustomerFilters = z.infer<typeof ZCustomerFilters>;

const rangeRule = (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate;
const rangeError = { message: 'fromDate must not be after toDate', path: ['fromDate'] };

export const PARENT_OBLIGOR_SORT_KEYS = [
  'name', 'balance', 'current', 'overdue', 'crdBucket1', 'crdBucket2', 'crdBucket3', 'crdBucket4', 'invBucket1', 'invBucket2',
  'invBucket3', 'invBucket4', 'obligorWeightedRating', 'dso', 'creditLimit', 'creditUtilisation', 'sales12m', 'overduePastB2Share',
] as const;

/** GET /v3/clients/parentobligors: the customer analysis list, one row per parent obligor. */
export const ZParentObligorsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  sortBy: z.enum(PARENT_OBLIGOR_SORT_KEYS).default('balance'),
  order: ZOrder.default('DESC'),
  sysObligorCode: ZCode.optional(),
  parentSysObligorCode: ZCode.optional(),
  date: ZIsoDate.optional(),
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
}).merge(ZCustomerFilters).refine(rangeRule, rangeError);
export type TParentObligorsQuery = z.infer<typeof ZParentObligorsQuery>;

/** GET /v3/clients/overviewmappingbased: the customer analysis totals and their breakdowns. */
export const ZCustomerMappingQuery = z.object({ clientId: ZClientIdParam, date: ZIsoDate.optional() }).merge(ZCustomerFilters);
export type TCustomerMappingQuery = z.infer<typeof ZCustomerMappingQuery>;

/** Monthly series (overview, DSO): fromDate..toDate, a family or one obligor, a dim1 value. */
export const ZSeriesQuery = z.object({
  clientId: ZClientIdParam,
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
  dim: optionalFilter(z.coerce.number().int().positive()),
  sysObligorCode: ZCode.optional(),
  parentSysObligorCode: ZCode.optional(),
}).refine(rangeRule, rangeError);
export type TSeriesQuery = z.infer<typeof ZSeriesQuery>;

/** The same for one obligor or family: one of the two codes is required. */
export const ZObligorSeriesQuery = ZSeriesQuery.refine((q) => Boolean(q.sysObligorCode || q.parentSysObligorCode), {
  message: 'sysObligorCode or parentSysObligorCode is required', path: ['sysObligorCode'],
});

export const SPLIT_BY_GRAPHS = ['graph1', 'graph2', 'graph4'] as const;
export const ZSplitByQuery = z.object({
  clientId: ZClientIdParam,
  graph: z.enum(SPLIT_BY_GRAPHS, { message: 'graph must be graph1 (trends), graph2 (ageing) or graph4 (segmentation)' }),
  date: ZIsoDate.optional(),
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
  dim: optionalFilter(z.coerce.number().int().positive()),
}).refine(rangeRule, rangeError);
export type TSplitByQuery = z.infer<typeof ZSplitByQuery>;

export const ZSplitByDsoQuery = z.object({
  clientId: ZClientIdParam,
  by: z.enum(['salesSegment', 'dim1', 'risk']).default('salesSegment'),
  date: ZIsoDate.optional(),
});
export type TSplitByDsoQuery = z.infer<typeof ZSplitByDsoQuery>;

/** GET /v3/parentobligors/{id}/obligors: the family's obligors, paged. */
export const ZFamilyObligorsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  sortBy: z.enum(['name', 'balance', 'overdue', 'current', 'obligorWeightedRating']).default('balance'),
  order: ZOrder.default('DESC'),
});

/** GET /v3/obligors, /v3/obligors/credit_limit: one obligor by code. */
export const ZObligorQuery = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: ZCode.optional(),
  parentSysObligorCode: ZCode.optional(),
  date: ZIsoDate.optional(),
}).refine((q) => Boolean(q.sysObligorCode || q.parentSysObligorCode), {
  message: 'sysObligorCode is required', path: ['sysObligorCode'],
});
export type TObligorQuery = z.infer<typeof ZObligorQuery>;
