import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Invoices payable in instalments, as the ageing reads them. Whatever settles an invoice (payments,
 * allocations, notes against it) settles its instalments oldest due date first, so at any date the
 * open amount O of the invoice is held by its latest instalments: instalment k holds
 * least(amount_k, O - later_k) (never below zero), later_k being the instalments due after it; the
 * last one also holds what a debit note against the invoice added above its amount. The same rule
 * as instalmentsOpen in lib/domain/ageing.ts.
 */

/** The client's instalments with what falls due after each and their total: (sys_invoice_num, due_date, amount, later, total). */
export function instalmentPlan(clientId: number): SQL {
  return sql`select sys_invoice_num, due_date, amount,
      coalesce(sum(amount) over (partition by sys_invoice_num order by due_date desc
        rows between unbounded preceding and 1 preceding), 0) as later,
      sum(amount) over (partition by sys_invoice_num) as total
    from instalments where client_id = ${clientId}`;
}

/**
 * What instalment `k` (a row of instalmentPlan, left-joined: its columns null when the item has
 * none) holds of an item's open amount `open`; the whole of it for an item without instalments.
 */
export function instalmentOpen(open: SQL, k: string): SQL {
  const plan = sql.raw(k);
  return sql`(case when ${plan}.due_date is null then ${open}
    else least(${plan}.amount, greatest(${open} - ${plan}.later, 0))
      + case when ${plan}.later = 0 then greatest(${open} - ${plan}.total, 0) else 0 end end)`;
}

/**
 * How many items a part counts as (bucket counts): an invoice counts once, by its oldest open
 * instalment, so that counts stay counts of documents; an item without instalments counts once.
 */
export function instalmentItems(open: SQL, k: string): SQL {
  const plan = sql.raw(k);
  return sql`(case when ${plan}.due_date is null then 1
    when ${instalmentOpen(open, k)} = 0 then 0
    when ${open} <= ${plan}.later + ${plan}.amount or ${plan}.later + ${plan}.amount = ${plan}.total then 1 else 0 end)`;
}

/**
 * The due date of the oldest instalment of item `i` that holds part of its open amount `open` (null
 * for an item without instalments): the item is as late as it. The instalments holding the open
 * amount are the latest ones, so it is the earliest of those due after less than `open` falls due.
 */
export function oldestOpenInstalmentDue(open: SQL): SQL {
  return sql`(select min(k.due_date) from (select due_date,
      coalesce(sum(amount) over (order by due_date desc rows between unbounded preceding and 1 preceding), 0) as later
    from instalments where client_id = i.client_id and sys_invoice_num = i.sys_invoice_num) k where ${open} > k.later)`;
}

/** The date an item's part is aged from: its instalment's due date, else the item's due (or issue) date. */
export function instalmentDue(itemDue: SQL, k: string): SQL {
  return sql`coalesce(${sql.raw(k)}.due_date, ${itemDue})`;
}
