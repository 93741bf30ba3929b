/**
 * Notes raised against an invoice for the demo, as distributors' ledgers hold them: two credit notes
 * in three are picked to be a return or a rate difference on one invoice (about two in five find an
 * invoice they fit), and half the debit notes interest or freight on one. Chosen by a hash of the note's number (no randomness), so every seed
 * with the same `today` writes the same rows. A note is raised against the customer's latest
 * invoice issued on or before it (within 180 days) that it fits: a credit note needs that much
 * still unpaid on the invoice over all time, or a last payment on or after the note that exceeds
 * it (the customer then paid the invoice less the note: that payment is cut by the note), so that
 * the invoice is never paid above its amount. A credit note's own adjustment payment goes (the note
 * is applied instead); a debit note's payments move to the invoice, which now owes them. Notes that
 * find no such invoice stand alone.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow } from '../query';
import { col, row } from '../rows';
import type { Counts } from './batch';

/** Rounds: each raises at most one note against an invoice, so that no two take the same room. */
const ROUNDS = 3;

export async function writeNotesAgainstInvoices(db: Db, clientId: number, counts: Counts): Promise<void> {
  let raised = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const made = await queryRow(
      db,
      sql`
      with candidates as (
        select n.sys_invoice_num, n.sys_obligor_code, n.issue_date, n.amount, n.doc_type
        from invoices n
        where n.client_id = ${clientId} and n.doc_type <> 'INVOICE' and n.against_sys_invoice_num is null
          and case when n.doc_type = 'CREDIT_NOTE'
            then (('x' || substr(md5(n.sys_invoice_num), 1, 8))::bit(32)::int & 2147483647) % 3 < 2
            else (('x' || substr(md5(n.sys_invoice_num), 1, 8))::bit(32)::int & 2147483647) % 2 = 0 end
          and not exists (select 1 from allocations a where a.client_id = ${clientId} and a.sys_invoice_num = n.sys_invoice_num)
      ),
      matched as (
        select c.sys_invoice_num as note, c.doc_type, c.amount, t.sys_invoice_num as target, t.room, t.last_payment,
          row_number() over (partition by t.sys_invoice_num order by c.issue_date, c.sys_invoice_num) as nth
        from candidates c cross join lateral (
          select i.sys_invoice_num, r.room, lp.payment_ref as last_payment
          from invoices i
          cross join lateral (select i.amount - coalesce((select sum(s.amount) from settlements s
            where s.client_id = ${clientId} and s.sys_invoice_num = i.sys_invoice_num), 0) as room) r
          left join lateral (select p.payment_ref, p.paid_date, p.amount from payments p
            where p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num
            order by p.paid_date desc, p.payment_ref desc limit 1) lp on true
          where i.client_id = ${clientId} and i.sys_obligor_code = c.sys_obligor_code and i.doc_type = 'INVOICE'
            and i.issue_date between c.issue_date - 180 and c.issue_date
            and (c.amount > 0 or r.room >= -c.amount or (lp.paid_date >= c.issue_date and lp.amount > -c.amount))
          order by i.issue_date desc, i.sys_invoice_num desc limit 1) t
      ),
      chosen as (select * from matched where nth = 1),
      dropped as (
        delete from payments p using chosen c
        where p.client_id = ${clientId} and p.sys_invoice_num = c.note and c.doc_type = 'CREDIT_NOTE' returning 1
      ),
      -- Paid in full after the return: the customer paid the invoice less the note.
      shortened as (
        update payments p set amount = p.amount + c.amount from chosen c
        where p.client_id = ${clientId} and p.payment_ref = c.last_payment and c.doc_type = 'CREDIT_NOTE' and c.room < -c.amount
        returning 1
      ),
      moved as (
        update payments p set sys_invoice_num = c.target from chosen c
        where p.client_id = ${clientId} and p.sys_invoice_num = c.note and c.doc_type = 'DEBIT_NOTE' returning 1
      ),
      raised as (
        update invoices n set against_sys_invoice_num = c.target from chosen c
        where n.client_id = ${clientId} and n.sys_invoice_num = c.note returning 1
      )
      -- dropped, shortened and moved run all the same (a data-modifying WITH always runs once).
      select (select count(*) from raised)::int as n`,
      row({ n: col.int }),
    );
    raised += made?.n ?? 0;
    if (!made?.n) break;
  }
  counts.notesAgainstInvoices = (counts.notesAgainstInvoices ?? 0) + raised;
}
