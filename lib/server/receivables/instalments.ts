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

/**
 * The day item `i` is as late as, for an open amount `open`: its oldest open instalment's due date
 * for an invoice in instalments, else its due date (its issue date without one). The one rule of
 * "days past due" for an item as a whole: the invoices call, reminders, the portal, credit holds.
 */
export function dueDayOf(open: SQL): SQL {
  return sql`coalesce(${oldestOpenInstalmentDue(open)}, i.due_date, i.issue_date)`;
}

/**
 * What of item `i`'s open amount `open` had fallen due by the day `by`. For an invoice in
 * instalments, what its instalments due on or before that day hold: the open amount less what the
 * later ones hold (they hold it first, up to their amounts; the last one also what a debit note added
 * above the schedule). For any other item, all of it when it was due by then, else nothing.
 */
export function openDueBy(open: SQL, by: SQL): SQL {
  return sql`coalesce((select case when coalesce(sum(k.amount) filter (where k.due_date > ${by}), 0) = 0 then ${open}
        else greatest(least(${open}, sum(k.amount)) - sum(k.amount) filter (where k.due_date > ${by}), 0) end
      from instalments k where k.client_id = i.client_id and k.sys_invoice_num = i.sys_invoice_num having count(*) > 0),
    case when coalesce(i.due_date, i.issue_date) <= ${by} then ${open} else 0 end)`;
}

/** The date an item's part is aged from: its instalment's due date, else the item's due (or issue) date. */
export function instalmentDue(itemDue: SQL, k: string): SQL {
  return sql`coalesce(${sql.raw(k)}.due_date, ${itemDue})`;
}

/** What a query of items `i` needs to read them part by part: an invoice in instalments one part per instalment (alias `k`). */
export interface ItemParts {
  /** Left-joins each item's instalments (none: one row, `k`'s columns null). */
  join: SQL;
  /** What the part holds of the item's open amount: all of it for an item without instalments. */
  open: SQL;
  /** The part's due day: its instalment's due date, else the item's due date (its issue date without one). */
  due: SQL;
  /** How many items the part counts as (instalmentItems): the item once, by its oldest open part. */
  items: SQL;
}

/**
 * Items `i` with open amount `open`, part by part, for the readers that add up or forecast open
 * amounts by due day (the portal's ageing, credit holds, the cash-in forecast): the same split as the
 * ageing's (instalmentPlan, instalmentOpen). A part may hold nothing; callers keep those that do.
 * `few`: the items are a customer's or a family's.
 */
export function itemParts(clientId: number, open: SQL, few = false): ItemParts {
  return {
    // A few items (one customer's) read their own instalments by key; many (the client's) meet the
    // client's whole schedule once, by hash.
    join: few
      ? sql`left join lateral (select k.due_date, k.amount,
          coalesce(sum(k.amount) over (order by k.due_date desc rows between unbounded preceding and 1 preceding), 0) as later,
          sum(k.amount) over () as total
        from instalments k where k.client_id = i.client_id and k.sys_invoice_num = i.sys_invoice_num) k on true`
      : sql`left join (${instalmentPlan(clientId)}) k on k.sys_invoice_num = i.sys_invoice_num`,
    open: instalmentOpen(open, 'k'),
    due: instalmentDue(sql`coalesce(i.due_date, i.issue_date)`, 'k'),
    items: instalmentItems(open, 'k'),
  };
}
