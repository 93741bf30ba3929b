import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';
import { optionalFilter } from './receivables';

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

export interface ReportInfo {
  code: ReportCode;
  name: string;
  description: string;
  /** The download link, without the date (the page adds it). */
  href: string;
}

export const CREDIT_LIMIT_SORT_KEYS = ['name', 'creditLimit', 'exposure', 'available', 'utilisation'] as const;

/** GET /v3/clients/credit_limits: parent customers with limit, exposure and utilisation band. */
export const ZCreditLimitsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  status: optionalFilter(z.enum(CREDIT_LIMIT_STATUSES)),
  dim: optionalFilter(z.coerce.number().int().positive()),
  search: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(64).optional(),
  sortBy: z.enum(CREDIT_LIMIT_SORT_KEYS).default('utilisation'),
  order: ZOrder.default('DESC'),
});
export type TCreditLimitsQuery = z.infer<typeof ZCreditLimitsQuery>;
