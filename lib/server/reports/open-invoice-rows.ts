import 'server-only';
import { todayIso } from '@/lib/domain/dates';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query';
import { creditBucket, type CreditBucket } from '@/lib/domain/ageing';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { openItemTerms } from '@/lib/server/receivables/open-items';
import type { ReportContext } from './report-context';

/** Rows per keyset batch: a few thousand rows are a few MB, and few round trips for a million. */
export const OPEN_INVOICE_BATCH = 5000;

export interface OpenInvoiceReportRow {
  sysInvoiceNum: string;
  invoiceNum: string;
  docType: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';
  sysObligorCode: string;
  obligorName: string;
  parentSysObligorCode: string;
  issueDate: string;
  dueDate: string | null;
  amount: number;
  paid: number;
  outstanding: number;
  daysPastDue: number;
  bucket: CreditBucket;
}

interface Raw {
  sysInvoiceNum: string;
  invoiceNum: string;
  docType: OpenInvoiceReportRow['docType'];
  sysObligorCode: string;
  obligorName: string;
  parentSysObligorCode: string;
  issueDate: string;
  dueDate: string | null;
  amount: string;
  outstanding: string;
  daysPastDue: number;
}

/**
 * Every item open at the report's date, customer by customer (by code), oldest first, in one
 * keyset walk over the invoices of the client: each batch continues after the last row of the
 * previous one on (customer code, issue date, item key), which the index invoices_obligor
 * (client_id, sys_obligor_code, issue_date) serves in order, so every batch costs the same however
 * deep into the ledger it is, and only one batch is in memory. What is open and what it still owes
 * is the invoices call's rule (openItemTerms), so the workbook's figures are the screen's.
 */
export async function* openInvoiceRows(
  ctx: ReportContext,
  batchSize = OPEN_INVOICE_BATCH,
): AsyncIterable<OpenInvoiceReportRow> {
  const clientId = ctx.client.id;
  const { outstanding, pastDue, conditions } = openItemTerms(
    clientId,
    ctx.asOf,
    todayIso(new Date(), ctx.client.timeZone),
  );
  const scope = scopeCondition(clientId, ctx.scope, sql`i.sys_obligor_code`);
  const where = sql.join([...conditions, ...(scope ? [scope] : [])], sql` and `);
  let after: Raw | undefined;
  for (;;) {
    const next = after
      ? sql`and (i.sys_obligor_code, i.issue_date, i.sys_invoice_num) > (${after.sysObligorCode}, ${after.issueDate}::date, ${after.sysInvoiceNum})`
      : sql``;
    const batch = await queryRows<Raw>(
      ctx.db,
      sql`
      select i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum", i.doc_type as "docType",
        i.sys_obligor_code as "sysObligorCode", o.name as "obligorName",
        coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as "parentSysObligorCode",
        i.issue_date::text as "issueDate", i.due_date::text as "dueDate", i.amount,
        ${outstanding}::numeric(18,2) as outstanding, ${pastDue} as "daysPastDue"
      from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where ${where} ${next}
      order by i.sys_obligor_code, i.issue_date, i.sys_invoice_num
      limit ${batchSize}`,
    );
    for (const raw of batch) {
      const amount = Number(raw.amount);
      const owed = Number(raw.outstanding);
      const daysPastDue = Number(raw.daysPastDue);
      yield {
        ...raw,
        amount,
        outstanding: owed,
        daysPastDue,
        // Paid in paise so that amount = paid + outstanding to the paisa.
        paid: (Math.round(amount * 100) - Math.round(owed * 100)) / 100,
        bucket: creditBucket(daysPastDue, ctx.boundaries),
      };
    }
    if (batch.length < batchSize) return;
    after = batch.at(-1);
  }
}
