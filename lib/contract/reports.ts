import { z } from 'zod';
import { ZClientIdParam, ZIsoDate } from './common';

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
