import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import type { TOpenItem } from '@/lib/contract/portal';
import { DOC_TYPES } from '@/lib/domain/filters';
import {
  bucketTitle,
  CREDIT_BUCKETS,
  creditBucket,
  type AgeingBoundaries,
  type CreditBucket,
} from '@/lib/domain/ageing';
import { dueDayOf, itemParts } from '@/lib/server/receivables/instalments';
import { historyCovers, obligorsBalanceAt } from '@/lib/server/receivables/history/read-history';
import { unallocatedReceiptsSql } from '@/lib/server/receivables/open-items';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

/**
 * The items of `members` open at the end of `day`, with what is still owed and the days past due.
 * The rule of the ageing source (lib/server/receivables/ageing-source.ts): items issued by then and
 * not settled by then; outstanding = amount - paid to date + what was paid after the day (none for
 * today), so settled history is never read; an invoice in instalments is as late as its oldest open
 * instalment. Indexes: invoices_obligor, payments_invoice. `parts` reads an invoice in instalments
 * part by part instead (the ageing's split): what each instalment holds, its own days past due and
 * `items`, how many documents the part counts as.
 */
function openItemsSql(clientId: number, members: SQL, day: string, parts = false): SQL {
  const d = sql`${day}::date`;
  const open = sql`i.outstanding`;
  const part = itemParts(clientId, open, true);
  return sql`
    select * from (
      -- The due date shown is the one the days past due count from: an invoice in instalments is due
      -- (and late) by its oldest open instalment, so its own last due date beside them read as a
      -- bill "12 days past due" that is due next week.
      select i.sys_invoice_num, i.invoice_num, i.doc_type, i.sys_obligor_code, i.issue_date,
        case when i.due_date is null then null else ${parts ? part.due : dueDayOf(open)} end as due_date, i.amount,
        ${parts ? sql`${part.open} as outstanding, ${d} - ${part.due} as days_past_due, ${part.items} as items` : sql`i.outstanding, ${d} - ${dueDayOf(open)} as days_past_due, 1 as items`}
      from (
        select i.client_id, i.sys_invoice_num, i.invoice_num, i.doc_type, i.sys_obligor_code, i.issue_date, i.due_date, i.amount,
          i.amount - i.paid_to_date + coalesce((select sum(p.amount) from settlements p
            where p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num and p.paid_date > ${d}), 0) as outstanding
        from invoices i
        where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.issue_date <= ${d}
          and (i.settled_date is null or i.settled_date > ${d})
      ) i${parts ? sql` ${part.join}` : sql``}
    ) o where o.outstanding <> 0`;
}

/** What is owed at the day, by days past due (a few hundred groups at most): every total the pages show. */
export interface OpenItemsSummary {
  count: number;
  outstanding: number;
  /** Past the due date. */
  overdue: number;
  /** By credit-basis bucket, most overdue first, buckets with items only. */
  ageing: { bucket: string; amount: number }[];
  /** Not yet due, falling due within `days` days. */
  dueWithin: (days: number) => number;
}

export function bucketLabel(bucket: CreditBucket, boundaries: AgeingBoundaries): string {
  // The customer reads "not yet due" where staff read 'Current'; the other titles are the same.
  return bucket === 'current' ? 'Not yet due' : bucketTitle(bucket, boundaries);
}

export async function openItemsSummary(
  db: Db,
  clientId: number,
  members: SQL,
  day: string,
  boundaries: AgeingBoundaries,
): Promise<OpenItemsSummary> {
  const rows = (
    await queryRows(
      db,
      sql`
    select o.days_past_due as dpd, sum(o.outstanding) as outstanding, sum(o.items)::int as n
    from (${openItemsSql(clientId, members, day, true)}) o group by o.days_past_due`,
      row({ dpd: col.int, outstanding: col.num, n: col.int }),
    )
  ).map((r) => ({ dpd: r.dpd, paise: Math.round(r.outstanding * 100), n: r.n }));
  const sum = (keep: (dpd: number) => boolean) =>
    rows.filter((r) => keep(r.dpd)).reduce((s, r) => s + r.paise, 0) / 100;
  const buckets = new Map<CreditBucket, number>();
  for (const r of rows) {
    const bucket = creditBucket(r.dpd, boundaries);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + r.paise);
  }
  return {
    count: rows.reduce((s, r) => s + r.n, 0),
    outstanding: sum(() => true),
    overdue: sum((dpd) => dpd > 0),
    ageing: [...CREDIT_BUCKETS]
      .reverse()
      .filter((b) => buckets.has(b))
      .map((b) => ({ bucket: bucketLabel(b, boundaries), amount: buckets.get(b)! / 100 })),
    dueWithin: (days) => sum((dpd) => dpd <= 0 && dpd > -days),
  };
}

/**
 * Most overdue first, which is also soonest due first (what the customer has to pay next); the
 * document number breaks ties so that pages never overlap.
 */
const ITEM_ORDER = sql`o.days_past_due desc, o.invoice_num collate "C", o.sys_invoice_num collate "C"`;

/** An open item of the page as read, before its bucket is named. */
const OpenItemRow = row({
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  docType: col.oneOf(DOC_TYPES),
  sysObligorCode: col.text,
  issueDate: col.day,
  dueDate: col.day.nullable(),
  amount: col.num,
  outstanding: col.num,
  daysPastDue: col.int,
  inDispute: col.bool,
}) satisfies z.ZodType<Omit<TOpenItem, 'bucket'>, unknown>;

/** One page (from 1) of the open items, or all of them in pages of `count` for a download. */
export async function openItemsPage(
  db: Db,
  clientId: number,
  members: SQL,
  day: string,
  boundaries: AgeingBoundaries,
  page: number,
  count: number,
): Promise<TOpenItem[]> {
  const rows = await queryRows(
    db,
    sql`
    select o.sys_invoice_num as "sysInvoiceNum", o.invoice_num as "invoiceNum", o.doc_type as "docType", o.sys_obligor_code as "sysObligorCode",
      o.issue_date::text as "issueDate", o.due_date::text as "dueDate", o.amount, o.outstanding, o.days_past_due as "daysPastDue",
      exists (select 1 from dispute_invoices di join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
        where di.client_id = ${clientId} and di.sys_invoice_num = o.sys_invoice_num and ${disputeOpenOn('d', sql`${day}`)}) as "inDispute"
    from (${openItemsSql(clientId, members, day)}) o
    order by ${ITEM_ORDER}
    offset ${(page - 1) * count} limit ${count}`,
    OpenItemRow,
  );
  return rows.map((r) => ({ ...r, bucket: bucketLabel(creditBucket(r.daysPastDue, boundaries), boundaries) }));
}

export async function* allOpenItems(
  db: Db,
  clientId: number,
  members: SQL,
  day: string,
  boundaries: AgeingBoundaries,
  batch = 1000,
): AsyncGenerator<TOpenItem> {
  for (let page = 1; ; page += 1) {
    const rows = await openItemsPage(db, clientId, members, day, boundaries, page, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/**
 * What the customer owed at the end of `day`, net of receipts not yet allocated, in one read: the
 * rollup on a rollup date, else the ageing history's rows of its accounts when the history covers
 * the day (built from the current ledger), else the ledger. PostgreSQL evaluates only the branch
 * the CASE takes, so a statement opening on any date reads a few index rows, not the items.
 */
export async function balanceAt(db: Db, clientId: number, members: SQL, day: string): Promise<number> {
  const found = await queryRow(
    db,
    sql`select case
      when exists (select 1 from ageing_snapshots s where s.client_id = ${clientId} and s.as_of_date = ${day}::date)
        then (select coalesce(sum(a.outstanding + a.unallocated), 0) from obligor_ageing a
          where a.client_id = ${clientId} and a.as_of_date = ${day}::date and a.sys_obligor_code in ${members})
      when ${historyCovers(clientId, day)} then ${obligorsBalanceAt(clientId, day, members)}
      else coalesce((select sum(o.outstanding) from (${openItemsSql(clientId, members, day)}) o), 0)
        + (${unallocatedSql(clientId, members, day)})
    end as balance`,
    row({ balance: col.num.nullable() }),
  );
  return found?.balance ?? 0;
}

/** Receipts of the customers not allocated on `day`: zero or negative (lib/domain/ageing.ts unallocatedAt). */
function unallocatedSql(clientId: number, members: SQL, day: string): SQL {
  return sql`select coalesce(sum(u.unallocated), 0)
    from (${unallocatedReceiptsSql(clientId, day, sql`r.sys_obligor_code in ${members}`)}) u`;
}

export async function unallocatedAt(db: Db, clientId: number, members: SQL, day: string): Promise<number> {
  const found = await queryRow(
    db,
    sql`select (${unallocatedSql(clientId, members, day)}) as unallocated`,
    row({ unallocated: col.num }),
  );
  return found?.unallocated ?? 0;
}

/** A receipt of the customers with money not allocated at the day: what makes up `unallocatedAt`. */
const UnallocatedReceipt = row({
  paymentRef: col.text,
  sysObligorCode: col.text,
  kind: col.oneOf(['ADVANCE', 'ON_ACCOUNT']),
  paidDate: col.day,
  amount: col.num,
  allocated: col.num,
  /** Negative: amount less allocated. */
  unallocated: col.num,
});
type UnallocatedReceipt = Row<typeof UnallocatedReceipt>;

/**
 * Every receipt of `members` not fully allocated at the end of `day`, oldest first (a family holds
 * a handful; the sum is `unallocatedAt`).
 */
export async function unallocatedReceipts(
  db: Db,
  clientId: number,
  members: SQL,
  day: string,
): Promise<UnallocatedReceipt[]> {
  return queryRows(
    db,
    sql`
    select u.payment_ref as "paymentRef", u.sys_obligor_code as "sysObligorCode", u.kind, u.paid_date::text as "paidDate",
      u.amount, u.allocated, u.unallocated
    from (${unallocatedReceiptsSql(clientId, day, sql`r.sys_obligor_code in ${members}`)}) u
    order by u.paid_date, u.payment_ref collate "C"`,
    UnallocatedReceipt,
  );
}
