import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { API_ACCESS } from './access';
import { ZCount, ZMoney } from './ageing';
import { call, json, paged } from './call';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging, ZId } from './common';
import { optionalFilter } from './receivables';

export const CREDIT_LIMIT_SORT_KEYS = ['name', 'creditLimit', 'exposure', 'available', 'utilisation'] as const;

/** Families: one row per parent customer (the family's limit and balance); accounts: one row per trading account. */
export const CREDIT_LIMIT_VIEWS = ['families', 'accounts'] as const;
export type CreditLimitView = (typeof CREDIT_LIMIT_VIEWS)[number];

/** GET /v3/clients/credit_limits: parent customers or accounts with limit, exposure and utilisation band. */
export const ZCreditLimitsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  view: z
    .enum(CREDIT_LIMIT_VIEWS, { message: `view must be one of ${CREDIT_LIMIT_VIEWS.join(', ')}` })
    .default('families'),
  date: ZIsoDate.optional(),
  status: optionalFilter(z.enum(CREDIT_LIMIT_STATUSES)),
  dim: optionalFilter(ZId),
  search: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(64).optional(),
  /** Accounts view: only the accounts of this family (a parent customer's code). */
  family: z.string().trim().min(1).max(64).optional(),
  sortBy: z.enum(CREDIT_LIMIT_SORT_KEYS).default('utilisation'),
  order: ZOrder.default('DESC'),
}).refine((q) => !q.family || q.view === 'accounts', {
  message: 'family filters the accounts view only (view=accounts)',
  path: ['family'],
});
export type TCreditLimitsQuery = z.infer<typeof ZCreditLimitsQuery>;

// ---- Answers ----

/** A family (its parent customer's row) or one account against its credit limit as of the date. */
export const ZCreditLimitRow = z.strictObject({
  level: z.enum(['FAMILY', 'ACCOUNT']),
  sysObligorCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  dim1: z.string().nullable(),
  members: ZCount,
  /** The accounts (obligors that trade) the row covers: the family's, as the accounts view lists them; 1 for an account. */
  accounts: ZCount,
  /** Of those, the accounts over their own limit (a family within its limit may hold some). */
  breachedAccounts: ZCount,
  creditLimit: ZMoney.nullable(),
  /** The family's (or the account's) balance as of the date: what it owes against its limit. */
  exposure: ZMoney,
  available: ZMoney.nullable(),
  /** Percent to 1 decimal; the band is decided on the exact figure. */
  utilisation: z.number().nullable(),
  status: z.enum(CREDIT_LIMIT_STATUSES),
  date: z.string(),
  /** Accounts: the family the account belongs to (null for a customer without one). */
  parentSysObligorCode: z.string().nullable(),
  parentName: z.string().nullable(),
  /** Accounts: when the limit last changed (a review keeping it is no change) and what it was before (null: the first limit). */
  lastChange: z.strictObject({ date: z.string(), previousLimit: ZMoney.nullable() }).nullable(),
});
export type TCreditLimitRow = z.infer<typeof ZCreditLimitRow>;

/** How many rows of the view fall in one utilisation band, and their exposure. */
export const ZCreditLimitBand = z.strictObject({
  status: z.enum(CREDIT_LIMIT_STATUSES),
  customers: ZCount,
  exposure: ZMoney,
});
export type TCreditLimitBand = z.infer<typeof ZCreditLimitBand>;

// ---- Calls ----

const creditLimitAccess = { userType: 'borrowers', requirement: API_ACCESS.customers } as const;

export const creditLimitCalls = {
  list: call({
    method: 'GET',
    path: '/v3/clients/credit_limits',
    access: creditLimitAccess,
    query: ZCreditLimitsQuery,
    summary:
      'Parent customers (or accounts) with limit, exposure, available credit and utilisation band, sorted and paged',
    answer: paged(ZCreditLimitRow),
  }),
  bands: call({
    method: 'GET',
    path: '/v3/clients/credit_limits/bands',
    access: creditLimitAccess,
    query: ZCreditLimitsQuery,
    summary: 'How many rows of the credit-limit view (and how much exposure) fall in each utilisation band',
    answer: json(z.array(ZCreditLimitBand)),
  }),
};
