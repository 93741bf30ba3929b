import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_BUCKETS, INVOICE_BUCKETS } from '@/lib/domain/ageing';
import type { PageFeature } from '@/lib/domain/features';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { RATING_SHIFTS } from '@/lib/domain/rating-shift';
import { COLLECTION_RISKS, OPEN_STATUSES, RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { API_ACCESS } from './access';
import { ZBucketFigures, ZCount, ZMoney, ZRatingLabel, ZRiskFigures } from './ageing';
import { call, json, paged } from './call';
import { checkDateRange, ZClientIdParam, ZIsoDate, ZOrder, ZPaging, ZId } from './common';
import { optionalFilter, ZCode, ZReceivableRow, ZReceivablesOverview } from './receivables';

/** Filters of the customer analysis (spec section 7; defined in lib/domain/segments.ts). */
export const ZCustomerFilters = z.object({
  dim: optionalFilter(ZId),
  risk: optionalFilter(z.enum(RISK_CLASSES)),
  collectionRisk: optionalFilter(z.enum(COLLECTION_RISKS)),
  openStatus: optionalFilter(z.enum(OPEN_STATUSES)),
  salesSegment: optionalFilter(z.enum(SALES_SEGMENTS)),
  riskSalesSegment: optionalFilter(z.enum(RISK_SALES_SEGMENTS)),
});
export type TCustomerFilters = z.infer<typeof ZCustomerFilters>;

export const PARENT_OBLIGOR_SORT_KEYS = [
  'name',
  'balance',
  'current',
  'overdue',
  'crdBucket1',
  'crdBucket2',
  'crdBucket3',
  'crdBucket4',
  'invBucket1',
  'invBucket2',
  'invBucket3',
  'invBucket4',
  'obligorWeightedRating',
  'dso',
  'creditLimit',
  'creditUtilisation',
  'sales12m',
  'overduePastB2Share',
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
})
  .merge(ZCustomerFilters)
  .superRefine(checkDateRange);
export type TParentObligorsQuery = z.infer<typeof ZParentObligorsQuery>;

/** GET /v3/clients/overviewmappingbased: the customer analysis totals and their breakdowns. */
export const ZCustomerMappingQuery = z
  .object({ clientId: ZClientIdParam, date: ZIsoDate.optional() })
  .merge(ZCustomerFilters);
export type TCustomerMappingQuery = z.infer<typeof ZCustomerMappingQuery>;

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

/** GET /v3/parentobligors/{id}/obligors: the family's obligors, paged. */
export const ZFamilyObligorsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  sortBy: z.enum(['name', 'balance', 'overdue', 'current', 'obligorWeightedRating']).default('balance'),
  order: ZOrder.default('DESC'),
});

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

/** GET /v3/parentobligors/{id}/obligors and GET /obligors/{code}: the customer named in the path. */
export const ZFamilyParams = z.object({ id: ZCode });
export const ZObligorCodeParams = z.object({ code: ZCode });

// ---- Answers ----

const ZText = z.string().nullable();

/** Low, medium and high rated receivables as percentages of their sum, 1 decimal. */
export const ZRiskDistribution = z.strictObject({ low: z.number(), medium: z.number(), high: z.number() });

/** One parent obligor of the customer analysis: its family's ageing, limit, DSO, collection risk and status. */
export const ZFamilyRow = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  city: ZText,
  businessId: ZText,
  dimId: z.number().int().nullable(),
  dim1: ZText,
  /** The family's obligors the user may see (the parent included when it is one of them). */
  members: ZCount,
  creditLimit: ZMoney.nullable(),
  ...ZBucketFigures.shape,
  balance: ZMoney,
  outstanding: ZMoney,
  overdue: ZMoney,
  invoiced: ZMoney,
  receivables: ZMoney,
  paid: ZMoney,
  sales12m: ZMoney,
  /** Receipts not allocated to an invoice at the date (zero or negative) and the net balance with them. */
  unallocated: ZMoney,
  netBalance: ZMoney,
  ...ZRiskFigures.shape,
  ratedBalance: ZMoney,
  openObligors: ZCount,
  rating: ZRatingLabel,
  /** Annual DSO: balance / 12-month sales x 365, 1 decimal. */
  dso: z.number().nullable(),
  /** Balance over the credit limit, percent to 1 decimal. */
  creditUtilisation: z.number().nullable(),
  /** Share of the balance overdue past the second bucket, percent to 1 decimal. */
  overduePastB2Share: z.number(),
  collectionRisk: z.enum(COLLECTION_RISKS),
  openStatus: z.enum(OPEN_STATUSES),
  date: z.string(),
  /** With fromDate: the period and the family's sales and collections in it. */
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  salesInPeriod: ZMoney.optional(),
  collectedInPeriod: ZMoney.optional(),
});
export type TFamilyRow = z.infer<typeof ZFamilyRow>;

const breakdownRow = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.strictObject({ key: z.enum(keys), customers: ZCount, balance: ZMoney });

/** The customer analysis in figures as of a date, over the families the filters keep. */
export const ZCustomerMapping = z.strictObject({
  date: z.string(),
  currency: z.string(),
  customers: ZCount,
  openCustomers: ZCount,
  obligors: ZCount,
  openObligors: ZCount,
  balance: ZMoney,
  overdue: ZMoney,
  sales12m: ZMoney,
  creditLimit: ZMoney,
  dso: z.number().nullable(),
  obligorWeightedRating: z.number().nullable(),
  overallRisk: z.number().nullable(),
  lowRatedReceivables: ZMoney,
  medRatedReceivables: ZMoney,
  highRatedReceivables: ZMoney,
  riskDistribution: ZRiskDistribution,
  byCollectionRisk: z.array(breakdownRow(COLLECTION_RISKS)),
  byOpenStatus: z.array(breakdownRow(OPEN_STATUSES)),
});
export type TCustomerMapping = z.infer<typeof ZCustomerMapping>;

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

// ---- Calls ----

const customerAccess = { userType: 'borrowers', requirement: API_ACCESS.customers } as const;
/** A customer-analysis call that also draws a section of another page: that page's feature grants it too. */
const customerAccessAnd = (feature: PageFeature) => ({
  userType: 'borrowers' as const,
  requirement: { type: 'AnyPage' as const, features: [...API_ACCESS.customers.features, feature] },
});
/** Finding a customer by name and naming one: every screen that shows receivables. */
const lookupAccess = { userType: 'borrowers', requirement: API_ACCESS.receivables } as const;

export const customerCalls = {
  parentObligors: call({
    // Business Performance lists a dim1 value's top customers with it.
    method: 'GET',
    path: '/v3/clients/parentobligors',
    access: customerAccessAnd('BUSINESS PERFORMANCE'),
    query: ZParentObligorsQuery,
    summary:
      'The customer analysis list: one row per parent obligor with ageing, limit, DSO and collection risk, sorted and paged',
    answer: paged(ZFamilyRow),
    cachedByParams: true,
  }),
  customerMapping: call({
    method: 'GET',
    path: '/v3/clients/overviewmappingbased',
    access: customerAccess,
    query: ZCustomerMappingQuery,
    summary:
      'The customer analysis totals: customers, balance, DSO, risk and the split by collection risk and open status',
    answer: json(ZCustomerMapping),
    cachedByParams: true,
  }),
  riskOverview: call({
    method: 'GET',
    path: '/v3/clients/overview',
    access: customerAccess,
    query: ZSeriesQuery,
    summary: 'Month by month: balance, overdue, weighted rating, overall risk and the risk distribution',
    answer: json(ZRiskOverview),
    cachedByParams: true,
  }),
  dso: call({
    method: 'GET',
    path: '/v3/clients/dso',
    access: customerAccess,
    query: ZSeriesQuery,
    summary: 'Monthly DSO of the 12 months up to the DSO end date (one month before today)',
    answer: json(ZDsoSeries),
    cachedByParams: true,
  }),
  annualDso: call({
    method: 'GET',
    path: '/v3/clients/annualdso',
    access: customerAccess,
    query: ZSeriesQuery,
    summary: 'Receivables at the DSO end date over the 12-month credit sales, x 365',
    answer: json(ZAnnualDso),
    cachedByParams: true,
  }),
  ratings: call({
    method: 'GET',
    path: '/v3/clients/ratings',
    access: customerAccess,
    query: ZRatingsQuery,
    summary: "Each rated obligor's latest rating, the one before it, the risk shift and the balance, sorted and paged",
    answer: paged(ZRatingRow),
  }),
  splitBy: call({
    // The Summary Dashboard (beta) draws its trend, ageing and segmentation with it.
    method: 'GET',
    path: '/v3/clients/split_by',
    access: customerAccessAnd('COMPANY SUMMARY'),
    query: ZSplitByQuery,
    summary: 'graph1 the monthly trends, graph2 the ageing at the date on both bases, graph4 the segmentation',
    answer: json(ZSplitBy),
    cachedByParams: true,
  }),
  dsoSplit: call({
    method: 'GET',
    path: '/v3/clients/split_by_dso',
    access: customerAccess,
    query: ZSplitByDsoQuery,
    summary: 'Annual DSO at the DSO end date per sales segment, dim1 value or risk class',
    answer: json(ZDsoSplit),
    cachedByParams: true,
  }),
  search: call({
    method: 'GET',
    path: '/v3/parentobligors',
    access: lookupAccess,
    query: ZObligorSearchQuery,
    summary: 'Customers whose name or code contains the text (3+ characters), best matches first',
    answer: json(z.array(ZObligorMatch)),
  }),
  obligor: call({
    method: 'GET',
    path: '/obligors/{code}',
    access: lookupAccess,
    params: ZObligorCodeParams,
    summary: "One customer's name, city and parent, for titles and breadcrumbs",
    answer: json(ZObligorMatch),
  }),
  familyObligors: call({
    method: 'GET',
    path: '/v3/parentobligors/{id}/obligors',
    access: customerAccess,
    params: ZFamilyParams,
    query: ZFamilyObligorsQuery,
    summary: 'The obligors of a family with their ageing as of the date, sorted and paged',
    answer: paged(ZReceivableRow),
  }),
  familyOverview: call({
    method: 'GET',
    path: '/v3/parentobligors/receivables/overview',
    access: customerAccess,
    query: ZObligorSeriesQuery,
    summary: 'The monthly receivables overview of one family or one obligor (the first element is used)',
    answer: json(z.array(ZReceivablesOverview)),
  }),
  obligorInfo: call({
    method: 'GET',
    path: '/v3/obligors',
    access: customerAccess,
    query: ZObligorQuery,
    summary: 'Who the customer is: codes, GSTIN, contact details, dims, the people assigned, rating and sales segment',
    answer: json(ZObligorInfo),
    cachedByParams: true,
  }),
  obligorDso: call({
    method: 'GET',
    path: '/v3/obligors/dso',
    access: customerAccess,
    query: ZObligorSeriesQuery,
    summary: 'Monthly DSO of one family or one obligor',
    answer: json(ZDsoSeries),
    cachedByParams: true,
  }),
  obligorAnnualDso: call({
    method: 'GET',
    path: '/v3/obligors/annualdso',
    access: customerAccess,
    query: ZObligorSeriesQuery,
    summary: 'Annual DSO of one family or one obligor at the DSO end date',
    answer: json(ZAnnualDso),
    cachedByParams: true,
  }),
  obligorOverview: call({
    method: 'GET',
    path: '/v3/obligors/overview',
    access: customerAccess,
    query: ZObligorSeriesQuery,
    summary: "The dated rating changes of an obligor (or a family's members) and its monthly risk overview",
    answer: json(ZObligorOverview),
    cachedByParams: true,
  }),
  obligorCreditLimit: call({
    method: 'GET',
    path: '/v3/obligors/credit_limit',
    access: customerAccess,
    query: ZObligorQuery,
    summary:
      'The limit of an obligor (a parent: its family), exposure, utilisation, what is left and the limit history',
    answer: json(ZObligorCreditLimit),
    cachedByParams: true,
  }),
};
