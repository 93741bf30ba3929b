import 'server-only';
import { todayIso } from '@/lib/domain/dates';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col } from '@/lib/db/rows';
import { creditBucket, type CreditBucket } from '@/lib/domain/ageing';
import { DOC_TYPES } from '@/lib/domain/filters';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import {
  openItemColumns,
  OpenItemRow,
  openItemTerms,
  unallocatedReceiptsSql,
} from '@/lib/server/receivables/open-items';
import type { ReportContext } from './report-context';

/** Rows per keyset batch: a few thousand rows are a few MB, and few round trips for a million. */
export const OPEN_INVOICE_BATCH = 5000;

/** An item open at the date, or a receipt on account or advance not yet allocated (a line of its customer). */
export interface OpenInvoiceReportRow {
  /** The item's key; a receipt's reference. */
  sysInvoiceNum: string;
  /** The document number; a receipt's reference. */
  invoiceNum: string;
  docType: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'WRITE_OFF' | 'ON_ACCOUNT' | 'ADVANCE';
  sysObligorCode: string;
  obligorName: string;
  parentSysObligorCode: string;
  /** The issue date; the day a receipt came in. */
  issueDate: string;
  dueDate: string | null;
  /** Signed: a credit note and a receipt (money the customer paid) are negative. */
  amount: number;
  /** What was paid of the item by the date; of a receipt, what has been allocated of it (negative). */
  paid: number;
  /** What the item still owes; of a receipt, what is not yet allocated (negative), so lines add up to the net balance. */
  outstanding: number;
  /** Null for a receipt: unallocated money is in no ageing bucket. */
  daysPastDue: number | null;
  bucket: CreditBucket | null;
}

/** A line as SQL answers it: an open item (the invoices list's select, open-items.ts) or a receipt in the same columns. */
const Line = OpenItemRow.extend({
  docType: col.oneOf([...DOC_TYPES, 'ON_ACCOUNT', 'ADVANCE']),
  daysPastDue: col.int.nullable(),
  /** 0 an item, 1 a receipt. */
  rank: col.int,
});
type Raw = z.output<typeof Line>;

/**
 * Every item open at the report's date and every receipt on account or advance with money not yet
 * allocated then, customer by customer (by code), oldest first (an item before a receipt of the same
 * day), in one keyset walk over the invoices of the client: each batch continues after the last item
 * of the previous one on (customer code, issue date, item key), which the index invoices_obligor
 * (client_id, sys_obligor_code, issue_date) serves in order, so every batch costs the same however
 * deep into the ledger it is, and only one batch is in memory. The receipts of a batch are those from
 * where the previous batch stopped (its last item's customer and day) up to where this one stops, a
 * range of the index receipts_obligor, merged in by the database in the same order (so the order is
 * the database's collation throughout), so each receipt is read once; those past the last item follow
 * in batches of their own. What is open and what it still owes is the invoices call's rule
 * (openItemTerms), what a receipt has left the statement's (unallocatedReceiptsSql), so the
 * workbook's figures are the screens': the items add up to the balance, with the receipts to the net
 * balance.
 */
export async function* openInvoiceRows(
  ctx: ReportContext,
  batchSize = OPEN_INVOICE_BATCH,
): AsyncIterable<OpenInvoiceReportRow> {
  const clientId = ctx.client.id;
  const terms = openItemTerms(clientId, ctx.asOf, todayIso(new Date(), ctx.client.timeZone));
  const { conditions } = terms;
  const scope = scopeCondition(clientId, ctx.scope, sql`i.sys_obligor_code`);
  const where = sql.join([...conditions, ...(scope ? [scope] : [])], sql` and `);
  const receiptScope = scopeCondition(clientId, ctx.scope, sql`r.sys_obligor_code`);
  /** The receipts (alias r) with money left at the date, in the user's scope, as lines (rank 1) in the items' columns. */
  const receiptLines = (bounds: SQL[]) => sql`
    select u.payment_ref as "sysInvoiceNum", u.payment_ref as "invoiceNum", u.kind as "docType",
      u.sys_obligor_code as "sysObligorCode", o.name as "obligorName",
      coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as "parentSysObligorCode", u.paid_date::text as "issueDate",
      null::text as "dueDate", -u.amount as amount, u.unallocated as outstanding, null::int as "daysPastDue", 1 as rank
    from (${unallocatedReceiptsSql(clientId, ctx.asOf, sql.join([...(receiptScope ? [receiptScope] : []), ...bounds], sql` and `))}) u
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = u.sys_obligor_code`;
  /** Lines (a CTE `lines`) in the sheet's order. */
  const named = (lines: SQL, limit: SQL = sql``) => sql`
    with ${lines}
    select x.* from lines x
    order by x."sysObligorCode", x."issueDate"::date, x.rank, x."sysInvoiceNum" ${limit}`;
  const line = (raw: Raw): OpenInvoiceReportRow => {
    const { amount, outstanding: owed } = raw;
    const daysPastDue = raw.rank === 1 ? null : raw.daysPastDue;
    return {
      sysInvoiceNum: raw.sysInvoiceNum,
      invoiceNum: raw.invoiceNum,
      docType: raw.docType,
      sysObligorCode: raw.sysObligorCode,
      obligorName: raw.obligorName,
      parentSysObligorCode: raw.parentSysObligorCode,
      issueDate: raw.issueDate,
      dueDate: raw.dueDate,
      amount,
      outstanding: owed,
      daysPastDue,
      // Paid in paise so that amount = paid + outstanding to the paisa.
      paid: (Math.round(amount * 100) - Math.round(owed * 100)) / 100,
      bucket: daysPastDue === null ? null : creditBucket(daysPastDue, ctx.boundaries),
    };
  };
  /** Receipts from the customer and day where the previous batch stopped (none before the first). */
  const from = (last: Raw | undefined) =>
    last ? [sql`(r.sys_obligor_code, r.paid_date) >= (${last.sysObligorCode}, ${last.issueDate}::date)`] : [];

  let after: Raw | undefined;
  for (;;) {
    const next = after
      ? sql`and (i.sys_obligor_code, i.issue_date, i.sys_invoice_num) > (${after.sysObligorCode}, ${after.issueDate}::date, ${after.sysInvoiceNum})`
      : sql``;
    const batch = await queryRows(
      ctx.db,
      named(sql`items as (
        select ${openItemColumns(terms)}, 0 as rank
        from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
        where ${where} ${next}
        order by i.sys_obligor_code, i.issue_date, i.sys_invoice_num
        limit ${batchSize}
      ),
      lines as (
        select * from items
        union all
        ${receiptLines([
          ...from(after),
          // Up to this batch's last item (its customer and day): a later one may still come before them.
          sql`(r.sys_obligor_code, r.paid_date) < (select l."sysObligorCode", l."issueDate"::date from items l
            order by l."sysObligorCode" desc, l."issueDate"::date desc, l."sysInvoiceNum" desc limit 1)`,
        ])}
      )`),
      Line,
    );
    let items = 0;
    for (const raw of batch) {
      if (raw.rank === 0) {
        items += 1;
        after = raw;
      }
      yield line(raw);
    }
    if (items < batchSize) break;
  }
  // The receipts past the last item: from its customer and day on, in batches after the last one read.
  let bounds = from(after);
  for (;;) {
    const batch = await queryRows(
      ctx.db,
      named(sql`lines as (${receiptLines(bounds)})`, sql`limit ${batchSize}`),
      Line,
    );
    yield* batch.map(line);
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    bounds = [
      sql`(r.sys_obligor_code, r.paid_date, r.payment_ref) > (${last.sysObligorCode}, ${last.issueDate}::date, ${last.sysInvoiceNum})`,
    ];
  }
}
