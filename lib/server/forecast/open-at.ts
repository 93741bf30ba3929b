import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
/**
 * The open debts (invoices and debit notes, alias `i`) on `knownThrough` and what each owed then. On
 * today that is the ledger as it stands (`settled_date`, `paid_to_date`); a past day reads the
 * payments dated up to it.
 */
export function openDebtsOn(clientId: number, knownThrough: string, today: string): { where: SQL; owed: SQL } {
  if (knownThrough >= today)
    return {
      where: sql`i.amount > 0 and i.issue_date <= ${knownThrough}::date and i.settled_date is null`,
      owed: sql`i.amount - i.paid_to_date`,
    };
  return {
    where: sql`i.amount > 0 and i.issue_date <= ${knownThrough}::date
      and (i.settled_date is null or i.settled_date > ${knownThrough}::date)`,
    owed: sql`i.amount - coalesce((select sum(p.amount) from settlements p
      where p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num and p.paid_date <= ${knownThrough}::date), 0)`,
  };
}
