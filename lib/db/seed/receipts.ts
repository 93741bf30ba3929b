/**
 * Receipts on account and advances for the demo, as Tally ledgers hold them: about one receipt in
 * twenty arrives without naming its bill. Chosen and timed by a hash of the receipt's reference (no
 * randomness), so every seed with the same `today` writes the same rows. Each such receipt moves
 * from payments to receipts (a quarter of them advances, the rest on account) and is allocated back
 * to the invoice it paid: a third within 30 days, the rest within 31 to 150 days, none after today.
 * Those not yet allocated are the customer's unallocated money; their invoices stay open until then.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow } from '../query';
import { col, row } from '../rows';
import type { Counts } from './batch';

/** One receipt in SHARE names no bill. */
const SHARE = 20;

export async function writeReceiptsOnAccount(
  db: Db,
  clientId: number,
  todayText: string,
  counts: Counts,
): Promise<void> {
  const moved = await queryRow(
    db,
    sql`
    with chosen as (
      select p.payment_ref, p.sys_invoice_num, p.paid_date, p.amount, i.sys_obligor_code, i.issue_date,
        ('x' || substr(md5(p.payment_ref), 1, 8))::bit(32)::int & 2147483647 as h
      from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
      where p.client_id = ${clientId} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and p.amount > 0
    ),
    picked as (
      select *, greatest(paid_date, issue_date)
          + case when (h / ${SHARE}) % 3 = 0 then 1 + (h / 60) % 30 else 31 + (h / 60) % 120 end as allocated_date
      from chosen where h % ${SHARE} = 0
    ),
    gone as (
      delete from payments p using picked k where p.client_id = ${clientId} and p.payment_ref = k.payment_ref returning 1
    ),
    received as (
      insert into receipts (client_id, payment_ref, sys_obligor_code, kind, paid_date, amount)
      select ${clientId}, payment_ref, sys_obligor_code, case when (h / 7) % 4 = 0 then 'ADVANCE' else 'ON_ACCOUNT' end,
        paid_date, amount
      from picked returning 1
    ),
    applied as (
      insert into allocations (client_id, payment_ref, sys_invoice_num, allocated_date, amount)
      select ${clientId}, payment_ref, sys_invoice_num, allocated_date, amount
      from picked where allocated_date <= ${todayText}::date returning 1
    )
    -- gone runs all the same (a data-modifying WITH always runs once).
    select (select count(*) from received)::int as receipts, (select count(*) from applied)::int as allocations`,
    row({ receipts: col.int, allocations: col.int }),
  );
  counts.receipts = (counts.receipts ?? 0) + (moved?.receipts ?? 0);
  counts.allocations = (counts.allocations ?? 0) + (moved?.allocations ?? 0);
}
