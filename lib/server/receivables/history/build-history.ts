import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { notWrittenOff } from '@/lib/server/invoices/open-debt';
import type { Db } from '@/lib/db/client';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import { AGEING_COLUMNS, weighsInRating } from '../ageing-columns';
import { HISTORY_LEVELS, LEVEL_KEY, SCOPE_LEVELS, type HistoryLevel } from './levels';
import { collectorOverallRisk, overallRisk } from './overall-risk';
import { itemStretches } from './stretches';

/**
 * The ageing history of a client: for every family, dimension value, collector, obligor and the client as a
 * whole, one row per day its figures change, valid until the next (`valid`), so that the figures of
 * any date are one indexed read of a few thousand rows. Built from the ledger in one pass:
 *
 * 1. Each open item's stretches of one outstanding amount (stretches.ts).
 * 2. A stretch [from, to) counts, on the credit basis, towards "owed" S0 from `from`, towards
 *    "at least 1 day past due" S1 from max(from, due + 1), S2 from due + b1 + 1, S3 from due + b2 + 1
 *    and S4 from due + b3 + 1; on the invoice basis towards T2..T4 from issue + b1/b2/b3 + 1; each
 *    until `to`. Buckets are differences (current = S0 - S1, 1-b1 days = S1 - S2, ..., invoice basis
 *    0-b1 = S0 - T2, ...), so every day a bucket changes is a start or an end of one of these: a
 *    delta row, future ageing included (an item keeps moving between buckets without new data).
 *    What was invoiced (documents, net of credit notes) and paid (cash, not credit-note
 *    adjustments; receipts on account included) in the month to the date, the 12-month sales and
 *    the receipts not yet allocated (negative from their day, back by each allocation) are deltas too: an amount
 *    enters on its day and leaves on the first day of the next month, or on the first day whose
 *    12 months back no longer reach it; every row holds its date's figures, one read.
 * 3. Per obligor the running balance and the rating in force give the terms that are not sums of
 *    items (open obligors, rated receivables by class, the weighted rating's numerator and
 *    denominator): their changes are deltas too.
 * 4. Per level, the deltas summed by key and day and run up into states.
 * tests/api/ageing-history.test.ts holds every level equal to the ledger computation at random dates.
 */
export async function buildAgeingHistory(
  db: Db,
  clientId: number,
  b: AgeingBoundaries,
  onStep?: (step: string) => void,
): Promise<void> {
  const step = onStep ?? (() => {});
  await dropWorkTables(db);
  step('stretches');
  // Amounts in paise (bigint) while they are summed: several times faster than numeric, and exact.
  await db.execute(sql`create temporary table history_stretches as
    select obligor, issue, due, from_day, to_day, (outstanding * 100)::bigint as outstanding, items from (${itemStretches(clientId)}) s`);
  step('obligor deltas');
  await db.execute(sql`create temporary table history_obligor_deltas as ${obligorDeltas(clientId, b)}`);
  await db.execute(sql`analyze history_obligor_deltas`);
  step('obligor terms');
  await db.execute(sql`create temporary table history_obligor_terms as ${obligorTerms(clientId)}`);
  step('obligor listing');
  await db.execute(sql`insert into history_obligor_terms (obligor, day, listed_obligors) ${obligorListing(clientId)}`);
  await db.execute(sql`analyze history_obligor_terms`);
  await db.execute(sql`delete from ageing_history where client_id = ${clientId}`);
  for (const level of HISTORY_LEVELS) {
    step(`${level} history`);
    await db.execute(sql`insert into ageing_history (client_id, level, key, from_day, valid, ${STATE_LIST})
      ${levelStates(clientId, level)}`);
  }
  // Statistics of the new rows before the overall risk meets them (and for the reads after the commit):
  // planned for the empty table, its updates ran as nested loops, minutes at a million invoices.
  await db.execute(sql`analyze ageing_history`);
  step('overall risk');
  await db.execute(overallRisk(clientId));
  for (const level of SCOPE_LEVELS) await db.execute(collectorOverallRisk(clientId, level));
  await dropWorkTables(db);
}

async function dropWorkTables(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists history_stretches, history_obligor_deltas, history_obligor_terms`);
}

/** The cumulative measures of a stretch: S0..S4 on the credit basis, T2..T4 on the invoice basis, with the day each starts. */
const MEASURES = (b: AgeingBoundaries): [name: string, start: SQL][] => [
  ['s0', sql`s.from_day`],
  ['s1', sql`greatest(s.from_day, s.due + 1)`],
  ['s2', sql`greatest(s.from_day, s.due + ${b.b1 + 1}::int)`],
  ['s3', sql`greatest(s.from_day, s.due + ${b.b2 + 1}::int)`],
  ['s4', sql`greatest(s.from_day, s.due + ${b.b3 + 1}::int)`],
  ['t2', sql`greatest(s.from_day, s.issue + ${b.b1 + 1}::int)`],
  ['t3', sql`greatest(s.from_day, s.issue + ${b.b2 + 1}::int)`],
  ['t4', sql`greatest(s.from_day, s.issue + ${b.b3 + 1}::int)`],
];
const MEASURE_NAMES = ['s0', 's1', 's2', 's3', 's4', 't2', 't3', 't4'];

/** The first day of the month after `day`: a month-to-date amount leaves then. */
const nextMonth = (day: SQL) => sql`(date_trunc('month', ${day}) + interval '1 month')::date`;

/**
 * The first day whose 12 months back (`d - interval '12 months'`, as the ledger's 12-month sales
 * reads them) no longer reach `day`: 12 months on, or the day after when that lands short (29 Feb).
 */
const yearOut = (day: SQL) =>
  sql`(select case when (y - interval '12 months')::date < ${day} then y + 1 else y end from (select (${day} + interval '12 months')::date as y) x)`;

/** Per obligor and day: how each measure and item count changes that day, and what enters or leaves the month-to-date and 12-month sums. */
function obligorDeltas(clientId: number, b: AgeingBoundaries): SQL {
  const measures = MEASURES(b);
  const starts = sql.join(
    measures.map(([, start], k) => sql`(${k}::int, ${start})`),
    sql`, `,
  );
  const byMeasure = sql.join(
    MEASURE_NAMES.map(
      (name, k) =>
        sql`sum(amount) filter (where k = ${k}) as ${sql.identifier(name)}, sum(items) filter (where k = ${k}) as ${sql.identifier(`${name}_n`)}`,
    ),
    sql`, `,
  );
  return sql`
    select obligor, day, ${byMeasure}, sum(amount) filter (where k = 8) as invoiced, sum(amount) filter (where k = 9) as paid,
      sum(amount) filter (where k = 10) as sales12m, sum(amount) filter (where k = 11) as settled,
      sum(amount) filter (where k = 12) as settled_days, sum(amount) filter (where k = 13) as unallocated
    from (
      select s.obligor, m.day, m.k, s.outstanding as amount, s.items
      from history_stretches s cross join lateral (values ${starts}) m(k, day) where m.day < s.to_day
      union all
      select s.obligor, s.to_day, m.k, -s.outstanding, -s.items
      from history_stretches s cross join lateral (values ${starts}) m(k, day) where m.day < s.to_day and s.to_day <> 'infinity'
      union all
      select i.sys_obligor_code, x.day, x.k, x.amount, 0
      from invoices i cross join lateral (values
        (i.issue_date, 8, (i.amount * 100)::bigint), (${nextMonth(sql`i.issue_date`)}, 8, -(i.amount * 100)::bigint),
        (i.issue_date, 10, (i.amount * 100)::bigint), (${yearOut(sql`i.issue_date`)}, 10, -(i.amount * 100)::bigint)) x(day, k, amount)
      where i.client_id = ${clientId}
      union all
      select i.sys_obligor_code, x.day, 9, x.amount, 0
      from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
        cross join lateral (values (p.paid_date, (p.amount * 100)::bigint), (${nextMonth(sql`p.paid_date`)}, -(p.amount * 100)::bigint)) x(day, amount)
      where p.client_id = ${clientId} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      union all
      -- Receipts on account and advances: cash collected in the month, and unallocated (negative)
      -- from their day until allocations apply them.
      select r.sys_obligor_code, x.day, x.k, x.amount, 0
      from receipts r cross join lateral (values
        (r.paid_date, 9, (r.amount * 100)::bigint), (${nextMonth(sql`r.paid_date`)}, 9, -(r.amount * 100)::bigint),
        (r.paid_date, 13, -(r.amount * 100)::bigint)) x(day, k, amount)
      where r.client_id = ${clientId}
      union all
      select r.sys_obligor_code, a.allocated_date, 13, (a.amount * 100)::bigint, 0
      from allocations a join receipts r on r.client_id = a.client_id and r.payment_ref = a.payment_ref
      where a.client_id = ${clientId}
      union all
      -- Debts paid off in the month to the date, and their amount x days from issue to settlement
      -- (the collection KPIs' average days to pay).
      select i.sys_obligor_code, x.day, x.k, x.amount, 0
      from invoices i cross join lateral (values
        (i.settled_date, 11, (i.amount * 100)::bigint), (${nextMonth(sql`i.settled_date`)}, 11, -(i.amount * 100)::bigint),
        (i.settled_date, 12, (i.amount * 100)::bigint * (i.settled_date - i.issue_date)),
        (${nextMonth(sql`i.settled_date`)}, 12, -(i.amount * 100)::bigint * (i.settled_date - i.issue_date))) x(day, k, amount)
      where i.client_id = ${clientId} and i.settled_date is not null and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.amount > 0
        and ${notWrittenOff(sql`i`)}
    ) moves
    group by obligor, day`;
}

/**
 * Per obligor, the changes of the terms that depend on its balance as a whole: open (owes anything),
 * rated receivables by class, and the weighted rating's numerator and denominator (rated obligors
 * with a positive balance), on every day its balance or its rating changes.
 */
function obligorTerms(clientId: number): SQL {
  // The weighted rating's terms, from the rule every other form of it reads (ageing-columns.ts).
  const weighs = weighsInRating(sql`rating`, sql`balance`);
  return sql`
    with moves as (
      select obligor, day, sum(change) as change, max(rating) as rating from (
        select obligor, day, coalesce(s0, 0) as change, null::int as rating from history_obligor_deltas
        union all
        select r.sys_obligor_code, r.rating_date, 0, r.rating from obligor_ratings r where r.client_id = ${clientId}
      ) x group by obligor, day
    ),
    running as (
      select obligor, day, sum(change) over w as balance, count(rating) over w as rated_since, rating
      from moves window w as (partition by obligor order by day)
    ),
    state as (
      select obligor, day, balance, max(rating) over (partition by obligor, rated_since) as rating from running
    ),
    terms as (
      select obligor, day, (balance <> 0)::int as open,
        case when rating = 1 then balance else 0 end as low, case when rating = 2 then balance else 0 end as med,
        case when rating = 3 then balance else 0 end as high,
        case when ${weighs} then balance else 0 end as rated_balance,
        case when ${weighs} then rating * balance else 0 end as rated_num
      from state
    )
    select obligor, day,
      open - coalesce(lag(open) over w, 0) as open_obligors, 0 as listed_obligors, low - coalesce(lag(low) over w, 0) as low_rated,
      med - coalesce(lag(med) over w, 0) as med_rated, high - coalesce(lag(high) over w, 0) as high_rated,
      rated_balance - coalesce(lag(rated_balance) over w, 0) as rated_balance,
      rated_num - coalesce(lag(rated_num) over w, 0) as rated_num
    from terms window w as (partition by obligor order by day)`;
}

/**
 * Per obligor, the days it starts or stops being a customer "with receivables" (docs/glossary.md: it
 * owes something on an open item, or holds receipts not yet allocated, or invoiced or collected in
 * the month to the date, or has positive sales in the 12 months to it), as +1 / -1: a family or a dimension value is a row of its list
 * while its count is above zero, as the ledger computation lists its obligors. The flag
 * can change only on a day an item opens or closes, a document is issued or leaves the 12 months
 * (the first day whose 12 months back reach its issue day), a payment is made, or a month starts
 * after any of these.
 */
function obligorListing(clientId: number): SQL {
  return sql`
    with activity as (
      select i.sys_obligor_code as obligor, i.issue_date as day from invoices i where i.client_id = ${clientId}
      union
      select i.sys_obligor_code, p.paid_date
      from payments p join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
      where p.client_id = ${clientId} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      union
      select r.sys_obligor_code, r.paid_date from receipts r where r.client_id = ${clientId}
    ),
    sales as (
      select i.sys_obligor_code as obligor, i.issue_date as day, (i.amount * 100)::bigint as amount
      from invoices i where i.client_id = ${clientId}
      union all
      select i.sys_obligor_code, ${yearOut(sql`i.issue_date`)}, -(i.amount * 100)::bigint
      from invoices i where i.client_id = ${clientId}
    ),
    events as (
      select obligor, day, sum(open_n) as open_n, sum(sales) as sales, max(active) as active, sum(unallocated) as unallocated from (
        select obligor, day, s0_n as open_n, 0::bigint as sales, null::date as active, 0::bigint as unallocated
        from history_obligor_deltas where s0_n <> 0
        union all select obligor, day, 0, amount, null, 0 from sales
        union all select obligor, day, 0, 0, day, 0 from activity
        union all select obligor, ${nextMonth(sql`day`)}, 0, 0, null, 0 from activity
        union all select obligor, day, 0, 0, null, unallocated from history_obligor_deltas where unallocated <> 0
      ) x group by obligor, day
    ),
    state as (
      select obligor, day, (sum(open_n) over w > 0 or sum(sales) over w > 0 or sum(unallocated) over w <> 0
          or coalesce(max(active) over w >= date_trunc('month', day)::date, false))::int as listed
      from events window w as (partition by obligor order by day)
    )
    select obligor, day, listed - coalesce(lag(listed) over w, 0) as listed_obligors
    from state window w as (partition by obligor order by day)`;
}

/** Columns of ageing_history below its key, in insert order. */
const STATE_COLUMNS = [
  ...AGEING_COLUMNS,
  'settled',
  'settled_days',
  'low_rated',
  'med_rated',
  'high_rated',
  'rated_balance',
  'rated_num',
  'open_obligors',
  'listed_obligors',
];
const STATE_LIST = sql.join(
  STATE_COLUMNS.map((c) => sql.identifier(c)),
  sql`, `,
);

const TERM_COLUMNS = [
  'open_obligors',
  'low_rated',
  'med_rated',
  'high_rated',
  'rated_balance',
  'rated_num',
  'listed_obligors',
];
const DELTA_COLUMNS = [
  ...MEASURE_NAMES.flatMap((m) => [m, `${m}_n`]),
  'invoiced',
  'paid',
  'sales12m',
  'settled',
  'settled_days',
  'unallocated',
];

/** The states of one level: deltas summed by key and day, run up per key, each valid until the key's next row. */
function levelStates(clientId: number, level: HistoryLevel): SQL {
  const key = LEVEL_KEY[level];
  const sums = (columns: string[]) =>
    sql.join(
      columns.map((c) => sql`sum(${sql.identifier(c)}) as ${sql.identifier(c)}`),
      sql`, `,
    );
  const nulls = (columns: string[]) =>
    sql.join(
      columns.map((c) => sql`null::bigint as ${sql.identifier(c)}`),
      sql`, `,
    );
  const run = (c: string) => sql`sum(coalesce(${sql.identifier(c)}, 0)) over w`;
  const money = (expr: SQL) => sql`(${expr}) / 100.0`;
  const bucket = (amount: SQL, items: SQL) => sql`${money(amount)}, (${items})::int`;
  const at = (m: string) => run(m);
  const n = (m: string) => run(`${m}_n`);
  return sql`
    with keyed as (
      select ${key} as key, d.day, ${sums(DELTA_COLUMNS)}, ${nulls(TERM_COLUMNS)}
      from history_obligor_deltas d join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = d.obligor
      where ${key} is not null group by 1, 2
      union all
      select ${key}, t.day, ${nulls(DELTA_COLUMNS)}, ${sums(TERM_COLUMNS)}
      from history_obligor_terms t join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = t.obligor
      where ${key} is not null group by 1, 2
    ),
    days as (select key, day, ${sums([...DELTA_COLUMNS, ...TERM_COLUMNS])} from keyed group by key, day)
    select ${clientId}, ${level}, key, day, daterange(day, lead(day) over w, '[)'),
      ${bucket(sql`${at('s0')} - ${at('s1')}`, sql`${n('s0')} - ${n('s1')}`)},
      ${bucket(sql`${at('s1')} - ${at('s2')}`, sql`${n('s1')} - ${n('s2')}`)},
      ${bucket(sql`${at('s2')} - ${at('s3')}`, sql`${n('s2')} - ${n('s3')}`)},
      ${bucket(sql`${at('s3')} - ${at('s4')}`, sql`${n('s3')} - ${n('s4')}`)},
      ${bucket(at('s4'), n('s4'))},
      ${bucket(sql`${at('s0')} - ${at('t2')}`, sql`${n('s0')} - ${n('t2')}`)},
      ${bucket(sql`${at('t2')} - ${at('t3')}`, sql`${n('t2')} - ${n('t3')}`)},
      ${bucket(sql`${at('t3')} - ${at('t4')}`, sql`${n('t3')} - ${n('t4')}`)},
      ${bucket(at('t4'), n('t4'))},
      ${money(at('s0'))}, ${money(at('s1'))}, ${money(run('invoiced'))}, ${money(run('paid'))}, ${money(run('sales12m'))},
      ${money(run('unallocated'))}, ${money(run('settled'))}, ${money(run('settled_days'))},
      ${money(run('low_rated'))}, ${money(run('med_rated'))}, ${money(run('high_rated'))}, ${money(run('rated_balance'))},
      ${money(run('rated_num'))}, (${run('open_obligors')})::int, (${run('listed_obligors')})::int
    from days
    window w as (partition by key order by day)
    order by day, key`;
}
