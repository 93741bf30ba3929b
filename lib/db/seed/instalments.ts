/**
 * Payment schedules for the demo: about one large invoice in 25 (₹1 lakh or more, on 30 days' credit
 * or longer) is payable in two or three instalments spread evenly over its credit period, the last
 * falling due on the invoice's due date; the parts are whole rupees, the last takes the remainder.
 * Chosen by a hash of the invoice's number (no randomness): every seed with the same `today` writes
 * the same rows. The payments planned for the invoice stay as they are: they settle the oldest
 * instalment first, so a late payer's first instalments are the ones overdue.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow } from '../query';
import { col, row } from '../rows';
import type { Counts } from './batch';

/** One large invoice in SHARE is payable in instalments. */
const SHARE = 25;

export async function writeInstalments(db: Db, clientId: number, counts: Counts): Promise<void> {
  const written = await queryRow(
    db,
    sql`
    with picked as (
      select sys_invoice_num, issue_date, due_date, amount, 2 + (h / ${SHARE}) % 2 as parts from (
        select i.sys_invoice_num, i.issue_date, i.due_date, i.amount,
          ('x' || substr(md5(i.sys_invoice_num), 1, 8))::bit(32)::int & 2147483647 as h
        from invoices i
        where i.client_id = ${clientId} and i.doc_type = 'INVOICE' and i.amount >= 100000
          and i.due_date - i.issue_date >= 30) x
      where h % ${SHARE} = 0
    ),
    written as (
      insert into instalments (client_id, sys_invoice_num, due_date, amount)
      select ${clientId}, p.sys_invoice_num, p.issue_date + round((p.due_date - p.issue_date) * k::numeric / p.parts)::int,
        case when k = p.parts then p.amount - (p.parts - 1) * floor(p.amount / p.parts) else floor(p.amount / p.parts) end
      from picked p cross join lateral generate_series(1, p.parts) k
      returning 1
    )
    select count(*)::int as n from written`,
    row({ n: col.int }),
  );
  counts.instalments = (counts.instalments ?? 0) + (written?.n ?? 0);
}
