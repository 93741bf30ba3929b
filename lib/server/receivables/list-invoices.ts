import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TInvoicesQuery, TOpenInvoiceRow } from '@/lib/contract/receivables';
import { boundariesOf, creditBucket, CREDIT_BUCKETS, invoiceBucket } from '@/lib/domain/ageing';
import { RISK_CLASS_RATING } from '@/lib/domain/filters';
import { todayIso } from '@/lib/domain/dates';
import { getClient } from '@/lib/server/clients/get-client';
import { splitRiskSalesSegment } from '@/lib/domain/segments';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { bucketRules, escapeLike } from './ageing-source';
import { ageingSource } from './ageing-query';
import { openItemColumns, OpenItemRow, openItemTerms } from './open-items';
import { column } from './ageing-columns';
import { ageingView } from './ageing-view';
import { historyAt, historyCovers } from './history/read-history';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';
import { itemsInterest, msmeClaim } from '@/lib/server/msme/item-interest';

/** A row of the list: the open item's select (open-items.ts) and what the list shows beside it. */
const OpenInvoiceListRow = OpenItemRow.extend({
  docNum: col.text.nullable(),
  currency: col.text,
  age: col.int,
  rating: col.int.nullable(),
  inDispute: col.bool,
});

/** The items in a dispute of the client open on day `d` (today's open disputes without one). */
export function openDisputeItems(clientId: number, d?: SQL): SQL {
  return sql`select di.sys_invoice_num from dispute_invoices di
    join disputes dd on dd.client_id = di.client_id and dd.id = di.dispute_id
    where di.client_id = ${clientId} and dd.client_id = ${clientId} and ${d ? disputeOpenOn('dd', d) : sql`dd.status = 'OPEN'`}`;
}

const ratingAt = (d: SQL) => sql`(select r.rating from obligor_ratings r where r.client_id = i.client_id
  and r.sys_obligor_code = i.sys_obligor_code and r.rating_date <= ${d} order by r.rating_date desc limit 1)`;

/** The day an item falls due: its due date, or its issue date without one (the ageing rule). */
const DUE_DAY = sql`coalesce(i.due_date, i.issue_date)`;

/** The static columns a page can be sorted by; each walks an index that knows "open at a date". */
const COLUMN_SORTS: Record<Exclude<TInvoicesQuery['sortBy'], 'daysPastDue' | 'dueDate' | 'outstanding'>, SQL> = {
  issueDate: sql`i.issue_date`,
  amount: sql`i.amount`,
  invoiceNum: sql`i.invoice_num`,
  obligorName: sql`o.name`,
};

type PageSort =
  | { kind: 'column'; key: SQL; ascending: boolean }
  | { kind: 'dueDay'; ascending: boolean }
  | { kind: 'outstanding'; ascending: boolean };

/**
 * What a sort key means for the list. Days past due and due date are one order, opposite ways
 * round (more days past due = an earlier due day), debts before credit notes: how late a credit note
 * is means nothing to a collector.
 */
function sortOf(query: TInvoicesQuery): PageSort {
  const ascending = query.order === 'ASC';
  if (query.sortBy === 'daysPastDue') return { kind: 'dueDay', ascending: !ascending };
  if (query.sortBy === 'dueDate') return { kind: 'dueDay', ascending };
  if (query.sortBy === 'outstanding') return { kind: 'outstanding', ascending };
  return { kind: 'column', key: COLUMN_SORTS[query.sortBy], ascending };
}

/** Candidates read by amount to bound a sort by what is still owed, beyond the rows wanted. */
const BOUND_SLACK = 100;

/**
 * One page of open items in the given order, reading only about as many items as the page needs:
 * - a column order walks that column's index, checking "open at the date" inside it;
 * - the due-day order (how late an item is) reads the debts' page and the credit notes' page, each
 *   walking the index of items by due day in either direction, and the invoices in instalments that
 *   can reach the page apart (as late as their oldest open instalment), and puts the debts first;
 * - the order by what is still owed (which only the date's payments tell) is bounded by amounts:
 *   a debt never owes more than its amount, a credit note never less. What the first
 *   `rows + slack` items by amount owe gives a bound: the page's last row is at least as far up
 *   the order as the same rank among those few, so every row of the page lies among the items
 *   whose amount reaches that bound, and only those are costed.
 */
async function openInvoicePage(
  db: Db,
  page: PageSort & {
    clientId: number;
    d: SQL;
    columns: SQL;
    from: SQL;
    outstanding: SQL;
    limit: number;
    skip: number;
    /** Conditions that leave few items (a search, a customer, a family, the disputed ones). */
    selective: boolean;
  },
): Promise<z.output<typeof OpenInvoiceListRow>[]> {
  const { clientId, d, columns, from, outstanding, limit, skip, ascending } = page;
  const dir = ascending ? sql`asc` : sql`desc`;
  if (page.kind === 'column')
    return queryRows(
      db,
      sql`${columns} ${from} order by ${page.key} ${dir}, i.sys_invoice_num limit ${limit} offset ${skip}`,
      OpenInvoiceListRow,
    );
  if (page.kind === 'dueDay') {
    const n = skip + limit;
    // How late an item is runs the other way round from its due day.
    const late = ascending ? sql`desc` : sql`asc`;
    // Credit notes, and debts without instalments, walk the index of items by due day: for them the
    // due day is how late they are. "is false", not "not": the planner turns "not (amount < 0)" into
    // "amount >= 0", which no longer names the index's column.
    const byIndex = (notes: boolean) =>
      sql`${columns} ${from} and (i.amount < 0) is ${notes ? sql`true` : sql`false`}${
        notes
          ? sql``
          : sql` and not exists (select 1 from instalments k where k.client_id = i.client_id and k.sys_invoice_num = i.sys_invoice_num)`
      } order by ${DUE_DAY} ${dir}, i.sys_invoice_num limit ${n}`;
    // An invoice in instalments is as late as its oldest open instalment, which no index knows. It can
    // reach the page only if one of its instalments is at least as late as the indexed debts' last
    // row (at most as late, the other way round), or when those debts are fewer than the page needs:
    // those few are read apart, through their instalments (an array, so that the planner looks each
    // one up by its key instead of walking every open item to meet them). "As late as the edge" is a
    // range of due days (due on or before the edge's day, or on or after it), read through the index
    // instalments_due. A selective list (a search, one customer or family, the disputed items) finds
    // its own few through its conditions.
    const reach = ascending ? sql`<=` : sql`>=`;
    const open = ascending ? sql`'infinity'::date` : sql`'-infinity'::date`;
    const inInstalments = page.selective
      ? sql`exists (select 1 from instalments k where k.client_id = i.client_id and k.sys_invoice_num = i.sys_invoice_num)`
      : sql`i.sys_invoice_num = any (array(
          select distinct k.sys_invoice_num from instalments k
          where k.client_id = ${clientId}
            and k.due_date ${reach} (select case when e.n < ${n} then ${open} else ${d} - e.days end from edge e)))`;
    return queryRows(
      db,
      sql`with plain as (${byIndex(false)}),
      edge as (select count(*) as n, ${ascending ? sql`min` : sql`max`}("daysPastDue") as days from plain),
      staged as (${columns} ${from} and (i.amount < 0) is false and ${inInstalments}
        order by "daysPastDue" ${late}, "sysInvoiceNum" limit ${n}),
      notes as (${byIndex(true)})
      select * from (select * from plain union all select * from staged union all select * from notes) page
      order by (amount < 0), "daysPastDue" ${late}, "sysInvoiceNum" limit ${limit} offset ${skip}`,
      OpenInvoiceListRow,
    );
  }
  // The bound as the database writes it (numeric text), so that it goes back unchanged.
  const kth = await queryRow(
    db,
    sql`select o from (select ${outstanding} as o ${from} order by i.amount ${dir} limit ${skip + limit + BOUND_SLACK}) c
      order by o ${dir} offset ${skip + limit - 1} limit 1`,
    row({ o: col.text }),
  );
  // Fewer candidates than rows wanted, or a bound on the other side of zero: no bound.
  const bound = kth ? Number(kth.o) : 0;
  const within =
    ascending && bound < 0
      ? sql` and i.amount <= ${kth!.o}`
      : !ascending && bound > 0
        ? sql` and i.amount >= ${kth!.o}`
        : sql``;
  return queryRows(
    db,
    sql`${columns} ${from}${within} order by ${outstanding} ${dir}, i.sys_invoice_num limit ${limit} offset ${skip}`,
    OpenInvoiceListRow,
  );
}

/**
 * GET /v4/invoices (status OPEN): items open at the date with what is still owed on each, filtered,
 * sorted and paged in SQL. For today the stored paid-to-date answers (and the default order, most
 * overdue first, walks an index of unsettled items); a backdated date takes back later payments.
 */
export async function listOpenInvoices(
  db: Db,
  clientId: number,
  query: TInvoicesQuery & { scope?: ObligorScope },
): Promise<{ total: number; rows: TOpenInvoiceRow[] }> {
  const client = await getClient(db, clientId);
  const b = boundariesOf(client);
  const today = todayIso(new Date(), client.timeZone);
  const asOf = query.date ?? today;
  const terms = openItemTerms(clientId, asOf, today);
  const { d, outstanding, pastDue, age, conditions } = terms;
  const where: SQL[] = [...conditions];
  const byObligor = Boolean(query.parentSysObligorCode || query.dim1Id || query.dim1 || query.dim2Id || query.dim3Id);
  const scope = scopeCondition(clientId, query.scope, sql`i.sys_obligor_code`);
  if (scope) where.push(scope);
  if (query.sysObligorCode) where.push(sql`i.sys_obligor_code = ${query.sysObligorCode}`);
  if (query.parentSysObligorCode)
    where.push(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${query.parentSysObligorCode}`);
  if (query.invoiceNum) where.push(sql`i.invoice_num ilike ${`%${escapeLike(query.invoiceNum)}%`}`);
  if (query.docType) where.push(sql`i.doc_type = ${query.docType}`);
  const dim1 = query.dim1Id ?? query.dim1;
  if (dim1) where.push(sql`o.dim1_id = ${dim1}`);
  if (query.dim2Id) where.push(sql`o.dim2_id = ${query.dim2Id}`);
  if (query.dim3Id) where.push(sql`o.dim3_id = ${query.dim3Id}`);
  if (query.ageingFilter) where.push(bucketRules(b, pastDue, age)[query.ageingFilter]);
  // Disputes are few: the items in one open on the date are read from them, not from the invoices.
  if (query.inDispute !== undefined)
    where.push(sql`i.sys_invoice_num ${query.inDispute ? sql`in` : sql`not in`} (${openDisputeItems(clientId, d)})`);
  const split = query.riskSalesSegment ? splitRiskSalesSegment(query.riskSalesSegment) : undefined;
  for (const risk of [query.risk, split?.risk]) {
    if (!risk) continue;
    const rating = RISK_CLASS_RATING[risk];
    where.push(rating === null ? sql`${ratingAt(d)} is null` : sql`${ratingAt(d)} = ${rating}`);
  }
  const segment = split?.salesSegment ?? query.salesSegment;
  if (segment) {
    // A segment is a customer's as of the date: read it where the ageing rows keep it.
    const source = ageingSource(await ageingView(db, clientId, asOf));
    where.push(
      sql`i.sys_obligor_code in (select r.sys_obligor_code from ${source} where r.sales_segment = ${segment})`,
    );
  }
  // Every item has its obligor (foreign key). Without obligor filters or the order by name the items
  // need no join: the page's customer names are then read for its rows alone (a subquery in the
  // select list runs after the sort and the limit), not for every item a walk of an index meets
  // before the page is cut (hundreds when many fall due on the page's last day).
  const joinsObligor = byObligor || query.sortBy === 'obligorName';
  const itemsFrom = sql`from invoices i where ${sql.join(where, sql` and `)}`;
  const from = joinsObligor
    ? sql`from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where ${sql.join(where, sql` and `)}`
    : itemsFrom;
  const obligorColumn = (column: SQL) =>
    joinsObligor
      ? column
      : sql`(select ${column} from obligors o where o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code)`;
  const countFrom = byObligor ? from : itemsFrom;
  // Every open item of the client today, unfiltered: today's rollup has already counted them, one
  // per credit-basis bucket, in one row (counting 180,000 index entries costs ~90 ms at a million).
  // Another date's count is in the ageing history's client row while the history is current.
  const everyOpenItem = where.length === conditions.length;
  const bucketCounts = (alias: SQL) =>
    sql.join(
      CREDIT_BUCKETS.map((k) => sql`${alias}.${column(`${k}Num`)}`),
      sql` + `,
    );
  const storedCount =
    asOf === today
      ? sql`(select ${bucketCounts(sql`c`)} from client_ageing c join ageing_snapshots s on s.client_id = c.client_id and s.as_of_date = c.as_of_date
        where c.client_id = ${clientId} and c.as_of_date = ${asOf}::date)`
      : sql`(select ${bucketCounts(sql`h`)} from ${historyAt(clientId, 'client', asOf)} h where ${historyCovers(clientId, asOf)})`;
  const countSql = everyOpenItem
    ? sql`select coalesce(${storedCount}, (select count(*) ${countFrom})) as n`
    : sql`select count(*) as n ${countFrom}`;
  const skip = (query.offset - 1) * query.count;
  const [rows, count, claim] = await Promise.all([
    openInvoicePage(db, {
      ...sortOf(query),
      clientId,
      d,
      outstanding,
      from,
      limit: query.count,
      skip,
      selective: Boolean(
        query.invoiceNum || query.sysObligorCode || query.parentSysObligorCode || query.inDispute === true,
      ),
      columns: sql`
      select ${openItemColumns(terms, obligorColumn)}, i.doc_num as "docNum", i.currency, ${age} as age, ${ratingAt(d)} as rating,
        exists (select 1 from dispute_invoices di join disputes dd on dd.client_id = di.client_id and dd.id = di.dispute_id
          where di.client_id = i.client_id and di.sys_invoice_num = i.sys_invoice_num and ${disputeOpenOn('dd', d)}) as "inDispute"`,
    }),
    queryRow(db, countSql, row({ n: col.int })),
    msmeClaim(db, clientId),
  ]);
  // MSMED interest for the page's rows alone, read by their keys after the page is cut.
  const interest = claim
    ? await itemsInterest(
        db,
        clientId,
        claim,
        rows.filter((r) => r.amount > 0).map((r) => r.sysInvoiceNum),
        asOf,
      )
    : null;
  return {
    total: count?.n ?? 0,
    rows: rows.map(({ age: itemAge, ...item }) => ({
      ...item,
      msme: interest?.get(item.sysInvoiceNum) ?? null,
      status: 'OPEN' as const,
      paid: item.amount - item.outstanding,
      bucket: creditBucket(item.daysPastDue, b),
      invoiceBucket: invoiceBucket(itemAge, b),
    })),
  };
}
