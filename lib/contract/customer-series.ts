/** The customer analysis's monthly series and splits: risk overview, DSO, split_by and the segmentation. */
import { z } from 'zod';
import { CREDIT_BUCKETS, INVOICE_BUCKETS } from '@/lib/domain/ageing';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { ZCount, ZMoney } from './ageing';
import { checkDateRange, ZClientIdParam, ZIsoDate, ZId } from './common';
import { optionalFilter, ZCode } from './receivables';

/** Monthly series (overview, DSO): fromDate..toDate, a family or one obligor, a dim1 value. */
export const ZSeriesQuery = z
  .object({
    clientId: ZClientIdParam,
    fromDate: ZIsoDate.optional(),
    toDate: ZIsoDate.optional(),
    dim: optionalFilter(ZId),
    sysObligorCode: ZCode.optional(),
    parentSysObligorCode: ZCode.optional(),
  })
  .superRefine(checkDateRange);
export type TSeriesQuery = z.infer<typeof ZSeriesQuery>;

/** The same for one obligor or family: one of the two codes is required. */
export const ZObligorSeriesQuery = ZSeriesQuery.refine((q) => Boolean(q.sysObligorCode || q.parentSysObligorCode), {
  message: 'sysObligorCode or parentSysObligorCode is required',
  path: ['sysObligorCode'],
});

export const SPLIT_BY_GRAPHS = ['graph1', 'graph2', 'graph4'] as const;
export const ZSplitByQuery = z
  .object({
    clientId: ZClientIdParam,
    graph: z.enum(SPLIT_BY_GRAPHS, {
      message: 'graph must be graph1 (trends), graph2 (ageing) or graph4 (segmentation)',
    }),
    date: ZIsoDate.optional(),
    fromDate: ZIsoDate.optional(),
    toDate: ZIsoDate.optional(),
    dim: optionalFilter(ZId),
  })
  .superRefine(checkDateRange);
export type TSplitByQuery = z.infer<typeof ZSplitByQuery>;

export const DSO_SPLIT_KEYS = ['salesSegment', 'dim1', 'risk'] as const;
export const ZSplitByDsoQuery = z.object({
  clientId: ZClientIdParam,
  by: z.enum(DSO_SPLIT_KEYS).default('salesSegment'),
  date: ZIsoDate.optional(),
});
export type TSplitByDsoQuery = z.infer<typeof ZSplitByDsoQuery>;

// ---- Answers ----

/** Low, medium and high rated receivables as percentages of their sum, 1 decimal. */
export const ZRiskDistribution = z.strictObject({ low: z.number(), medium: z.number(), high: z.number() });

/** How risky the book (or a family, or an obligor) was at one month end. */
export const ZRiskMonth = z.strictObject({
  date: z.string(),
  month: z.string(),
  balance: ZMoney,
  overdue: ZMoney,
  obligorWeightedRating: z.number().nullable(),
  /** The mean of the families' weighted ratings, 1 decimal. */
  overallRisk: z.number().nullable(),
  lowRatedReceivables: ZMoney,
  medRatedReceivables: ZMoney,
  highRatedReceivables: ZMoney,
  riskDistribution: ZRiskDistribution,
});
export type TRiskMonth = z.infer<typeof ZRiskMonth>;

export const ZRiskOverview = z.strictObject({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  months: z.array(ZRiskMonth),
});
export type TRiskOverview = z.infer<typeof ZRiskOverview>;

/** One month of the DSO series; the last month is measured up to the DSO end date. */
export const ZDsoMonth = z.strictObject({
  date: z.string(),
  month: z.string(),
  receivables: ZMoney,
  sales: ZMoney,
  /** The days the month's sales cover. */
  days: z.number().int(),
  dso: z.number().nullable(),
});
export type TDsoMonth = z.infer<typeof ZDsoMonth>;

export const ZDsoSeries = z.strictObject({
  fromDate: z.string(),
  toDate: z.string(),
  dsoEndDate: z.string(),
  currency: z.string(),
  months: z.array(ZDsoMonth),
});
export type TDsoSeries = z.infer<typeof ZDsoSeries>;

export const ZAnnualDso = z.strictObject({
  date: z.string(),
  dsoEndDate: z.string(),
  currency: z.string(),
  receivables: ZMoney,
  sales12m: ZMoney,
  dso: z.number().nullable(),
});
export type TAnnualDso = z.infer<typeof ZAnnualDso>;

export const ZDsoSplit = z.strictObject({
  by: z.enum(DSO_SPLIT_KEYS),
  date: z.string(),
  dsoEndDate: z.string(),
  currency: z.string(),
  rows: z.array(
    z.strictObject({
      key: z.string(),
      customers: ZCount,
      receivables: ZMoney,
      sales12m: ZMoney,
      dso: z.number().nullable(),
    }),
  ),
});
export type TDsoSplit = z.infer<typeof ZDsoSplit>;

/** Obligors of one sales segment and risk class with their balance and 12-month sales. */
export const ZSegmentCell = z.strictObject({
  salesSegment: z.enum(SALES_SEGMENTS),
  risk: z.enum(RISK_CLASSES),
  riskSalesSegment: z.enum(RISK_SALES_SEGMENTS),
  customers: ZCount,
  balance: ZMoney,
  sales12m: ZMoney,
});
export type TSegmentCell = z.infer<typeof ZSegmentCell>;

export const ZSegmentation = z.strictObject({ date: z.string(), currency: z.string(), cells: z.array(ZSegmentCell) });

const bucketAmount = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.strictObject({ bucket: z.enum(keys), amount: ZMoney, count: ZCount });

/** split_by: graph1 the monthly trends, graph2 the ageing at the date on both bases, graph4 the segmentation. */
export const ZSplitBy = z.discriminatedUnion('graph', [
  z.strictObject({
    graph: z.literal('graph1'),
    fromDate: z.string(),
    toDate: z.string(),
    currency: z.string(),
    months: z.array(
      z.strictObject({
        date: z.string(),
        month: z.string(),
        balance: ZMoney,
        overdue: ZMoney,
        sales: ZMoney,
        collections: ZMoney,
      }),
    ),
  }),
  z.strictObject({
    graph: z.literal('graph2'),
    date: z.string(),
    currency: z.string(),
    balance: ZMoney,
    overdue: ZMoney,
    creditBasis: z.array(bucketAmount(CREDIT_BUCKETS)),
    invoiceBasis: z.array(bucketAmount(INVOICE_BUCKETS)),
  }),
  ZSegmentation.extend({ graph: z.literal('graph4') }),
]);
export type TSplitBy = z.infer<typeof ZSplitBy>;
