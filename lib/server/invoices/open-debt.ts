import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/**
 * An open debt of the ledger, read from the `invoices` row aliased `i`: an invoice or debit note
 * (not a credit note) not settled with something still unpaid. Its open amount is
 * `i.amount - i.paid_to_date`. Disputes and promises are bounded by the sum of these.
 */
export const IS_OPEN_DEBT: SQL = sql.raw(
  `(i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.settled_date is null and i.amount > i.paid_to_date)`,
);

/**
 * The debt (`invoices` row `i`) was not settled by writing it off: a bad debt written off is no
 * payment, so the days-to-pay and payment-behaviour figures leave it out (it stays in the ageing,
 * which it leaves on the write-off's day).
 */
export const notWrittenOff = (i: SQL) =>
  sql`not exists (select 1 from invoices w where w.client_id = ${i}.client_id
    and w.against_sys_invoice_num = ${i}.sys_invoice_num and w.doc_type = 'WRITE_OFF')`;
