import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { AGEING_FILTERS, ALL, DOC_TYPES, RISK_CLASSES } from '@/lib/domain/filters';
import { RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';

/** 'ALL' and '' mean "no filter" (spec section 9 defaults). */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === ALL || v === '' ? undefined : v), schema.optional());

const ZDimId = optionalFilter(z.coerce.number().int().positive());
export const ZCode = z.string().trim().min(1).max(64);

export const ZObligorFilters = z.object({
  dim1Id: ZDimId,
  dim2Id: ZDimId,
  dim3Id: ZDimId,
  salesSegment: optionalFilter(z.enum(SALES_SEGMENTS)),
  riskSalesSegment: optionalFilter(z.enum(RISK_SALES_SEGMENTS)),
  risk: optionalFilter(z.enum(RISK_CLASSES)),
});

export const ZItemFilters = z.object({
  invoiceNum: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(64).optional(),
  docType: optionalFilter(z.enum(DOC_TYPES)),
  ageingFilter: optionalFilter(z.enum(AGEING_FILTERS)),
});

export const RECEIVABLE_SORT_KEYS = [
  'name', 'current', 'crdBucket1', 'crdBucket2', 'crdBucket3', 'crdBucket4', 'invBucket1', 'invBucket2', 'invBucket3',
  'invBucket4', 'outstanding', 'overdue', 'balance', 'receivables', 'paid', 'obligorWeightedRating',
] as const;

export const ZReceivablesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  parentSysObligorCode: ZCode.optional(),
  sysObligorCode: ZCode.optional(),
  date: ZIsoDate.optional(),
  sortBy: z.enum(RECEIVABLE_SORT_KEYS).default('balance'),
  order: ZOrder.default('DESC'),
}).merge(ZObligorFilters).merge(ZItemFilters);
export type TReceivablesQuery = z.infer<typeof ZReceivablesQuery>;

export const ZSummaryQuery = z.object({ clientId: ZClientIdParam, date: ZIsoDate.optional() })
  .merge(ZObligorFilters).merge(ZItemFilters.omit({ ageingFilter: true }));
export type TSummaryQuery = z.infer<typeof ZSummaryQuery>;

export const ZOverviewQuery = z.object({
  clientId: ZClientIdParam,
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
  dim: optionalFilter(z.coerce.number().int().positive()),
}).refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, { message: 'fromDate must not be after toDate', path: ['fromDate'] });

export const INVOICE_SORT_KEYS = ['issueDate', 'dueDate', 'amount', 'outstanding', 'daysPastDue', 'invoiceNum', 'obligorName'] as const;

export const ZInvoicesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  parentSysObligorCode: ZCode.optional(),
  sysObligorCode: ZCode.optional(),
  status: z.literal('OPEN').default('OPEN'),
  date: ZIsoDate.optional(),
  sortBy: z.enum(INVOICE_SORT_KEYS).default('daysPastDue'),
  order: ZOrder.default('DESC'),
  dim1: optionalFilter(z.coerce.number().int().positive()), // the spec's obligor variant sends dim1
}).merge(ZObligorFilters).merge(ZItemFilters);
export type TInvoicesQuery = z.infer<typeof ZInvoicesQuery>;

export const ZInvoiceQuery = z.object({ clientId: ZClientIdParam, sysInvoiceNum: ZCode, date: ZIsoDate.optional() });
