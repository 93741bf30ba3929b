/**
 * The baseline: the same answers as the receivables services, computed the way the peers do it,
 * straight from invoices and payments on every call. No obligor_ageing rollups, no settled_date
 * shortcut to skip settled items, no stored paid_to_date: for each invoice issued on or before the
 * date, sum its payments up to the date, bucket what is left, aggregate.
 *
 * Two shapes of "sum its payments": over the whole book one pass over payments grouped by invoice
 * (a hash join, the fastest plain-SQL form on both engines); for a small set of invoices (one
 * family, a number search) a per-invoice sum through the payments_invoice index. Each baseline is
 * the faster honest form for its call, so the ratios are not flattered.
 *
 * Every baseline query of the benchmark is in this file.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { BUCKET_KEYS, type AgeingBoundaries } from '@/lib/domain/ageing';
import {
  AgeingFigures,
  AMOUNT_KEYS,
  column,
  COUNT_KEYS,
  GroupFigures,
  snake,
  weightedRating,
} from '@/lib/server/receivables/ageing-columns';
import { bucketRules, escapeLike } from '@/lib/server/receivables/ageing-source';

/** The baseline's ageing figures: the services' but 12-month sales, which the naive pages do not show. */
const AMOUNTS = AMOUNT_KEYS.filter((k) => k !== 'sales12m');
const BaselineFigures = AgeingFigures.omit({ sales12m: true });
/** Rated receivables by class and the weighted rating of a group (RATED). */
const BaselineRisk = GroupFigures.pick({
  lowRatedReceivables: true,
  medRatedReceivables: true,
  highRatedReceivables: true,
  obligorWeightedRating: true,
});

interface Scope {
  /** Only the invoices of this family (obligors whose parent, or own code, is this). */
  familyCode?: string;
  /** Only invoices whose number contains this text. */
  invoiceNum?: string;
}

function small(scope: Scope): boolean {
  return Boolean(scope.familyCode || scope.invoiceNum);
}

/** Receipts on account belong to customers, not items: a family scope keeps them, an invoice-number search none. */
function receiptScope(clientId: number, scope: Scope): SQL {
  if (scope.invoiceNum) return sql` and false`;
  if (!scope.familyCode) return sql``;
  return sql` and r.sys_obligor_code in (select f.sys_obligor_code from obligors f where f.client_id = ${clientId}
      and coalesce(f.parent_sys_obligor_code, f.sys_obligor_code) = ${scope.familyCode})`;
}

function scopeConditions(clientId: number, scope: Scope): SQL {
  const parts: SQL[] = [];
  if (scope.familyCode) {
    parts.push(sql`i.sys_obligor_code in (select f.sys_obligor_code from obligors f where f.client_id = ${clientId}
      and coalesce(f.parent_sys_obligor_code, f.sys_obligor_code) = ${scope.familyCode})`);
  }
  if (scope.invoiceNum) parts.push(sql`i.invoice_num ilike ${`%${escapeLike(scope.invoiceNum)}%`}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * Every document issued by the date with what is still owed on it, from its settlements alone
 * (payments and allocations), as `items` (one row a document, `past_due` an invoice in instalments'
 * oldest open instalment's) and `parts` (an invoice in instalments one row per instalment, each
 * holding its share of what is owed and aged by its own due date; `counted` 1 on the part the
 * document counts in). Settlements pay the oldest instalment first, so what is owed is held by the
 * latest ones; anything above the schedule (a debit note) stays on the last.
 */
function itemsCte(clientId: number, asOf: string, scope: Scope): SQL {
  const d = sql`${asOf}::date`;
  const columns = sql`i.sys_invoice_num, i.sys_obligor_code, i.invoice_num, i.doc_type, i.issue_date, i.due_date, i.amount,
    ${d} - i.issue_date as age`;
  const docs = small(scope)
    ? sql`docs as (
      select ${columns},
        i.amount - coalesce((select sum(p.amount) from settlements p where p.client_id = i.client_id
          and p.sys_invoice_num = i.sys_invoice_num and p.paid_date <= ${d}), 0) as outstanding
      from invoices i
      where i.client_id = ${clientId} and i.issue_date <= ${d} ${scopeConditions(clientId, scope)})`
    : sql`paid as (
      select p.sys_invoice_num, sum(p.amount) as paid from settlements p
      where p.client_id = ${clientId} and p.paid_date <= ${d}
      group by p.sys_invoice_num),
    docs as (
      select ${columns}, i.amount - coalesce(paid.paid, 0) as outstanding
      from invoices i left join paid on paid.sys_invoice_num = i.sys_invoice_num
      where i.client_id = ${clientId} and i.issue_date <= ${d} ${scopeConditions(clientId, scope)})`;
  return sql`${docs},
    schedule as (
      select k.sys_invoice_num, k.due_date, k.amount,
        coalesce(sum(k.amount) over (partition by k.sys_invoice_num order by k.due_date desc
          rows between unbounded preceding and 1 preceding), 0) as later,
        sum(k.amount) over (partition by k.sys_invoice_num) as total
      from instalments k where k.client_id = ${clientId}),
    parts as (
      select doc.sys_obligor_code, doc.age, ${d} - coalesce(k.due_date, doc.due_date, doc.issue_date) as past_due,
        case when k.due_date is null then doc.outstanding
          else least(k.amount, greatest(doc.outstanding - k.later, 0))
            + case when k.later = 0 then greatest(doc.outstanding - k.total, 0) else 0 end end as outstanding,
        case when k.due_date is null then 1
          when doc.outstanding > k.later and (doc.outstanding <= k.later + k.amount or k.later + k.amount = k.total) then 1
          else 0 end as counted
      from docs doc left join schedule k on k.sys_invoice_num = doc.sys_invoice_num),
    oldest_open as (
      select doc.sys_invoice_num, min(k.due_date) as due_date
      from docs doc join schedule k on k.sys_invoice_num = doc.sys_invoice_num
      where doc.outstanding > k.later group by doc.sys_invoice_num),
    items as (
      select doc.*, ${d} - coalesce(x.due_date, doc.due_date, doc.issue_date) as past_due
      from docs doc left join oldest_open x on x.sys_invoice_num = doc.sys_invoice_num)`;
}

/**
 * CTEs ending in `r`: one row per obligor with receivables at the date (anything owed, any activity
 * in the month of the date, or sales in the 12 months to it, as the glossary defines it): buckets (credit and invoice basis), outstanding, overdue, invoiced and paid in the month,
 * and the rating in force at the date.
 */
function obligorRowsCtes(clientId: number, asOf: string, b: AgeingBoundaries, scope: Scope = {}): SQL {
  const d = sql`${asOf}::date`;
  const monthStart = sql`date_trunc('month', ${d})::date`;
  const rules = bucketRules(b, sql`past_due`, sql`age`);
  const buckets = BUCKET_KEYS.map((key) => {
    const name = snake(key);
    return sql`sum(outstanding) filter (where ${rules[key]}) as ${sql.identifier(name)}, sum(counted) filter (where ${rules[key]}) as ${sql.identifier(`${name}_num`)}`;
  });
  return sql`${itemsCte(clientId, asOf, scope)},
    per_obligor as (
      select sys_obligor_code, ${sql.join(buckets, sql`, `)},
        sum(outstanding) as outstanding, sum(outstanding) filter (where past_due > 0) as overdue
      from parts where outstanding <> 0 group by sys_obligor_code),
    activity as (
      select sys_obligor_code, sum(invoiced) as invoiced, sum(paid) as paid from (
        select i.sys_obligor_code, i.amount as invoiced, 0 as paid from invoices i
        where i.client_id = ${clientId} and i.issue_date between ${monthStart} and ${d} ${scopeConditions(clientId, scope)}
        union all
        select i.sys_obligor_code, 0, p.amount from payments p
        join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
        where p.client_id = ${clientId} and p.paid_date between ${monthStart} and ${d} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
          ${scopeConditions(clientId, scope)}
        union all
        select r.sys_obligor_code, 0, r.amount from receipts r
        where r.client_id = ${clientId} and r.paid_date between ${monthStart} and ${d} ${receiptScope(clientId, scope)}
      ) moves group by sys_obligor_code),
    unapplied as (
      -- Receipts on account not allocated at the date: each receipt less its allocations up to it.
      select r.sys_obligor_code, -sum(r.amount - coalesce((select sum(a.amount) from allocations a
          where a.client_id = r.client_id and a.payment_ref = r.payment_ref and a.allocated_date <= ${d}), 0)) as unallocated
      from receipts r where r.client_id = ${clientId} and r.paid_date <= ${d} ${receiptScope(clientId, scope)}
      group by r.sys_obligor_code),
    sold as (
      -- Customers who bought in the 12 months to the date: their DSO has sales, so they are listed.
      select distinct i.sys_obligor_code from invoices i
      where i.client_id = ${clientId} and i.issue_date > (${d} - interval '12 months')::date and i.issue_date <= ${d}
        ${scopeConditions(clientId, scope)}),
    rated as (
      select distinct on (x.sys_obligor_code) x.sys_obligor_code, x.rating from obligor_ratings x
      where x.client_id = ${clientId} and x.rating_date <= ${d}
      order by x.sys_obligor_code, x.rating_date desc),
    r as (
      select o.sys_obligor_code, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code, rated.rating,
        ${sql.join(
          BUCKET_KEYS.map(snake).map(
            (n) =>
              sql`coalesce(b.${sql.identifier(n)}, 0) as ${sql.identifier(n)}, coalesce(b.${sql.identifier(`${n}_num`)}, 0) as ${sql.identifier(`${n}_num`)}`,
          ),
          sql`, `,
        )},
        coalesce(b.outstanding, 0) as outstanding, coalesce(b.overdue, 0) as overdue,
        coalesce(a.invoiced, 0) as invoiced, coalesce(a.paid, 0) as paid, coalesce(u.unallocated, 0) as unallocated
      from obligors o
      left join per_obligor b on b.sys_obligor_code = o.sys_obligor_code
      left join activity a on a.sys_obligor_code = o.sys_obligor_code
      left join rated on rated.sys_obligor_code = o.sys_obligor_code
      left join unapplied u on u.sys_obligor_code = o.sys_obligor_code and u.unallocated <> 0
      where o.client_id = ${clientId} and (b.sys_obligor_code is not null or a.sys_obligor_code is not null
        or u.sys_obligor_code is not null
        or o.sys_obligor_code in (select sys_obligor_code from sold)))`;
}

/** Sums of every amount and count over `r`, named as the services answer them. */
function sums(): SQL {
  const amounts = AMOUNTS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::numeric(18,2) as ${sql.identifier(k)}`);
  const counts = COUNT_KEYS.map((k) => sql`coalesce(sum(r.${column(k)}), 0)::int as ${sql.identifier(k)}`);
  return sql.join([...amounts, ...counts], sql`, `);
}

const RATED = sql`
  coalesce(sum(r.outstanding) filter (where r.rating = 1), 0)::numeric(18,2) as "lowRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 2), 0)::numeric(18,2) as "medRatedReceivables",
  coalesce(sum(r.outstanding) filter (where r.rating = 3), 0)::numeric(18,2) as "highRatedReceivables",
  ${weightedRating(sql`r.rating`, sql`r.outstanding`)} as "obligorWeightedRating"`;

const BaselineSummary = BaselineFigures.extend(BaselineRisk.shape).extend({
  openObligors: col.int,
  overallRisk: col.num.nullable(),
});
export type BaselineSummary = z.output<typeof BaselineSummary>;

/** The client summary as of a date (totals, ratings, open obligors, overall risk). */
export async function baselineSummary(
  db: Db,
  clientId: number,
  asOf: string,
  b: AgeingBoundaries,
): Promise<BaselineSummary | undefined> {
  return queryRow(
    db,
    sql`
    with ${obligorRowsCtes(clientId, asOf, b)}
    select ${sums()}, ${RATED}, count(*) filter (where r.outstanding <> 0)::int as "openObligors",
      (select round(avg(w)::numeric, 1)::float8 from (
        select ${weightedRating(sql`f.rating`, sql`f.outstanding`)} as w
        from r f group by f.family_code) families) as "overallRisk"
    from r`,
    BaselineSummary,
  );
}

const BaselineGroup = BaselineFigures.extend(BaselineRisk.shape).extend({
  code: col.text,
  name: col.text,
  total: col.int,
});
export type BaselineGroup = z.output<typeof BaselineGroup>;

/** Families (or, with familyCode, one family's obligors) summed and paged like listReceivables. */
export async function baselineReceivables(
  db: Db,
  clientId: number,
  asOf: string,
  b: AgeingBoundaries,
  page: { sortBy: 'overdue' | 'outstanding'; offset: number; count: number; familyCode?: string },
): Promise<{ total: number; rows: BaselineGroup[] }> {
  const key = page.familyCode ? sql`r.sys_obligor_code` : sql`r.family_code`;
  const rows = await queryRows(
    db,
    sql`
    with ${obligorRowsCtes(clientId, asOf, b, { familyCode: page.familyCode })},
    g as (select ${key} as code, ${sums()}, ${RATED} from r group by ${key})
    select g.*, o.name, count(*) over () as total
    from g join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = g.code
    order by g.${sql.identifier(page.sortBy)} desc nulls last, g.code
    limit ${page.count} offset ${(page.offset - 1) * page.count}`,
    BaselineGroup,
  );
  return { total: rows.length ? rows[0]!.total : 0, rows };
}

/** The open-invoice orders the benchmark measures, as the peers' report would sort its rows. */
const BASELINE_INVOICE_ORDERS = {
  mostOverdue: sql`(amount < 0), past_due desc, sys_invoice_num`,
  leastOverdue: sql`(amount < 0), past_due asc, sys_invoice_num`,
  mostOwed: sql`outstanding desc, sys_invoice_num`,
  customer: sql`obligor_name asc, sys_invoice_num`,
};
export type BaselineInvoiceOrder = keyof typeof BASELINE_INVOICE_ORDERS;

/** An open item of the baseline's page: what the benchmark compares (the query reads every column, as the peers' report does). */
const BaselineItem = row({ sys_invoice_num: col.text, outstanding: col.num, total: col.int });
export type BaselineItem = z.output<typeof BaselineItem>;

/** Open items at the date (optionally searched by number), most days past due first unless told, paged. */
export async function baselineOpenInvoices(
  db: Db,
  clientId: number,
  asOf: string,
  page: { offset: number; count: number; invoiceNum?: string; order?: BaselineInvoiceOrder },
): Promise<{ total: number; rows: BaselineItem[] }> {
  const d = sql`${asOf}::date`;
  const order = BASELINE_INVOICE_ORDERS[page.order ?? 'mostOverdue'];
  const rows = await queryRows(
    db,
    sql`
    with ${itemsCte(clientId, asOf, { invoiceNum: page.invoiceNum })},
    -- Every item's amount at the date first, as the peers' report works it out: sorted by customer,
    -- the planner would otherwise walk the customers by name and aggregate the payments for each.
    open_items as materialized (select * from items where outstanding <> 0),
    open_page as (
      select open_items.*, o.name as obligor_name, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code,
        count(*) over () as total
      from open_items join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = open_items.sys_obligor_code
      order by ${order}
      limit ${page.count} offset ${(page.offset - 1) * page.count})
    select open_page.*, (select x.rating from obligor_ratings x where x.client_id = ${clientId}
        and x.sys_obligor_code = open_page.sys_obligor_code and x.rating_date <= ${d}
        order by x.rating_date desc limit 1) as rating
    from open_page order by ${order}`,
    BaselineItem,
  );
  return { total: rows.length ? rows[0]!.total : 0, rows };
}

export type BaselineMonth = z.output<typeof BaselineFigures> & { date: string };

/** Twelve months of totals: one as-of computation per month end and one for the range end. */
export async function baselineOverview(
  db: Db,
  clientId: number,
  dates: string[],
  b: AgeingBoundaries,
): Promise<BaselineMonth[]> {
  const months: BaselineMonth[] = [];
  for (const asOf of dates) {
    // Sums without a group: always one row.
    const figures = await queryRow(
      db,
      sql`with ${obligorRowsCtes(clientId, asOf, b)} select ${sums()} from r`,
      BaselineFigures,
    );
    if (figures) months.push({ date: asOf, ...figures });
  }
  return months;
}
