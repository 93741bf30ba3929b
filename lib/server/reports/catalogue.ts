import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { reports } from '@/lib/db/schema';
import { REPORT_CODES, type ReportCode, type TReportInfo } from '@/lib/contract/reports';

/** What each workbook holds, as the reports page describes it (the stored text predates the workbooks). */
const DESCRIPTIONS: Record<ReportCode, string> = {
  AGEING_BY_CUSTOMER:
    'Outstanding per parent customer in ageing buckets as of the date, on both bases: days past due (credit date) and days since the invoice date, then the balance, the money received on account or in advance not yet allocated to invoices (unallocated, negative) and the net balance. The totals equal the receivables screen.',
  OPEN_INVOICES:
    'Every invoice, debit note and credit note open at the date with issue and due dates, amount, paid, outstanding, days past due and bucket, and every receipt on account or advance not yet fully allocated as a negative line of its customer (received, allocated so far, unallocated as outstanding), customer by customer (by code), oldest first. The outstanding total is the net balance.',
  DSO_BY_CUSTOMER:
    'Annual DSO per parent customer: balance over the credit sales of the 12 months to the date, x 365, with the overall DSO in the total row.',
  COLLECTIONS_BY_MONTH:
    'The 12 months up to the date: sales invoiced, collections received and the closing balance of each month with the unallocated receipts and the net balance at its end, and a second sheet with the collection KPIs of each month (countback DSO, CEI, best possible DSO, days delinquent, days to pay, current share), a third with the cash-in forecast of the next 13 weeks (expected, low, high) and a fourth with its back-test against the last 6 month ends, beside two simple rules (each invoice paid on its due date; each customer paying after its own mean days to settle).',
  TASKS:
    'Open and closed collection tasks you may see, with category, customer, assignee, due date and closing comment.',
  CREDIT_LIMIT_UTILISATION:
    "Each parent customer's exposure against its credit limit, available credit and utilisation, breaches first.",
};

/** The reports the client has switched on (the reports table), in the catalogue's order. */
export async function listReports(db: Db, clientId: number): Promise<TReportInfo[]> {
  const enabled = new Map(
    (await db.select().from(reports).where(eq(reports.clientId, clientId))).map((r) => [r.code, r.name]),
  );
  return REPORT_CODES.filter((code) => enabled.has(code)).map((code) => ({
    code,
    name: enabled.get(code)!,
    description: DESCRIPTIONS[code],
    href: `/api/reports/download.xlsx?report=${code}`,
  }));
}
