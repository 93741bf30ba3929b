/** The customer analysis: its filters, the list of families and its totals, a family's obligors, and the area's calls. */
import { z } from 'zod';
import type { PageFeature } from '@/lib/domain/features';
import { BUCKET_KEYS } from '@/lib/domain/ageing';
import { RISK_CLASSES } from '@/lib/domain/filters';
import { COLLECTION_RISKS, OPEN_STATUSES, RISK_SALES_SEGMENTS, SALES_SEGMENTS } from '@/lib/domain/segments';
import { API_ACCESS } from './access';
import { ZBucketFigures, ZCount, ZMoney, ZRatingLabel, ZRiskFigures } from './ageing';
import { call, json, paged } from './call';
import { checkDateRange, ZClientIdParam, ZIsoDate, ZOrder, ZPaging, ZId } from './common';
import {
  ZAnnualDso,
  ZDsoSeries,
  ZDsoSplit,
  ZObligorSeriesQuery,
  ZRiskDistribution,
  ZRiskOverview,
  ZSeriesQuery,
  ZSplitBy,
  ZSplitByDsoQuery,
  ZSplitByQuery,
} from './customer-series';
import {
  ZObligorCodeParams,
  ZObligorCreditLimit,
  ZObligorInfo,
  ZObligorMatch,
  ZObligorOverview,
  ZObligorQuery,
  ZObligorSearchQuery,
  ZRatingRow,
  ZRatingsQuery,
} from './obligors';
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
  'overdue',
  ...BUCKET_KEYS,
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

/** GET /v3/parentobligors/{id}/obligors: the family's obligors, paged. */
export const ZFamilyObligorsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  sortBy: z.enum(['name', 'balance', 'overdue', 'current', 'obligorWeightedRating']).default('balance'),
  order: ZOrder.default('DESC'),
});

/** GET /v3/parentobligors/{id}/obligors: the family named in the path. */
export const ZFamilyParams = z.object({ id: ZCode });

// ---- Answers ----

const ZText = z.string().nullable();

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
