import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { PART_SHARE } from '@/lib/domain/payment-parts';
import { MIN_COMPARABLE, type LatenessPoint } from '@/lib/domain/payment-prediction';
import { behaviourFrom, daysLate, paidOffIn } from '@/lib/server/behaviour/payment-behaviour';

const PieceRow = row({ account: col.text, late: col.int, count: col.int, amount: col.num });

/**
 * The accounts of `families` (a condition on obligors `o`) that pay in parts (lib/domain/payment-
 * parts.ts), each with its year's settled bills read receipt by receipt: the bills the lateness
 * profile reads (settled in the 12 months to `knownThrough`), each receipt (a payment or a receipt
 * applied) at its days late, and what else settled the bill (notes) at its settlement.
 */
export async function partPayments(
  db: Db,
  clientId: number,
  knownThrough: string,
  families: SQL,
): Promise<Map<string, LatenessPoint[]>> {
  const receipt = sql`st.client_id = ${clientId} and st.sys_invoice_num = b.sys_invoice_num
    and st.source in ('PAYMENT', 'ALLOCATION') and st.amount > 0`;
  const rows = await queryRows(
    db,
    sql`
    with b as (
      select i.sys_obligor_code as account, i.sys_invoice_num, coalesce(i.due_date, i.issue_date) as due,
        ${daysLate(sql`i`)} as late, i.amount
      from invoices i
      join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${clientId} and ${paidOffIn(sql`i`, behaviourFrom(knownThrough), knownThrough)}
        and coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) in (
          select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) from obligors o where o.client_id = ${clientId} and ${families})
    ), r as (
      select b.sys_invoice_num, count(*) as receipts, sum(st.amount) as received
      from b join settlements st on ${receipt} group by b.sys_invoice_num
    ), payers as (
      select b.account from b left join r on r.sys_invoice_num = b.sys_invoice_num
      group by b.account
      having count(*) >= ${MIN_COMPARABLE} and count(*) filter (where r.receipts > 1) >= ${PART_SHARE}::float8 * count(*)
    ), pieces as (
      select b.account, st.paid_date - b.due as late, 1 as n, st.amount as paid
      from b join payers p on p.account = b.account join settlements st on ${receipt}
      union all
      select b.account, b.late, 0, b.amount - coalesce(r.received, 0)
      from b join payers p on p.account = b.account left join r on r.sys_invoice_num = b.sys_invoice_num
      where b.amount - coalesce(r.received, 0) > 0
    )
    select account, late, sum(n)::int as count, sum(paid) as amount from pieces group by account, late`,
    PieceRow,
  );
  const out = new Map<string, LatenessPoint[]>();
  for (const r of rows) {
    const point = { daysLate: r.late, count: r.count, amount: r.amount, open: 0 };
    const list = out.get(r.account);
    if (list) list.push(point);
    else out.set(r.account, [point]);
  }
  return out;
}
