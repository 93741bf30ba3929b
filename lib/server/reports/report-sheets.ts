import 'server-only';
import type { ReportCode } from '@/lib/contract/reports';
import { collectionsByMonth, openInvoices, tasks } from './activity-reports';
import { ageingByCustomer, creditLimitUtilisation, dsoByCustomer } from './customer-reports';
import type { ReportContext } from './report-context';
import type { ReportSheet } from './workbook-writer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySheet = ReportSheet<any>;
export type SheetsOf = (ctx: ReportContext) => AnySheet[] | Promise<AnySheet[]>;

/** Each report's sheets: built on the services of the screen it mirrors, so the figures agree. */
export const REPORT_SHEETS: Record<ReportCode, SheetsOf> = {
  AGEING_BY_CUSTOMER: ageingByCustomer,
  OPEN_INVOICES: openInvoices,
  DSO_BY_CUSTOMER: dsoByCustomer,
  COLLECTIONS_BY_MONTH: collectionsByMonth,
  TASKS: tasks,
  CREDIT_LIMIT_UTILISATION: creditLimitUtilisation,
};
