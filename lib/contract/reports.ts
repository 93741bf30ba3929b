import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { optionalFilter } from './receivables';
import { API_ACCESS } from './access';
import { call, file, json } from './call';
import { XLSX_CONTENT_TYPE } from './downloads';

export const REPORT_CODES = [
  'AGEING_BY_CUSTOMER', 'OPEN_INVOICES', 'DSO_BY_CUSTOMER', 'COLLECTIONS_BY_MONTH', 'TASKS', 'CREDIT_LIMIT_UTILISATION',
] as const;
export type ReportCode = (typeof REPORT_CODES)[number];

/** GET /reports/list. */
export const ZReportsListQuery = z.object({ clientId: ZClientIdParam });

/** GET /reports/download.xlsx: one report as of a date (today by default). */
export const ZReportDownloadQuery = z.object({
  clientId: ZClientIdParam,
  report: z.enum(REPORT_CODES, { message: `report must be one of ${REPORT_CODES.join(', ')}` }),
  date: ZIsoDate.optional(),
});
export type TReportDownloadQuery = z.infer<typeof ZReportDownloadQuery>;

export const ZReportInfo = z.strictObject({
  code: z.enum(REPORT_CODES),
  name: z.string(),
  description: z.string(),
  /** The download link, without the date (the page adds it). */
  href: z.string(),
});
export type TReportInfo = z.infer<typeof ZReportInfo>;

const reportsAccess = { userType: 'borrowers', requirement: API_ACCESS.reports } as const;

export const reportCalls = {
  list: call({
    method: 'GET', path: '/reports/list', access: reportsAccess, query: ZReportsListQuery,
    summary: 'The Excel reports the client offers, with what each holds and its download link',
    answer: json(z.array(ZReportInfo)),
  }),
  download: call({
    method: 'GET', path: '/reports/download.xlsx', access: reportsAccess, query: ZReportDownloadQuery,
    summary: "One report as an Excel workbook (streamed attachment), as of `date`, under the user's row-level scope",
    answer: file(XLSX_CONTENT_TYPE),
  }),
};

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
