import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { instalmentDue, instalmentItems, instalmentOpen, instalmentPlan } from '../instalments';

/**
 * Every open item of a client cut into stretches of one outstanding amount: from its issue day to
 * its first payment day, then between payment days, until the day it is settled ('infinity' while
 * open). Columns: obligor, issue, due (the due date, or the issue date without one), from_day,
 * to_day (exclusive), outstanding and items (what it counts as in bucket counts). A payment counts from the later of its own day and the issue
 * day (as outstanding-at-a-date does); an invoice payable in instalments gives one stretch per
 * instalment (lib/server/receivables/instalments.ts); stretches with nothing owed or no days are left out.
 * `items` (a condition on invoices `i`) limits them to some items.
 */
export function itemStretches(clientId: number, items: SQL = sql`true`): SQL {
  return sql`
    with pay_days as (
      select p.sys_invoice_num, p.paid_date, sum(sum(p.amount)) over w as paid, lead(p.paid_date) over w as next_date,
        row_number() over w = 1 as first
      from settlements p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
      where p.client_id = ${clientId} and ${items}
      group by p.sys_invoice_num, p.paid_date
      window w as (partition by p.sys_invoice_num order by p.paid_date)
    ),
    item_stretches as (
      select i.sys_invoice_num, i.sys_obligor_code as obligor, i.issue_date as issue, coalesce(i.due_date, i.issue_date) as due,
        i.issue_date as from_day, least(coalesce(i.settled_date, 'infinity'), coalesce(f.paid_date, 'infinity')) as to_day,
        i.amount as outstanding
      from invoices i left join pay_days f on f.sys_invoice_num = i.sys_invoice_num and f.first
      where i.client_id = ${clientId} and ${items}
      union all
      select i.sys_invoice_num, i.sys_obligor_code, i.issue_date, coalesce(i.due_date, i.issue_date), greatest(s.paid_date, i.issue_date),
        least(coalesce(i.settled_date, 'infinity'), coalesce(s.next_date, 'infinity')), i.amount - s.paid
      from pay_days s join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = s.sys_invoice_num
    ),
    plan as (${instalmentPlan(clientId)}),
    stretches as (
      -- An invoice payable in instalments: each stretch is one part per instalment, aged by its due date.
      select s.obligor, s.issue, ${instalmentDue(sql`s.due`, 'k')} as due, s.from_day, s.to_day,
        ${instalmentOpen(sql`s.outstanding`, 'k')} as outstanding, ${instalmentItems(sql`s.outstanding`, 'k')} as items
      from item_stretches s left join plan k on k.sys_invoice_num = s.sys_invoice_num
    )
    select * from stretches where outstanding <> 0 and to_day > from_day`;
}
