import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { AgeingBoundaries, BucketKey } from '@/lib/domain/ageing';
import { SEGMENT_CUMULATIVE_SHARE } from '@/lib/domain/segments';
import { BUCKET_KEYS, snake } from './ageing-columns';
import { itemStretches } from './history/stretches';
import { itemParts } from './instalments';

/** Filters on the items themselves; any of them means the rollups cannot answer. */
export interface ItemFilters {
  docType?: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'WRITE_OFF';
  invoiceNum?: string;
}

export function hasItemFilters(filters: ItemFilters): boolean {
  return Boolean(filters.docType || filters.invoiceNum);
}

function itemConditions(alias: SQL, filters: ItemFilters): SQL {
  const parts: SQL[] = [];
  if (filters.docType) parts.push(sql`${alias}.doc_type = ${filters.docType}`);
  if (filters.invoiceNum) parts.push(sql`${alias}.invoice_num ilike ${`%${escapeLike(filters.invoiceNum)}%`}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Per-obligor ageing rows as of `asOf`, computed from the ledger (items, their settlements, receipts
 * not yet allocated): the same columns as
 * the obligor_ageing rollup, so that the rollup refresh and ad-hoc dates share one rule (a refresh of
 * several dates reads them in one pass, `ageingRowsForDates`, held equal to this by a test). It relies on
 * each item's paid_to_date and settled_date, which the rollup refresh keeps with every ledger change.
 * Credit basis: days past due (due date, or issue date without one); invoice basis: days since issue
 * (lib/domain/ageing.ts is the reference implementation the tests compare this with).
 */
export function ageingRowsSql(
  clientId: number,
  asOf: string,
  b: AgeingBoundaries,
  filters: ItemFilters = {},
  onlyObligors?: SQL,
): SQL {
  const d = sql`${asOf}::date`;
  // `onlyObligors` (a query of codes) limits the rows to those customers; their sales segments then
  // rank among themselves only, and the caller ranks them again among all (rankSalesSegments).
  const ofObligors = (code: SQL) => (onlyObligors ? sql` and ${code} in (${onlyObligors})` : sql``);
  const monthStart = sql`date_trunc('month', ${d})::date`;
  // A few customers' items read their own instalments by key, the client's meet the whole schedule once.
  const part = itemParts(clientId, sql`(i.amount - i.paid_to_date + coalesce(pa.amount, 0))`, Boolean(onlyObligors));
  return sql`
    with paid_after as (
      -- Settlements after the date are few for recent dates: outstanding(D) = amount - paid to date + paid after D.
      ${
        onlyObligors
          ? // A few customers: their items open at D, each reaching its settlements by index (a scan of every
            // settlement after D, then a match to them, costs the same for one family as for the client).
            sql`select i.sys_invoice_num, p.amount
      from invoices i cross join lateral (select sum(p.amount) as amount from settlements p
        where p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num and p.paid_date > ${d}) p
      where i.client_id = ${clientId} and i.issue_date <= ${d} and (i.settled_date is null or i.settled_date > ${d})
        ${ofObligors(sql`i.sys_obligor_code`)} and p.amount is not null`
          : sql`select p.sys_invoice_num, sum(p.amount) as amount
      from settlements p where p.client_id = ${clientId} and p.paid_date > ${d}
      group by p.sys_invoice_num`
      }
    ),
    open_items as (
      -- An invoice payable in instalments is one part per instalment, each aged by its own due date.
      select i.sys_obligor_code, ${d} - ${part.due} as past_due, ${d} - i.issue_date as age,
        ${part.open} as outstanding, ${part.items} as items
      from invoices i left join paid_after pa on pa.sys_invoice_num = i.sys_invoice_num
      ${part.join}
      where i.client_id = ${clientId} and i.issue_date <= ${d} and (i.settled_date is null or i.settled_date > ${d})
        ${itemConditions(sql`i`, filters)}${ofObligors(sql`i.sys_obligor_code`)}
    ),
    buckets as (
      select sys_obligor_code, ${bucketSums(b, sql`sum(items)`)}
      from open_items where outstanding <> 0
      group by sys_obligor_code
    ),
    activity as (
      select sys_obligor_code, sum(invoiced) as invoiced, sum(paid) as paid from (
        select i.sys_obligor_code, i.amount as invoiced, 0 as paid
        from invoices i
        where i.client_id = ${clientId} and i.issue_date between ${monthStart} and ${d} ${itemConditions(sql`i`, filters)}
          ${ofObligors(sql`i.sys_obligor_code`)}
        union all
        select i.sys_obligor_code, 0, p.amount
        from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
        where p.client_id = ${clientId} and p.paid_date between ${monthStart} and ${d} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
          ${itemConditions(sql`i`, filters)}${ofObligors(sql`i.sys_obligor_code`)}${
            hasItemFilters(filters)
              ? sql``
              : sql`
        union all
        -- Receipts on account and advances are cash collected on their day too.
        select r.sys_obligor_code, 0, r.amount
        from receipts r
        where r.client_id = ${clientId} and r.paid_date between ${monthStart} and ${d}${ofObligors(sql`r.sys_obligor_code`)}`
          }
      ) moves group by sys_obligor_code
    ),
    unallocated as (
      -- Receipts not applied to an item at the date: what the customer paid and no bill has taken yet.
      -- Each receipt reaches its own allocations by key: for one family that reads its receipts only.
      select r.sys_obligor_code, -sum(r.amount - coalesce(a.applied, 0)) as unallocated
      from receipts r
      cross join lateral (select sum(a.amount) as applied from allocations a
        where a.client_id = ${clientId} and a.payment_ref = r.payment_ref and a.allocated_date <= ${d}) a
      where r.client_id = ${clientId} and r.paid_date <= ${d}${ofObligors(sql`r.sys_obligor_code`)}${
        hasItemFilters(filters) ? sql` and false` : sql``
      }
      group by r.sys_obligor_code having sum(r.amount - coalesce(a.applied, 0)) <> 0
    ),
    sales as (
      -- The customer's 12-month sales, whatever the item filters: a segment belongs to the customer.
      select i.sys_obligor_code, sum(i.amount) as sales12m
      from invoices i
      where i.client_id = ${clientId} and i.issue_date > (${d} - interval '12 months')::date and i.issue_date <= ${d}
        ${ofObligors(sql`i.sys_obligor_code`)}
      group by i.sys_obligor_code
    ),
    ranked as (${rankedSales(sql`sales`)})
    select o.sys_obligor_code, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code,
      o.dim1_id, o.dim2_id, o.dim3_id, o.guest_id, o.representative_id, ${segmentOf(sql`s`)} as sales_segment,
      (select r.rating from obligor_ratings r where r.client_id = o.client_id and r.sys_obligor_code = o.sys_obligor_code
        and r.rating_date <= ${d} order by r.rating_date desc limit 1) as rating,
      ${bucketColumns(sql`b`)},
      coalesce(a.invoiced, 0) as invoiced, coalesce(a.paid, 0) as paid, coalesce(s.sales12m, 0) as sales12m,
      coalesce(u.unallocated, 0) as unallocated
    from obligors o
    left join buckets b on b.sys_obligor_code = o.sys_obligor_code
    left join activity a on a.sys_obligor_code = o.sys_obligor_code
    left join ranked s on s.sys_obligor_code = o.sys_obligor_code
    left join unallocated u on u.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId}${ofObligors(sql`o.sys_obligor_code`)} and (b.sys_obligor_code is not null or a.sys_obligor_code is not null
      or u.sys_obligor_code is not null
      ${hasItemFilters(filters) ? sql`` : sql`or s.sys_obligor_code is not null`})`;
}

/**
 * lib/domain/ageing.ts creditBucket and invoiceBucket in SQL: the condition on an item's days past
 * due (`pastDue`) and days since issue (`age`) of each bucket. The rules compare days with 0 to
 * b3 + 1 only: ageingRowsForDates clamps days to that range.
 */
export function bucketRules(b: AgeingBoundaries, pastDue: SQL, age: SQL): Record<BucketKey, SQL> {
  return {
    current: sql`${pastDue} <= 0`,
    crdBucket1: sql`${pastDue} between 1 and ${b.b1}`,
    crdBucket2: sql`${pastDue} between ${b.b1 + 1} and ${b.b2}`,
    crdBucket3: sql`${pastDue} between ${b.b2 + 1} and ${b.b3}`,
    crdBucket4: sql`${pastDue} > ${b.b3}`,
    invBucket1: sql`${age} <= ${b.b1}`,
    invBucket2: sql`${age} between ${b.b1 + 1} and ${b.b2}`,
    invBucket3: sql`${age} between ${b.b2 + 1} and ${b.b3}`,
    invBucket4: sql`${age} > ${b.b3}`,
  };
}
const BUCKET_NAMES = BUCKET_KEYS.map(snake);

/**
 * Aggregates over open items (past_due, age, outstanding): each bucket's sum and count, the balance,
 * the overdue part. `count` counts the items of a row (rows of several items: their sum).
 */
function bucketSums(b: AgeingBoundaries, count = sql`count(*)`): SQL {
  const rules = bucketRules(b, sql`past_due`, sql`age`);
  return sql`${sql.join(
    BUCKET_KEYS.map((key) => {
      const where = rules[key];
      const name = snake(key);
      return sql`sum(outstanding) filter (where ${where}) as ${sql.identifier(name)}, ${count} filter (where ${where}) as ${sql.identifier(`${name}_num`)}`;
    }),
    sql`, `,
  )},
    sum(outstanding) as outstanding, sum(outstanding) filter (where past_due > 0) as overdue`;
}

/** The bucket columns of a row from `bucketSums` (absent for a customer without open items: zeros). */
function bucketColumns(row: SQL): SQL {
  return sql`${sql.join(
    BUCKET_NAMES.map(
      (n) => sql`coalesce(${row}.${sql.identifier(n)}, 0) as ${sql.identifier(n)},
    coalesce(${row}.${sql.identifier(`${n}_num`)}, 0)::int as ${sql.identifier(`${n}_num`)}`,
    ),
    sql`, `,
  )},
    coalesce(${row}.outstanding, 0) as outstanding, coalesce(${row}.overdue, 0) as overdue`;
}

/**
 * Customers of `source` (sys_obligor_code, sales12m) with positive sales, each with the sales ranked
 * before it and the total: lib/domain/segments.ts's Pareto, in SQL. `partition` ranks each date apart.
 */
export function rankedSales(source: SQL, partition?: SQL): SQL {
  const by = partition ? sql`partition by ${partition} ` : sql``;
  return sql`select *,
    coalesce(sum(sales12m) over (${by}order by sales12m desc, sys_obligor_code rows between unbounded preceding and 1 preceding), 0) as before,
    sum(sales12m) over (${by}) as total
    from ${source} where sales12m > 0`;
}

/** LARGE while the sales ranked before it are under 80% of the total, MEDIUM under 95%, else (no sales too) SMALL. */
export function segmentOf(ranked: SQL): SQL {
  return sql`case when ${ranked}.before < ${SEGMENT_CUMULATIVE_SHARE.LARGE} * ${ranked}.total then 'LARGE'
    when ${ranked}.before < ${SEGMENT_CUMULATIVE_SHARE.MEDIUM} * ${ranked}.total then 'MEDIUM' else 'SMALL' end`;
}

/**
 * The rows of `ageingRowsSql` for many dates (sorted, distinct) in one pass over the ledger, with
 * `as_of_date`: a first load or a batch reaching back rebuilds two dozen month ends, and one scan
 * instead of one per date is what keeps that fast at a million items. Same rules, other route:
 *  - an item is open with one outstanding amount over stretches of days (issue to first payment day,
 *    then between payment days, until settled); each stretch meets the dates inside it (width_bucket
 *    over the sorted dates finds them), and the buckets are summed per customer and date; once past
 *    the last boundary on both bases an item only adds to the last buckets, kept as a running total;
 *  - sales and activity are sums between two days (the 12 months, the month to date): per customer,
 *    running totals at "points" (every date, the day before its month, the day 12 months before it)
 *    are kept as arrays, and a window is the difference of two of them;
 *  - a rating holds from its date to the next one.
 * The buckets and the activity go to two temporary tables first (`dropAgeingDates` removes them):
 * planned as one statement, the estimates for a million rows out of CTEs were so far off that the
 * query took twice as long. tests/api/ageing-dates.test.ts compares it with `ageingRowsSql`.
 */
export async function ageingRowsForDates(db: Db, clientId: number, dates: string[], b: AgeingBoundaries): Promise<SQL> {
  const sorted = dateArray(dates);
  const first = sql`${dates[0]}::date`;
  const last = sql`${dates.at(-1)}::date`;
  const lastBoundary = b.b3;
  const calendar = sql`points as (
      select array_agg(p order by p) as points from (
        select d from unnest(${sorted}) d union select date_trunc('month', d)::date - 1 from unnest(${sorted}) d
        union select (d - interval '12 months')::date from unnest(${sorted}) d) x(p)
    ),
    dates as (
      select k::int as k, d, array_position(p.points, d) as at,
        array_position(p.points, date_trunc('month', d)::date - 1) as month_before,
        array_position(p.points, (d - interval '12 months')::date) as year_before
      from unnest(${sorted}) with ordinality x(d, k), points p
    )`;
  // Running total of `column` at points[m]: rows with j (points before their day) below m.
  const runningAt = (column: string, m: SQL) =>
    sql`coalesce(r.${sql.identifier(column)}[width_bucket(${m} - 1, r.j)], 0)`;
  const between = (column: string, from: SQL, to: SQL) => sql`(${runningAt(column, to)} - ${runningAt(column, from)})`;
  await dropAgeingDates(db);
  await db.execute(sql`create temporary table ageing_dates_buckets as
    with ${calendar},
    stretches as (
      -- Each open item's stretches of one outstanding amount (an invoice in instalments, one per
      -- instalment): the history's own (history/stretches.ts), for the items open within the dates.
      select s.obligor as sys_obligor_code, s.issue as issue_date, s.due, s.from_day, s.to_day, s.outstanding, s.items
      from (${itemStretches(clientId, sql`i.issue_date <= ${last} and (i.settled_date is null or i.settled_date > ${first})`)}) s
    ),
    spans as (
      -- The dates of each stretch (k_from to k_to), and from which one (k_last) the item is past the
      -- last boundary on both bases, where it stays till the stretch ends.
      select s.sys_obligor_code, s.issue_date, s.due, s.outstanding, s.items,
        width_bucket(s.from_day - 1, ${sorted}) + 1 as k_from, width_bucket(s.to_day - 1, ${sorted}) as k_to,
        width_bucket(greatest(s.due, s.issue_date) + ${lastBoundary}::int, ${sorted}) + 1 as k_last
      from stretches s where s.outstanding <> 0
    ),
    head as (
      -- Before k_last, an item meets each date: days past due and age, with the days before due
      -- and past the last boundary each counted as one value (every rule reads them alike).
      select s.sys_obligor_code, x.k, least(greatest(x.d - s.due, 0), ${lastBoundary + 1}::int) as past_due,
        least(x.d - s.issue_date, ${lastBoundary + 1}::int) as age, sum(s.outstanding) as outstanding, sum(s.items) as items
      from spans s
      cross join lateral generate_series(s.k_from, least(s.k_to, s.k_last - 1)) k
      join dates x on x.k = k.k
      group by 1, 2, 3, 4
    ),
    tail_steps as (
      -- From k_last on, an item is added where it enters the last buckets and taken off after its stretch:
      -- a running total per customer instead of a row per item and date (most of a ledger's old debt).
      select sys_obligor_code, k, sum(outstanding) as outstanding, sum(items) as items from (
        select sys_obligor_code, greatest(k_from, k_last) as k, outstanding, items from spans where greatest(k_from, k_last) <= k_to
        union all
        select sys_obligor_code, k_to + 1, -outstanding, -items from spans where greatest(k_from, k_last) <= k_to) steps
      group by 1, 2
    ),
    tail as (
      select t.sys_obligor_code, k.k, ${lastBoundary + 1}::int as past_due, ${lastBoundary + 1}::int as age, t.outstanding, t.items
      from (select sys_obligor_code, k, lead(k) over w as next_k,
          sum(outstanding) over w as outstanding, sum(items) over w as items
        from tail_steps window w as (partition by sys_obligor_code order by k)) t
      cross join lateral generate_series(t.k, least(coalesce(t.next_k - 1, ${dates.length}::int), ${dates.length}::int)) k
      where t.items <> 0
    ),
    open_items as (select * from head union all select * from tail)
    select sys_obligor_code, k, ${bucketSums(b, sql`sum(items)`)}
    from open_items group by sys_obligor_code, k`);
  await db.execute(sql`create temporary table ageing_dates_activity as
    with ${calendar},
    moves as (
      -- Per customer, what was issued (every document) and paid (not against credit notes) between points.
      -- Receipts on account count as paid on their day and as unallocated until their allocations.
      select i.sys_obligor_code, width_bucket(i.issue_date - 1, (select points from points)) as j,
        i.amount as invoiced, 1 as invoices, 0 as paid, 0 as payments, 0 as unallocated
      from invoices i where i.client_id = ${clientId} and i.issue_date <= ${last}
      union all
      select i.sys_obligor_code, width_bucket(p.paid_date - 1, (select points from points)), 0, 0, p.amount, 1, 0
      from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
      where p.client_id = ${clientId} and p.paid_date <= ${last} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      union all
      select r.sys_obligor_code, width_bucket(r.paid_date - 1, (select points from points)), 0, 0, r.amount, 1, -r.amount
      from receipts r where r.client_id = ${clientId} and r.paid_date <= ${last}
      union all
      select r.sys_obligor_code, width_bucket(a.allocated_date - 1, (select points from points)), 0, 0, 0, 0, a.amount
      from allocations a join receipts r on r.client_id = a.client_id and r.payment_ref = a.payment_ref
      where a.client_id = ${clientId} and a.allocated_date <= ${last}
    ),
    running as (
      select sys_obligor_code, array_agg(j order by j) as j, array_agg(invoiced order by j) as invoiced,
        array_agg(invoices order by j) as invoices, array_agg(paid order by j) as paid, array_agg(payments order by j) as payments,
        array_agg(unallocated order by j) as unallocated
      from (select sys_obligor_code, j, sum(sum(invoiced)) over w as invoiced, sum(sum(invoices)) over w as invoices,
          sum(sum(paid)) over w as paid, sum(sum(payments)) over w as payments, sum(sum(unallocated)) over w as unallocated
        from moves group by sys_obligor_code, j
        window w as (partition by sys_obligor_code order by j)) steps
      group by sys_obligor_code
    )
    select r.sys_obligor_code, x.k,
      ${between('invoiced', sql`x.month_before`, sql`x.at`)} as invoiced, ${between('invoices', sql`x.month_before`, sql`x.at`)} as invoices,
      ${between('paid', sql`x.month_before`, sql`x.at`)} as paid, ${between('payments', sql`x.month_before`, sql`x.at`)} as payments,
      ${between('invoiced', sql`x.year_before`, sql`x.at`)} as sales12m, ${runningAt('unallocated', sql`x.at`)} as unallocated
    from running r cross join dates x`);
  await db.execute(sql`analyze ageing_dates_buckets`);
  await db.execute(sql`analyze ageing_dates_activity`);
  return sql`
    with ${calendar},
    ranked as (${rankedSales(sql`ageing_dates_activity`, sql`k`)}),
    ratings as (
      select r.sys_obligor_code, k.k, r.rating from (
        select sys_obligor_code, rating_date, rating, lead(rating_date) over (partition by sys_obligor_code order by rating_date) as next_date
        from obligor_ratings where client_id = ${clientId}) r
      cross join lateral generate_series(width_bucket(r.rating_date - 1, ${sorted}) + 1, width_bucket(coalesce(r.next_date, 'infinity') - 1, ${sorted})) k
    )
    select x.d as as_of_date, o.sys_obligor_code, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code,
      o.dim1_id, o.dim2_id, o.dim3_id, o.guest_id, o.representative_id, ${segmentOf(sql`s`)} as sales_segment, rt.rating,
      ${bucketColumns(sql`b`)}, a.invoiced, a.paid, coalesce(s.sales12m, 0) as sales12m, a.unallocated
    from ageing_dates_activity a
    join dates x on x.k = a.k
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = a.sys_obligor_code
    left join ageing_dates_buckets b on b.sys_obligor_code = a.sys_obligor_code and b.k = a.k
    left join ranked s on s.sys_obligor_code = a.sys_obligor_code and s.k = a.k
    left join ratings rt on rt.sys_obligor_code = a.sys_obligor_code and rt.k = a.k
    where b.sys_obligor_code is not null or a.invoices > 0 or a.payments > 0 or s.sys_obligor_code is not null
      or a.unallocated <> 0`;
}

/** Dates as one parameter (a date[] literal): the same on node-postgres and PGlite. */
export const dateArray = (dates: string[]) => sql`${`{${dates.join(',')}}`}::date[]`;

/** Drops the temporary tables of `ageingRowsForDates` once its rows are read. */
export async function dropAgeingDates(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists ageing_dates_buckets, ageing_dates_activity`);
}
