import { z } from 'zod';
import { API_ACCESS } from './access';
import { call, file, json } from './call';
import { ZClientIdParam, ZIsoDate } from './common';
import { XLSX_CONTENT_TYPE } from './downloads';

export const REPORT_CODES = [
  'AGEING_BY_CUSTOMER',
  'OPEN_INVOICES',
  'DSO_BY_CUSTOMER',
  'COLLECTIONS_BY_MONTH',
  'TASKS',
  'CREDIT_LIMIT_UTILISATION',
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
    method: 'GET',
    path: '/reports/list',
    access: reportsAccess,
    query: ZReportsListQuery,
    summary: 'The Excel reports the client offers, with what each holds and its download link',
    answer: json(z.array(ZReportInfo)),
  }),
  download: call({
    method: 'GET',
    path: '/reports/download.xlsx',
    access: reportsAccess,
    query: ZReportDownloadQuery,
    summary: "One report as an Excel workbook (streamed attachment), as of `date`, under the user's row-level scope",
    answer: file(XLSX_CONTENT_TYPE),
  }),
};
