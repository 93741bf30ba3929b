import { z } from 'zod';
import { ZMsmeItemInterest } from './msme';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { AGEING_FILTERS, ALL, DOC_TYPES, RISK_CLASSES } from '@/lib/domain/filters';
import { RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { BUCKET_KEYS, CREDIT_BUCKETS, INVOICE_BUCKETS } from '@/lib/domain/ageing';
import { API_ACCESS } from './access';
import { ZBucketFigures, ZCount, ZMoney, ZRatingLabel, ZRiskFigures } from './ageing';
import { call, json, paged } from './call';
import { checkDateRange, ZClientIdParam, ZIsoDate, ZOrder, ZPaging, ZId } from './common';

/** 'ALL' and '' mean "no filter" (spec section 9 defaults). */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === ALL || v === '' ? undefined : v), schema.optional());

const ZDimId = optionalFilter(ZId);
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
  invoiceNum: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`)
    .max(64)
    .optional(),
  docType: optionalFilter(z.enum(DOC_TYPES)),
  ageingFilter: optionalFilter(z.enum(AGEING_FILTERS)),
});

export const RECEIVABLE_SORT_KEYS = [
  'name',
  ...BUCKET_KEYS,
  'outstanding',
  'overdue',
  'balance',
  'receivables',
  'paid',
  'obligorWeightedRating',
] as const;

export const ZReceivablesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  parentSysObligorCode: ZCode.optional(),
  sysObligorCode: ZCode.optional(),
  date: ZIsoDate.optional(),
  sortBy: z.enum(RECEIVABLE_SORT_KEYS).default('balance'),
  order: ZOrder.default('DESC'),
})
  .merge(ZObligorFilters)
  .merge(ZItemFilters);
export type TReceivablesQuery = z.infer<typeof ZReceivablesQuery>;

export const ZSummaryQuery = z
  .object({ clientId: ZClientIdParam, date: ZIsoDate.optional() })
  .merge(ZObligorFilters)
  .merge(ZItemFilters.omit({ ageingFilter: true }));
export type TSummaryQuery = z.infer<typeof ZSummaryQuery>;

export const ZOverviewQuery = z
  .object({
    clientId: ZClientIdParam,
    fromDate: ZIsoDate.optional(),
    toDate: ZIsoDate.optional(),
    dim: optionalFilter(ZId),
  })
  .superRefine(checkDateRange);

export const INVOICE_SORT_KEYS = [
  'issueDate',
  'dueDate',
  'amount',
  'outstanding',
  'daysPastDue',
  'invoiceNum',
  'obligorName',
] as const;

export const ZInvoicesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  parentSysObligorCode: ZCode.optional(),
  sysObligorCode: ZCode.optional(),
  status: z.literal('OPEN').default('OPEN'),
  date: ZIsoDate.optional(),
  sortBy: z.enum(INVOICE_SORT_KEYS).default('daysPastDue'),
  order: ZOrder.default('DESC'),
  dim1: optionalFilter(ZId), // the spec's obligor variant sends dim1
  /** true: only items in an open dispute; false: only those in none. */
  inDispute: optionalFilter(
    z.enum(['true', 'false'], { error: 'inDispute is true or false' }).transform((v) => v === 'true'),
  ),
})
  .merge(ZObligorFilters)
  .merge(ZItemFilters);
export type TInvoicesQuery = z.infer<typeof ZInvoicesQuery>;

export const ZInvoiceQuery = z.object({ clientId: ZClientIdParam, sysInvoiceNum: ZCode, date: ZIsoDate.optional() });

// ---- Answers ----

const ZActivity = z.object({
  outstanding: ZMoney,
  overdue: ZMoney,
  /** Cash collected in the month of the date, up to it (credit-note adjustments excluded). */
  paid: ZMoney,
  /** Documents issued in the 12 months up to the date, net of credit notes. */
  sales12m: ZMoney,
  /** Receipts on account and advances not allocated to an invoice at the date: zero or negative, in no bucket. */
  unallocated: ZMoney,
  /** What is owed once unallocated receipts are counted: outstanding + unallocated. */
  netBalance: ZMoney,
});

/** The Receivable entity of the spec: one parent obligor, one obligor of a family, or one obligor. */
export const ZReceivableRow = z.strictObject({
  sysObligorCode: z.string(),
  parentSysObligorCode: z.string(),
  name: z.string(),
  ...ZBucketFigures.shape,
  ...ZActivity.shape,
  ...ZRiskFigures.shape,
  rating: ZRatingLabel,
  balance: ZMoney,
  /** Documents issued in the month of the date up to it, net of credit notes. */
  receivables: ZMoney,
  date: z.string(),
  dim1: z.string().nullable(),
  dimId: z.number().int().nullable(),
  /** What the row's customers contest in the disputes open on the date. */
  disputed: ZMoney,
});
export type TReceivableRow = z.infer<typeof ZReceivableRow>;

export const ZReceivablesSummary = z.strictObject({
  ...ZBucketFigures.shape,
  ...ZActivity.shape,
  ...ZRiskFigures.shape,
  receivables: ZMoney,
  balance: ZMoney,
  /** The mean of the parent obligors' weighted ratings, 1 decimal. */
  overallRisk: z.number().nullable(),
  openObligors: ZCount,
  date: z.string(),
  currency: z.string(),
});
export type TReceivablesSummary = z.infer<typeof ZReceivablesSummary>;

export const ZOverviewPoint = z.strictObject({
  ...ZBucketFigures.shape,
  ...ZActivity.shape,
  invoiced: ZMoney,
  date: z.string(),
  month: z.string(),
  collected: ZMoney,
  receivables: ZMoney,
});
export type TOverviewPoint = z.infer<typeof ZOverviewPoint>;

export const ZReceivablesOverview = z.strictObject({
  fromDate: z.string(),
  toDate: z.string(),
  dim: z.union([z.number().int(), z.literal('ALL')]),
  currency: z.string(),
  months: z.array(ZOverviewPoint),
});
export type TReceivablesOverview = z.infer<typeof ZReceivablesOverview>;

export const ZDim1ReceivablesRow = z.strictObject({
  dimId: z.number().int().nullable(),
  dim1: z.string(),
  ...ZBucketFigures.shape,
  ...ZActivity.shape,
  invoiced: ZMoney,
  receivables: ZMoney,
  date: z.string(),
});
export type TDim1ReceivablesRow = z.infer<typeof ZDim1ReceivablesRow>;

const ZCreditBucket = z.enum(CREDIT_BUCKETS);
const ZInvoiceBucket = z.enum(INVOICE_BUCKETS);

const ZItemHeader = z.object({
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  docNum: z.string().nullable(),
  docType: z.enum(DOC_TYPES),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  parentSysObligorCode: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  amount: ZMoney,
  currency: z.string(),
});

/** An item open at the date, with what is still owed on it and its ageing. */
export const ZOpenInvoiceRow = z.strictObject({
  ...ZItemHeader.shape,
  status: z.literal('OPEN'),
  outstanding: ZMoney,
  paid: ZMoney,
  daysPastDue: z.number().int(),
  rating: z.number().int().nullable(),
  bucket: ZCreditBucket,
  invoiceBucket: ZInvoiceBucket,
  /** The item is in an open dispute (lib/server/disputes). */
  inDispute: z.boolean(),
  /**
   * MSMED s16 at the date (docs/msme-and-cheques.md): the statutory due date, days beyond it and the
   * interest; null when the client claims none (not micro or small), the customer is opted out, or
   * the item is a credit.
   */
  msme: ZMsmeItemInterest.nullable(),
});
export type TOpenInvoiceRow = z.infer<typeof ZOpenInvoiceRow>;

/** One item with its payments and its ageing as of the date (buckets null when nothing is owed). */
export const ZInvoiceDetail = z.strictObject({
  ...ZItemHeader.shape,
  status: z.enum(['OPEN', 'CLOSED']),
  settledDate: z.string().nullable(),
  date: z.string(),
  outstanding: ZMoney,
  paid: ZMoney,
  daysPastDue: z.number().int(),
  bucket: ZCreditBucket.nullable(),
  invoiceBucket: ZInvoiceBucket.nullable(),
  /** A credit or debit note raised against this invoice (it is settled by being applied to it). */
  againstSysInvoiceNum: z.string().nullable(),
  /**
   * What settles the item: a payment against it, a receipt on account allocated to it, or a note
   * (a note against it; on the note itself, its application, with the invoice as the reference), or
   * a bad debt written off (a WRITE_OFF document against it).
   */
  payments: z.array(
    z.strictObject({
      paymentRef: z.string(),
      paidDate: z.string(),
      amount: ZMoney,
      source: z.enum(['PAYMENT', 'ALLOCATION', 'NOTE', 'WRITE_OFF']),
    }),
  ),
  /**
   * A payment schedule (empty without one): each instalment with what it still holds at the date
   * (settlements settle the oldest first) and its days past due. The item's own days past due are
   * then those of its oldest open instalment.
   */
  instalments: z.array(
    z.strictObject({ dueDate: z.string(), amount: ZMoney, outstanding: ZMoney, daysPastDue: z.number().int() }),
  ),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

// ---- Calls ----

const receivablesAccess = { userType: 'borrowers', requirement: API_ACCESS.receivables } as const;
const summaryAccess = { userType: 'borrowers', requirement: API_ACCESS.summary } as const;

export const receivablesCalls = {
  list: call({
    method: 'GET',
    path: '/v4/clients/receivables',
    access: receivablesAccess,
    query: ZReceivablesQuery,
    summary:
      'Receivables by ageing bucket: per parent obligor, per obligor of a family (parentSysObligorCode), or one obligor',
    answer: paged(ZReceivableRow),
    cachedByParams: true,
  }),
  summary: call({
    method: 'GET',
    path: '/v4/clients/receivables/current/summary',
    access: summaryAccess,
    query: ZSummaryQuery,
    summary: 'The client-level total as of the date',
    answer: json(ZReceivablesSummary),
    cachedByParams: true,
  }),
  overview: call({
    method: 'GET',
    path: '/v3/clients/receivables/overview',
    access: summaryAccess,
    query: ZOverviewQuery,
    summary: 'Monthly points of outstanding, overdue, buckets, invoiced and collected (the first element is used)',
    answer: json(z.array(ZReceivablesOverview)),
    cachedByParams: true,
  }),
  byDim1: call({
    method: 'GET',
    path: '/v4/clients/receivables/dim1',
    access: receivablesAccess,
    query: ZSummaryQuery,
    summary: 'The receivables overview by dim1: one row per value, and one for customers without one',
    answer: json(z.array(ZDim1ReceivablesRow)),
    cachedByParams: true,
  }),
  families: call({
    method: 'GET',
    path: '/v4/parentobligors/receivables/current',
    access: receivablesAccess,
    query: ZReceivablesQuery,
    summary: 'One row per parent obligor (or the one named by parentSysObligorCode) as of the date',
    answer: paged(ZReceivableRow),
  }),
  openInvoices: call({
    method: 'GET',
    path: '/v4/invoices',
    access: receivablesAccess,
    query: ZInvoicesQuery,
    summary: 'Items open at the date with what is still owed on each, filtered, sorted and paged',
    answer: paged(ZOpenInvoiceRow),
    cachedByParams: true,
  }),
  invoice: call({
    method: 'GET',
    path: '/invoices',
    access: receivablesAccess,
    query: ZInvoiceQuery,
    summary: 'One item with its payments and its ageing as of the date',
    answer: json(ZInvoiceDetail),
    cachedByParams: true,
  }),
};
