import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import { levelFor, reminderDecision, type DunningPolicy, type ReminderItem } from '@/lib/domain/dunning';
import { DOC_TYPES } from '@/lib/domain/filters';
import type { LawValues } from '@/lib/domain/law-lines';
import { scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { dueDayOf, openDueBy } from '@/lib/server/receivables/instalments';
import { unallocatedReceiptsSql } from '@/lib/server/receivables/open-items';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

/** A family (or account) owing enough to be reminded today, with what the message needs. */
export interface Candidate {
  /** The family's parent code (grouping FAMILY) or the account's. */
  code: string;
  name: string;
  /** The family parent's name (the account's own when it has no parent). */
  familyName: string;
  /**
   * REMIND: a reminder for `amountDue`; ASK_ALLOCATION: its money on account covers what it owes
   * (nothing, or less than the minimum, is left), so it is asked which bills that money pays instead.
   */
  action: 'REMIND' | 'ASK_ALLOCATION';
  /** What the reminder asks for: the items' total less the money on account (lib/domain/dunning.ts reminderDecision). */
  amountDue: number;
  /** The items' total: what it owes on them before the money on account is deducted. */
  itemsDue: number;
  /** Its receipts on account not yet allocated to bills today (zero or negative), of its accounts in scope. */
  unallocated: number;
  oldestDays: number;
  /** The items the message lists: debts due within the first level's window and unused credits. */
  items: ReminderItem[];
  /** Contacts' addresses, else the obligor's own; null when there is none. */
  emails: string | null;
  phone: string | null;
  collector: { id: number; name: string } | null;
  manager: { id: number; name: string } | null;
  /** The last day a reminder was SENT to it, if any. */
  lastSent: string | null;
  /** The law's lines, worked out by the run when the level's template uses them (lib/server/msme/reminder-law.ts). */
  law?: LawValues;
}

/** An item of the group's json_agg, as the statement builds it. */
const ItemJson = row({
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  docType: col.oneOf(DOC_TYPES),
  issueDate: col.day,
  dueDate: col.day.nullable(),
  outstanding: col.num,
  notYetDue: col.num,
  /** What of `outstanding` was due before today (the overdue part; a credit: all of it). */
  overdue: col.num,
  /** The part of the item an open dispute holds (left out of `outstanding`). */
  disputed: col.num,
  daysPastDue: col.int,
});

const CandidateRow = row({
  code: col.text,
  name: col.text,
  family_name: col.text,
  amount_due: col.num,
  amount_overdue: col.num,
  unallocated: col.num,
  oldest_days: col.int,
  items: col.json(ItemJson.array()),
  contact_emails: col.text.nullable(),
  own_email: col.text.nullable(),
  phone: col.text.nullable(),
  guest_id: col.int.nullable(),
  guest_name: col.text.nullable(),
  rep_id: col.int.nullable(),
  rep_name: col.text.nullable(),
  last_sent: col.day.nullable(),
});

/**
 * Who is chased on `today`, in one statement. The open items of the client's customers (within
 * the user's scope) as of today, less those in a dispute in force that day, are grouped by the family's parent
 * code (FAMILY) or by account (ACCOUNT). A group's amount due is what it owes on the debts
 * (invoices, debit notes) due by `today - firstLevelDays` days, net of its credit notes and
 * overpayments; its oldest days are the largest days past due of those debts. An invoice in
 * instalments is as late as its oldest open instalment and owes what its instalments due by then hold
 * (lib/server/receivables/instalments.ts); the rest is listed as not yet due. Left out: groups
 * with nothing such owed, less than the policy's minimum, or an OPEN promise (on the family or the
 * account) whose date is today or later. Its receipts on account not yet allocated today (those
 * dated today or before less their allocations dated today or before, of its accounts in scope)
 * are then deducted by reminderDecision: the amount due is what remains, or the group is to be asked
 * which bills that money pays when it covers the debt. The quiet period and the level are decided
 * by the caller.
 */
export async function reminderCandidates(
  db: Db,
  clientId: number,
  policy: DunningPolicy,
  today: string,
  options: { scope?: ObligorScope; code?: string } = {},
): Promise<Candidate[]> {
  const firstDays = Math.min(...policy.levels.map((l) => l.days));
  const d = sql`${today}::date`;
  const family = policy.grouping === 'FAMILY';
  const key = family ? sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code)` : sql`o.sys_obligor_code`;
  const inScope = scopeCondition(clientId, options.scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const onlyOne = options.code ? sql`${key} = ${options.code}` : sql`true`;
  const promiseCovers = family
    ? sql`coalesce(po.parent_sys_obligor_code, po.sys_obligor_code) = c.key`
    : sql`(p.sys_obligor_code = c.key or (p.on_family and p.sys_obligor_code = k.parent_sys_obligor_code))`;
  const rows = await queryRows(
    db,
    sql`
    with members as (
      select o.sys_obligor_code as code, ${key} as key
      from obligors o
      where o.client_id = ${clientId} and ${inScope} and ${onlyOne}
    ), owed_items as (
      select m.key, i.client_id, i.sys_invoice_num, i.invoice_num, i.doc_type, i.issue_date, i.due_date,
        i.amount - i.paid_to_date + coalesce((select sum(p.amount) from settlements p
          where p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num and p.paid_date > ${d}), 0) as owed
      from members m join invoices i on i.client_id = ${clientId} and i.sys_obligor_code = m.code
      where i.issue_date <= ${d} and (i.settled_date is null or i.settled_date > ${d})
        -- The customer said they paid it ("I have paid"): not asked for again within the grace period.
        and not exists (select 1 from remittance_advices ra where ra.client_id = ${clientId}
          and ra.status = 'OPEN' and ra.holds_until > ${d} and i.sys_invoice_num = any(ra.invoices))
    ), disputed as (
      -- A dispute in force on the day holds its amount of its bills, oldest due first, each up to what it owes: a
      -- ₹10,000 dispute on a ₹44,142.13 bill holds ₹10,000 of it, and the rest is still asked for.
      select x.sys_invoice_num, sum(x.held) as held from (
        select di.sys_invoice_num, least(oi.owed, greatest(0, dp.amount - coalesce(sum(oi.owed) over (partition by dp.id
          order by coalesce(oi.due_date, oi.issue_date), oi.sys_invoice_num rows between unbounded preceding and 1 preceding), 0))) as held
        from disputes dp
        join dispute_invoices di on di.client_id = dp.client_id and di.dispute_id = dp.id
        join owed_items oi on oi.sys_invoice_num = di.sys_invoice_num
        where dp.client_id = ${clientId} and ${disputeOpenOn('dp', d)} and oi.owed > 0
      ) x group by x.sys_invoice_num
    ), open_items as (
      select oi.*, oi.owed - coalesce(ds.held, 0) as outstanding, coalesce(ds.held, 0) as disputed
      from owed_items oi left join disputed ds on ds.sys_invoice_num = oi.sys_invoice_num
    ), items as (
      -- An invoice in instalments is as late as its oldest open instalment, and is asked for what its
      -- instalments due by the first level's day hold; the later ones are not yet asked for.
      select i.*, x.due_day, ${d} - x.due_day as dpd,
        case when i.outstanding < 0 then i.outstanding else ${openDueBy(sql`i.outstanding`, sql`(${d} - ${firstDays}::int)`)} end as asked,
        -- Overdue: due before today. A reminder of an overdue level asks only for this part.
        case when i.outstanding < 0 then i.outstanding else ${openDueBy(sql`i.outstanding`, sql`(${d} - 1)`)} end as overdue
      from open_items i cross join lateral (select ${dueDayOf(sql`i.outstanding`)} as due_day) x
    ), listed as (
      select it.*, (it.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and it.outstanding > 0) as debt
      from items it
      where it.outstanding < 0 or (it.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and it.outstanding > 0 and it.dpd >= ${firstDays})
    ), c as (
      select l.key, sum(l.asked) as amount_due, sum(l.overdue) as amount_overdue, max(l.dpd) filter (where l.debt) as oldest_days,
        json_agg(json_build_object('sysInvoiceNum', l.sys_invoice_num, 'invoiceNum', l.invoice_num, 'docType', l.doc_type, 'issueDate', l.issue_date,
          'dueDate', l.due_day, 'outstanding', l.asked, 'notYetDue', l.outstanding - l.asked, 'overdue', l.overdue,
          'disputed', l.disputed, 'daysPastDue', l.dpd)
          order by l.debt desc, l.dpd desc, l.invoice_num) as items
      from listed l group by l.key
    ), unapplied as (
      -- Receipts on account by the one rule (unallocatedReceiptsSql): received by today, less what was allocated by today.
      select m.key, sum(u.unallocated) as unallocated
      from members m join (${unallocatedReceiptsSql(clientId, today, sql`r.sys_obligor_code in (select code from members)`)}) u
        on u.sys_obligor_code = m.code
      where m.key in (select key from c)
      group by m.key
    )
    select c.key as code, k.name, coalesce(fp.name, k.name) as family_name, c.amount_due, c.amount_overdue,
      coalesce(u.unallocated, 0) as unallocated, c.oldest_days, c.items,
      (select string_agg(distinct ct.email, ', ') from contacts ct
        where ct.client_id = ${clientId} and ct.sys_obligor_code = c.key and coalesce(trim(ct.email), '') <> '') as contact_emails,
      nullif(trim(k.email), '') as own_email,
      coalesce((select min(ct.phone) from contacts ct
        where ct.client_id = ${clientId} and ct.sys_obligor_code = c.key and coalesce(trim(ct.phone), '') <> ''), k.phone) as phone,
      g.id as guest_id, g.name as guest_name, r.id as rep_id, r.name as rep_name,
      (select max(dm.sent_on)::text from dunning_messages dm
        where dm.client_id = ${clientId} and dm.sys_obligor_code = c.key and dm.status = 'SENT') as last_sent
    from c
    left join unapplied u on u.key = c.key
    join obligors k on k.client_id = ${clientId} and k.sys_obligor_code = c.key
    left join obligors fp on fp.client_id = ${clientId} and fp.sys_obligor_code = k.parent_sys_obligor_code
    left join users g on g.client_id = ${clientId} and g.id = k.guest_id and g.status = 'ACTIVE'
    left join users r on r.client_id = ${clientId} and r.id = k.representative_id and r.status = 'ACTIVE'
    where c.oldest_days is not null and c.amount_due > 0 and c.amount_due >= ${policy.minAmount}
      and not exists (select 1 from promises p
        join obligors po on po.client_id = p.client_id and po.sys_obligor_code = p.sys_obligor_code
        where p.client_id = ${clientId} and p.status = 'OPEN' and p.promised_date >= ${d} and ${promiseCovers})
    order by c.oldest_days desc, c.amount_due desc, c.key`,
    CandidateRow,
  );
  return rows.flatMap((r) => {
    // A reminder of a level past the due date ("overdue") asks for what is overdue only; the bills
    // falling due within the first level's window are listed as due soon, not in its amount.
    const level = levelFor(policy.levels, r.oldest_days);
    const overdueLevel = level !== null && level.days > 0;
    const itemsDue = overdueLevel ? r.amount_overdue : r.amount_due;
    const unallocated = r.unallocated;
    const decision = reminderDecision(itemsDue, unallocated, policy.minAmount);
    if (!decision) return [];
    return {
      code: r.code,
      name: r.name,
      familyName: r.family_name,
      action: decision.action,
      amountDue: decision.amountDue,
      itemsDue,
      unallocated,
      oldestDays: r.oldest_days,
      items: r.items.map((i) => reminderItem(i, overdueLevel)),
      emails: r.contact_emails ?? r.own_email,
      phone: r.phone,
      collector: r.guest_id == null ? null : { id: r.guest_id, name: r.guest_name! },
      manager: r.rep_id == null ? null : { id: r.rep_id, name: r.rep_name! },
      lastSent: r.last_sent,
    };
  });
}

/** An item as the message lists it: in a reminder of an overdue level, only its overdue part asked for. */
function reminderItem(
  { notYetDue, overdue, disputed, ...i }: Row<typeof ItemJson>,
  overdueLevel: boolean,
): ReminderItem {
  const held = disputed > 0 ? { disputed } : {};
  if (!overdueLevel || i.outstanding < 0) return { ...i, ...(notYetDue > 0 ? { notYetDue } : {}), ...held };
  if (overdue <= 0) return { ...i, dueSoon: true, ...(notYetDue > 0 ? { notYetDue } : {}), ...held };
  const later = notYetDue + i.outstanding - overdue;
  return { ...i, outstanding: overdue, ...(later > 0 ? { notYetDue: later } : {}), ...held };
}
