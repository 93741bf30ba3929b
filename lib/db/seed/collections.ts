/**
 * Promises to pay and disputes for the demo: a handful per client on customers with overdue debts,
 * chosen and sized by fixed rules (no randomness), so every seed with the same `today` writes the
 * same rows. Promises are taken from the customers' own payments: one whose payments before its
 * date reached it (kept), one paid in part, one with nothing paid (broken), and open ones falling
 * due in the coming days; their status is then set by the same check an import runs, which makes
 * the broken promise's task and notification. Disputes: two open (one raised on the portal) and
 * one resolved with a credit note.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { communications, disputeInvoices, disputes, promises } from '../schema';
import type { Db } from '../client';
import { queryRow, queryRows } from '../query';
import { col, row, type Row } from '../rows';
import { formatDayInput } from '../../domain/day-input';
import { formatMoney } from '../../domain/format';
import { checkPromises } from '../../server/promises/check-promises';
import type { Counts } from './batch';
import { dayNum, dayStr, istInstant } from './dates';

/** An account with overdue debts, with its largest open debt. */
const Candidate = row({
  code: col.text,
  userId: col.int,
  overdue: col.num,
  invoice: col.text,
  invoiceOpen: col.num,
});
type Candidate = Row<typeof Candidate>;

/** Paid on the account from `from` to `to` (payments on invoices and debit notes only). */
async function paidBetween(db: Db, clientId: number, code: string, from: string, to: string): Promise<number> {
  const found = await queryRow(
    db,
    sql`select sum(p.amount)::text as paid from payments p
    join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
    where p.client_id = ${clientId} and i.client_id = ${clientId} and i.sys_obligor_code = ${code}
      and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and p.paid_date between ${from}::date and ${to}::date`,
    row({ paid: col.num.nullable() }),
  );
  return found?.paid ?? 0;
}

/** A note's promise broken within this many days before today has its task open, as a collector's would. */
const TASKED_DAYS = 7;

const hundreds = (rupees: number) => Math.max(100, Math.round(rupees / 100) * 100);

/**
 * A promise row for every "promise to pay" note of the collectors (communications.ts) that has
 * none, so that what the notes say was promised is what the promises card, the worklist and the
 * kept rate count: its amount, taken on the note's day, due on its follow-up day, on its account.
 * Those whose date is more than TASKED_DAYS gone are settled as on the day after it (kept, partly
 * kept or broken by the account's own payments, the rule of check-promises.ts) without a task: their
 * follow-up is history. The rest are left to the day's check, which tasks the last week's breaks.
 * Returns how many were written.
 */
async function promisesOfNotes(db: Db, clientId: number, todayText: string): Promise<number> {
  const written = await queryRows(
    db,
    sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, user_id, communication_id, created_at)
    select c.client_id, c.sys_obligor_code, c.promised_amount, c.follow_up_date, c.comm_date, 'CALL', c.user_id, c.id, c.created_at
    from communications c
    where c.client_id = ${clientId} and c.channel = 'PROMISE_TO_PAY' and c.promised_amount > 0
      and c.follow_up_date is not null and c.follow_up_date >= c.comm_date and c.comm_date <= ${todayText}::date
      and not exists (select 1 from promises p where p.client_id = c.client_id and p.communication_id = c.id)
    order by c.id
    returning id, promised_date::text as "promisedDate"`,
    row({ id: col.int, promisedDate: col.day }),
  );
  const settled = new Map<string, number[]>();
  for (const p of written)
    if (dayNum(p.promisedDate) < dayNum(todayText) - TASKED_DAYS)
      settled.set(p.promisedDate, [...(settled.get(p.promisedDate) ?? []), p.id]);
  for (const [promisedDate, ids] of settled)
    await checkPromises(db, clientId, dayStr(dayNum(promisedDate) + 1), { ids }, { tasks: false });
  return written.length;
}

export async function writeCollections(
  db: Db,
  clientId: number,
  adminId: number,
  portalUserId: number | null,
  todayText: string,
  counts: Counts,
): Promise<void> {
  const today = dayNum(todayText);
  const day = (offset: number) => dayStr(today + offset);
  // Accounts with overdue debts, in an order fixed by their codes, each with its largest open debt.
  const candidates = await queryRows(
    db,
    sql`select o.sys_obligor_code as code, coalesce(o.guest_id, o.representative_id, ${adminId}) as "userId",
      sum(i.amount - i.paid_to_date)::float8 as overdue,
      (array_agg(i.sys_invoice_num order by i.amount - i.paid_to_date desc, i.sys_invoice_num))[1] as invoice,
      max(i.amount - i.paid_to_date)::float8 as "invoiceOpen"
    from obligors o join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and i.client_id = ${clientId} and o.parent_sys_obligor_code is not null
      and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.settled_date is null and i.amount > i.paid_to_date
      and coalesce(i.due_date, i.issue_date) < ${todayText}::date
    group by o.sys_obligor_code, o.guest_id, o.representative_id
    having sum(i.amount - i.paid_to_date) >= 5000
    order by md5(o.sys_obligor_code), o.sys_obligor_code
    limit 60`,
    Candidate,
  );
  const used = new Set<string>();
  const take = async (fits: (c: Candidate) => Promise<boolean> | boolean) => {
    for (const c of candidates) {
      if (used.has(c.code)) continue;
      if (await fits(c)) {
        used.add(c.code);
        return c;
      }
    }
    return undefined;
  };

  const planned: { c: Candidate; amount: number; takenOn: string; promisedDate: string; promisedBy: string }[] = [];
  // Kept: what the account paid between the promise and its date was at least what was promised.
  const kept = await take(async (c) => (await paidBetween(db, clientId, c.code, day(-20), day(-10))) >= 100);
  if (kept) {
    const paid = await paidBetween(db, clientId, kept.code, day(-20), day(-10));
    planned.push({
      c: kept,
      amount: Math.floor(paid),
      takenOn: day(-20),
      promisedDate: day(-10),
      promisedBy: 'the proprietor',
    });
  }
  // Partly kept: twice what came in by the date was promised.
  const partial = await take(async (c) => (await paidBetween(db, clientId, c.code, day(-25), day(-8))) >= 100);
  if (partial) {
    const paid = await paidBetween(db, clientId, partial.code, day(-25), day(-8));
    planned.push({
      c: partial,
      amount: hundreds(paid * 2),
      takenOn: day(-25),
      promisedDate: day(-8),
      promisedBy: 'accounts head',
    });
  }
  // Broken: nothing came in between the promise and its date.
  const broken = await take(async (c) => (await paidBetween(db, clientId, c.code, day(-12), day(-1))) === 0);
  if (broken)
    planned.push({
      c: broken,
      amount: hundreds(broken.overdue / 2),
      takenOn: day(-12),
      promisedDate: day(-5),
      promisedBy: 'finance manager',
    });
  // Open: taken in the last days, falling due in the coming ones.
  for (const [i, [taken, due]] of [
    [-3, 4],
    [-1, 7],
    [0, 12],
  ].entries()) {
    const c = await take(() => true);
    if (c)
      planned.push({
        c,
        amount: hundreds(c.overdue / (2 + i)),
        takenOn: day(taken!),
        promisedDate: day(due!),
        promisedBy: ['the director', 'accounts executive', 'the proprietor'][i]!,
      });
  }
  for (const p of planned) {
    const [comm] = await db
      .insert(communications)
      .values({
        clientId,
        sysObligorCode: p.c.code,
        commDate: p.takenOn,
        channel: 'PROMISE_TO_PAY',
        summary: `Promised ${formatMoney(p.amount)} by ${formatDayInput(p.promisedDate)} (${p.promisedBy})`,
        promisedAmount: p.amount.toFixed(2),
        followUpDate: p.promisedDate,
        userId: p.c.userId,
        createdAt: istInstant(dayNum(p.takenOn), 11 * 60),
      })
      .returning({ id: communications.id });
    await db.insert(promises).values({
      clientId,
      sysObligorCode: p.c.code,
      amount: p.amount.toFixed(2),
      promisedDate: p.promisedDate,
      takenOn: p.takenOn,
      channel: 'CALL',
      promisedBy: p.promisedBy,
      userId: p.c.userId,
      communicationId: comm!.id,
      createdAt: istInstant(dayNum(p.takenOn), 11 * 60),
    });
  }
  counts.promises = (counts.promises ?? 0) + planned.length + (await promisesOfNotes(db, clientId, todayText));
  counts.communications = (counts.communications ?? 0) + planned.length;
  await checkPromises(db, clientId, todayText);

  // Disputes on the largest open debt of three more accounts.
  const plans: {
    reason: 'QUANTITY' | 'PRICING' | 'QUALITY';
    share: number;
    opened: number;
    portal: boolean;
    note: string;
    resolved?: number;
  }[] = [
    { reason: 'QUANTITY', share: 0.2, opened: -9, portal: false, note: '20 cartons short against the e-way bill' },
    { reason: 'PRICING', share: 0.05, opened: -3, portal: true, note: 'Scheme discount of 5% not applied' },
    { reason: 'QUALITY', share: 0.1, opened: -30, portal: false, note: 'Damaged goods returned', resolved: -16 },
  ];
  let written = 0;
  for (const d of plans) {
    const c = await take(() => true);
    if (!c) break;
    const [row] = await db
      .insert(disputes)
      .values({
        clientId,
        sysObligorCode: c.code,
        reason: d.reason,
        amount: (Math.round(c.invoiceOpen * d.share * 100) / 100).toFixed(2),
        note: d.note,
        openedOn: day(d.opened),
        userId: d.portal && portalUserId ? null : c.userId,
        portalUserId: d.portal ? portalUserId : null,
        ...(d.resolved !== undefined && {
          status: 'RESOLVED' as const,
          outcome: 'CREDIT_NOTE' as const,
          resolvedOn: day(d.resolved),
          resolvedBy: adminId,
          resolution: 'Credit note for the damaged goods to follow with the next invoice',
        }),
        createdAt: istInstant(today + d.opened, 15 * 60),
      })
      .returning({ id: disputes.id });
    await db.insert(disputeInvoices).values({ clientId, disputeId: row!.id, sysInvoiceNum: c.invoice });
    written += 1;
  }
  counts.disputes = (counts.disputes ?? 0) + written;
}
