import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { optionalFilter } from './receivables';

export const CREDIT_LIMIT_SORT_KEYS = ['name', 'creditLimit', 'exposure', 'available', 'utilisation'] as const;

/** Families: one row per parent customer (the family's limit and balance); accounts: one row per trading account. */
export const CREDIT_LIMIT_VIEWS = ['families', 'accounts'] as const;
export type CreditLimitView = (typeof CREDIT_LIMIT_VIEWS)[number];

/** GET /v3/clients/credit_limits: parent customers or accounts with limit, exposure and utilisation band. */
export const ZCreditLimitsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  view: z.enum(CREDIT_LIMIT_VIEWS, { message: `view must be one of ${CREDIT_LIMIT_VIEWS.join(', ')}` }).default('families'),
  date: ZIsoDate.optional(),
  status: optionalFilter(z.enum(CREDIT_LIMIT_STATUSES)),
  dim: optionalFilter(z.coerce.number().int().positive()),
  search: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(64).optional(),
  /** Accounts view: only the accounts of this family (a parent customer's code). */
  family: z.string().trim().min(1).max(64).optional(),
  sortBy: z.enum(CREDIT_LIMIT_SORT_KEYS).default('utilisation'),
  order: ZOrder.default('DESC'),
}).refine((q) => !q.family || q.view === 'accounts', { message: 'family filters the accounts view only (view=accounts)', path: ['family'] });
export type TCreditLimitsQuery = z.infer<typeof ZCreditLimitsQuery>;
