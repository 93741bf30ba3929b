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
