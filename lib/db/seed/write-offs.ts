/**
 * Bad debts written off for the demo, as a finance team books them at a quarter's close: about
 * seven invoices in a thousand, picked among those the customer never paid in full, each written off
 * for what is still unpaid (a WRITE_OFF document against it) once it is 180 to 330 days past due and
 * no payment came after, over the last two years. They give the provision matrix its history of
 * losses (docs/provision.md). Chosen by a hash of the invoice's number (no randomness): every seed
 * with the same `today` writes the same rows; the scale-17 bench seed runs the same statement.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow } from '../query';
import { col, row } from '../rows';
import type { Counts } from './batch';

/** Write-offs per thousand invoices (at most: fewer when fewer invoices qualify). */
const PER_MILLE = 7;
/** How far back write-offs go. */
const YEARS = 2;

export async function writeWriteOffs(db: Db, clientId: number, today: string, counts: Counts): Promise<void> {
  const written = await queryRow(
    db,
    sql`
    with paid as (
      -- One pass over the settlements (a probe per invoice costs minutes at the bench's scale).
      select p.sys_invoice_num, sum(p.amount) as paid, max(p.paid_date) as last_paid
      from settlements p where p.client_id = ${clientId} group by p.sys_invoice_num
    ),
    candidates as (
      select i.sys_invoice_num, i.sys_obligor_code, i.currency, i.dim1_id, i.dim2_id, i.dim3_id,
        i.amount - coalesce(p.paid, 0) as room, p.last_paid,
        coalesce(i.due_date, i.issue_date) + 181 + (('x' || substr(md5(i.sys_invoice_num), 1, 8))::bit(32)::int & 2147483647) % 150 as day,
        ('x' || substr(md5(i.sys_invoice_num), 8, 8))::bit(32)::int & 2147483647 as h
      from invoices i left join paid p on p.sys_invoice_num = i.sys_invoice_num
      where i.client_id = ${clientId} and i.doc_type = 'INVOICE'
        and coalesce(i.due_date, i.issue_date) < ${today}::date - 181 and i.amount > coalesce(p.paid, 0)
    ),
    chosen as (
      select c.*, extract(year from c.day - interval '3 months')::int as fy
      from candidates c
      where c.day < ${today}::date and c.day >= ${today}::date - ${YEARS * 365}::int and (c.last_paid is null or c.last_paid < c.day)
      order by c.h, c.sys_invoice_num
      limit (select ceil(count(*) * ${PER_MILLE}::int / 1000.0)::int from invoices
        where client_id = ${clientId} and doc_type = 'INVOICE')
    ),
    written as (
      insert into invoices (client_id, sys_invoice_num, invoice_num, sys_obligor_code, doc_type, issue_date, due_date,
        amount, currency, dim1_id, dim2_id, dim3_id, against_sys_invoice_num, paid_to_date, settled_date, status)
      select ${clientId}, replace(c.sys_invoice_num, '-INV-', '-WOF-'),
        'WO/' || c.fy || '-' || lpad(((c.fy + 1) % 100)::text, 2, '0') || '/'
          || lpad((row_number() over (partition by c.fy order by c.day, c.sys_invoice_num))::text, 6, '0'),
        c.sys_obligor_code, 'WRITE_OFF', c.day, c.day, -c.room, c.currency, c.dim1_id, c.dim2_id, c.dim3_id,
        c.sys_invoice_num, -c.room, c.day, 'CLOSED'
      from chosen c
      returning 1
    )
    select count(*)::int as n from written`,
    row({ n: col.int }),
  );
  const n = written?.n ?? 0;
  counts.writeOffs = (counts.writeOffs ?? 0) + n;
  counts.invoices = (counts.invoices ?? 0) + n;
}
