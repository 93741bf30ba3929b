import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import { SEGMENT_CUMULATIVE_SHARE } from '@/lib/domain/segments';

/** Filters on the items themselves; any of them means the rollups cannot answer. */
export interface ItemFilters {
  docType?: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';
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
 * Per-obligor ageing rows as of `asOf`, computed from invoices and payments: the same columns as
 * the obligor_ageing rollup, so that the rollup refresh and ad-hoc dates share one rule. It relies on
 * each item's paid_to_date and settled_date, which the rollup refresh keeps with every ledger change.
 * Credit basis: days past due (due date, or issue date without one); invoice basis: days since issue
 * (lib/domain/ageing.ts is the reference implementation the tests compare this with).
 */
export function ageingRowsSql(
  clientId: number, asOf: string, b: AgeingBoundaries, filters: ItemFilters = {}, onlyObligors?: SQL,
): SQL {
  const d = sql`${asOf}::date`;
  // `onlyObligors` (a query of codes) limits the rows to those customers; their sales segments then
  // rank among themselves only, and the caller ranks them again among all (rankSalesSegments).
  const ofObligors = (code: SQL) => (onlyObligors ? sql` and ${code} in (${onlyObligors})` : sql``);
  const monthStart = sql`date_trunc('month', ${d})::date`;
  const bucket = (name: string, where: SQL) =>
    sql`sum(outstanding) filter (where ${where}) as ${sql.identifier(name)}, count(*) filter (where ${where}) as ${sql.identifier(`${name}_num`)}`;
  return sql`
    with paid_after as (
      -- Payments after the date are few for recent dates: outstanding(D) = amount - paid to date + paid after D.
      select p.sys_invoice_num, sum(p.amount) as amount
      from payments p where p.client_id = ${clientId} and p.paid_date > ${d}
      group by p.sys_invoice_num
    ),
    open_items as (
      select i.sys_obligor_code, ${d} - coalesce(i.due_date, i.issue_date) as past_due, ${d} - i.issue_date as age,
        i.amount - i.paid_to_date + coalesce(pa.amount, 0) as outstanding
      from invoices i left join paid_after pa on pa.sys_invoice_num = i.sys_invoice_num
      where i.client_id = ${clientId} and i.issue_date <= ${d} and (i.settled_date is null or i.settled_date > ${d})
        ${itemConditions(sql`i`, filters)}${ofObligors(sql`i.sys_obligor_code`)}
    ),
    buckets as (
      select sys_obligor_code,
        ${bucket('current', sql`past_due <= 0`)},
        ${bucket('crd_bucket1', sql`past_due between 1 and ${b.b1}`)},
        ${bucket('crd_bucket2', sql`past_due between ${b.b1 + 1} and ${b.b2}`)},
        ${bucket('crd_bucket3', sql`past_due between ${b.b2 + 1} and ${b.b3}`)},
        ${bucket('crd_bucket4', sql`past_due > ${b.b3}`)},
        ${bucket('inv_bucket1', sql`age <= ${b.b1}`)},
        ${bucket('inv_bucket2', sql`age between ${b.b1 + 1} and ${b.b2}`)},
        ${bucket('inv_bucket3', sql`age between ${b.b2 + 1} and ${b.b3}`)},
        ${bucket('inv_bucket4', sql`age > ${b.b3}`)},
        sum(outstanding) as outstanding,
        sum(outstanding) filter (where past_due > 0) as overdue
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
        where p.client_id = ${clientId} and p.paid_date between ${monthStart} and ${d} and i.doc_type <> 'CREDIT_NOTE'
          ${itemConditions(sql`i`, filters)}${ofObligors(sql`i.sys_obligor_code`)}
      ) moves group by sys_obligor_code
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
      o.dim1_id, o.dim2_id, o.dim3_id, ${segmentOf(sql`s`)} as sales_segment,
      (select r.rating from obligor_ratings r where r.client_id = o.client_id and r.sys_obligor_code = o.sys_obligor_code
        and r.rating_date <= ${d} order by r.rating_date desc limit 1) as rating,
      ${sql.join(['current', 'crd_bucket1', 'crd_bucket2', 'crd_bucket3', 'crd_bucket4', 'inv_bucket1', 'inv_bucket2', 'inv_bucket3', 'inv_bucket4']
        .map((n) => sql`coalesce(b.${sql.identifier(n)}, 0) as ${sql.identifier(n)}, coalesce(b.${sql.identifier(`${n}_num`)}, 0)::int as ${sql.identifier(`${n}_num`)}`), sql`, `)},
      coalesce(b.outstanding, 0) as outstanding, coalesce(b.overdue, 0) as overdue,
      coalesce(a.invoiced, 0) as invoiced, coalesce(a.paid, 0) as paid, coalesce(s.sales12m, 0) as sales12m
    from obligors o
    left join buckets b on b.sys_obligor_code = o.sys_obligor_code
    left join activity a on a.sys_obligor_code = o.sys_obligor_code
    left join ranked s on s.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId}${ofObligors(sql`o.sys_obligor_code`)} and (b.sys_obligor_code is not null or a.sys_obligor_code is not null
      ${hasItemFilters(filters) ? sql`` : sql`or s.sys_obligor_code is not null`})`;
}

/**
 * Customers of `source` (sys_obligor_code, sales12m) with positive sales, each with the sales ranked
 * before it and the total: lib/domain/segments.ts's Pareto, in SQL.
 */
export function rankedSales(source: SQL): SQL {
  return sql`select sys_obligor_code, sales12m,
    coalesce(sum(sales12m) over (order by sales12m desc, sys_obligor_code rows between unbounded preceding and 1 preceding), 0) as before,
    sum(sales12m) over () as total
    from ${source} where sales12m > 0`;
}

/** LARGE while the sales ranked before it are under 80% of the total, MEDIUM under 95%, else (no sales too) SMALL. */
export function segmentOf(ranked: SQL): SQL {
  return sql`case when ${ranked}.before < ${SEGMENT_CUMULATIVE_SHARE.LARGE} * ${ranked}.total then 'LARGE'
    when ${ranked}.before < ${SEGMENT_CUMULATIVE_SHARE.MEDIUM} * ${ranked}.total then 'MEDIUM' else 'SMALL' end`;
}
