import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { copyAssignmentsToRollups, settlementOf, statusOf } from '@/lib/server/receivables/refresh-rollups';
import type { ImportKind } from './formats';

/** What a batch did to one kind of row. Unchanged rows were already stored exactly so. */
export interface KindCounts {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Bad rows left out (only with skipBadRows; otherwise a bad row refuses the batch). */
  skipped: number;
}

export interface ApplyContext {
  db: Db;
  clientId: number;
  userId: number | null;
  today: string;
  /** Rows of each kind marked not ok: every statement below reads the good rows only. */
  skipped: Record<ImportKind, number>;
}

/**
 * An upsert by natural key that touches only rows whose values differ, so that importing the
 * same files again changes nothing; returns how many rows were inserted and updated. `newKeys`
 * keeps the keys of the inserted rows in a staging table (the refresh skips what they settle).
 */
async function upsert(
  db: Db,
  statement: SQL,
  rows: number,
  skipped: number,
  newKeys?: { key: string; table: string },
): Promise<KindCounts> {
  const key = newKeys ? sql`, ${sql.identifier(newKeys.key)}` : sql``;
  const keep = newKeys
    ? sql`, kept as (insert into ${sql.identifier(newKeys.table)} select ${sql.identifier(newKeys.key)} from up where inserted)`
    : sql``;
  const counts = await queryRow(
    db,
    sql`
    with up as (${statement} returning (xmax = 0) as inserted${key})${keep}
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from up`,
    row({ inserted: col.int, updated: col.int }),
  );
  const inserted = counts?.inserted ?? 0;
  const updated = counts?.updated ?? 0;
  return { rows, inserted, updated, unchanged: rows - skipped - inserted - updated, skipped };
}

const id = (name: string) => sql`${sql.identifier(name)}`;
const list = (items: SQL[]) => sql.join(items, sql`, `);

/** File column -> obligors column and the expression over the staged row `s` (joined lookups). */
const OBLIGOR_COLUMNS: [file: string, column: string, expr: SQL][] = [
  ['name', 'name', sql`s.name`],
  ['parent_sys_obligor_code', 'parent_sys_obligor_code', sql`s.parent_sys_obligor_code`],
  ['business_id', 'business_id', sql`s.business_id`],
  ['credit_limit', 'credit_limit', sql`s.credit_limit`],
  ['dim1', 'dim1_id', sql`d1.id`],
  ['dim2', 'dim2_id', sql`d2.id`],
  ['dim3', 'dim3_id', sql`d3.id`],
  ['guest_email', 'guest_id', sql`g.id`],
  ['representative_email', 'representative_id', sql`r.id`],
  ['email', 'email', sql`s.email`],
  ['phone', 'phone', sql`s.phone`],
  // A one-line cell may separate the address's lines by " | " (a spreadsheet cell rarely holds new lines).
  ['address', 'address', sql`nullif(trim(regexp_replace(s.address, '\\s*\\|\\s*', E'\\n', 'g')), '')`],
];

/** Obligors: new dimension values first, then the upsert, then credit limit history. */
export async function applyObligors(
  ctx: ApplyContext,
  columns: string[],
  rows: number,
): Promise<KindCounts & { dimensionValues: number }> {
  const { db, clientId } = ctx;
  let dimensionValues = 0;
  for (const level of [1, 2, 3]) {
    if (!columns.includes(`dim${level}`)) continue;
    const created = await queryRow(
      db,
      sql`
      with ins as (
        insert into dimension_values (client_id, dim_level, name)
        select distinct ${clientId}::int, ${level}::smallint, s.${id(`dim${level}`)} from import_obligors s where s.ok and s.${id(`dim${level}`)} is not null
        on conflict (client_id, dim_level, name) do nothing returning 1)
      select count(*)::int as n from ins`,
      row({ n: col.int }),
    );
    dimensionValues += created?.n ?? 0;
  }
  const present = OBLIGOR_COLUMNS.filter(([file]) => columns.includes(file));
  const targets = present.map(([, column]) => id(column));
  const counts = await upsert(
    db,
    sql`
    insert into obligors as o (client_id, sys_obligor_code, ${list(targets)})
    select ${clientId}, s.sys_obligor_code, ${list(present.map(([, , expr]) => expr))}
    from import_obligors s
    left join dimension_values d1 on d1.client_id = ${clientId} and d1.dim_level = 1 and d1.name = s.dim1
    left join dimension_values d2 on d2.client_id = ${clientId} and d2.dim_level = 2 and d2.name = s.dim2
    left join dimension_values d3 on d3.client_id = ${clientId} and d3.dim_level = 3 and d3.name = s.dim3
    left join users g on g.client_id = ${clientId} and lower(g.email) = s.guest_email
    left join users r on r.client_id = ${clientId} and lower(r.email) = s.representative_email
    where s.ok
    on conflict (client_id, sys_obligor_code) do update set ${list(targets.map((t) => sql`${t} = excluded.${t}`))}
    where (${list(targets.map((t) => sql`o.${t}`))}) is distinct from (${list(targets.map((t) => sql`excluded.${t}`))})`,
    rows,
    ctx.skipped.obligors,
  );
  if (columns.includes('credit_limit')) {
    // A limit that differs from the latest history row starts a new period today (idempotent on re-import).
    await db.execute(sql`
      insert into credit_limit_history (client_id, sys_obligor_code, effective_date, credit_limit, changed_by)
      select ${clientId}, s.sys_obligor_code, ${ctx.today}::date, s.credit_limit, ${ctx.userId}::int
      from import_obligors s
      where s.ok and s.credit_limit is not null and s.credit_limit is distinct from (
        select h.credit_limit from credit_limit_history h where h.client_id = ${clientId} and h.sys_obligor_code = s.sys_obligor_code
        order by h.effective_date desc, h.id desc limit 1)`);
  }
  if (columns.includes('guest_email') || columns.includes('representative_email'))
    // The rollup job rebuilds every date after this batch; until it ends, the rows already
    // stored carry the new collectors too.
    await copyAssignmentsToRollups(db, clientId, sql`select sys_obligor_code from import_obligors where ok`);
  if (columns.some((c) => /^dim[123]$/.test(c))) {
    // Items carry their obligor's dimensions (as the ERP export does): follow a changed obligor.
    await db.execute(sql`
      update invoices i set dim1_id = o.dim1_id, dim2_id = o.dim2_id, dim3_id = o.dim3_id
      from obligors o
      where i.client_id = ${clientId} and o.client_id = ${clientId} and o.sys_obligor_code = i.sys_obligor_code
        and o.sys_obligor_code in (select sys_obligor_code from import_obligors where ok)
        and (i.dim1_id, i.dim2_id, i.dim3_id) is distinct from (o.dim1_id, o.dim2_id, o.dim3_id)`);
  }
  return { ...counts, dimensionValues };
}

export function applyRatings(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  return upsert(
    ctx.db,
    sql`
    insert into obligor_ratings as t (client_id, sys_obligor_code, rating_date, rating)
    select ${ctx.clientId}, s.sys_obligor_code, s.rating_date, s.rating from import_ratings s where s.ok
    on conflict (client_id, sys_obligor_code, rating_date) do update set rating = excluded.rating
    where t.rating is distinct from excluded.rating`,
    rows,
    ctx.skipped.ratings,
  );
}

/**
 * Disputes: one per invoice and opened day. A stored dispute of that invoice opened that day takes
 * the file's reason, amount and resolution (RESOLVED with its outcome from the resolved day, else
 * OPEN); the others are inserted on the invoice's customer, with the invoice as their only one.
 * Every write sets `changed_at`, so the stored forecast recomputes the families concerned.
 */
export async function applyDisputes(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  const { db, clientId } = ctx;
  const status = sql`case when s.resolved_date is null then 'OPEN' else 'RESOLVED' end`;
  await db.execute(sql`create temporary table import_dispute_matches on commit drop as
    select s.line, min(d.id) as id from import_disputes s
    join dispute_invoices di on di.client_id = ${clientId} and di.sys_invoice_num = s.sys_invoice_num
    join disputes d on d.client_id = di.client_id and d.id = di.dispute_id and d.opened_on = s.opened_date
    where s.ok group by s.line`);
  const updated = await queryRow(
    db,
    sql`with up as (
      update disputes t set reason = s.reason, amount = s.amount, status = ${status}, outcome = s.outcome,
        resolved_on = s.resolved_date, changed_at = now()
      from import_disputes s join import_dispute_matches m on m.line = s.line
      where t.client_id = ${clientId} and t.id = m.id
        and (t.reason, t.amount, t.status, t.outcome, t.resolved_on)
          is distinct from (s.reason, s.amount, ${status}, s.outcome, s.resolved_date)
      returning 1)
    select count(*)::int as n from up`,
    row({ n: col.int }),
  );
  await db.execute(sql`create temporary table import_new_disputes on commit drop as
    select nextval(pg_get_serial_sequence('disputes', 'id')) as id, s.*, i.sys_obligor_code
    from import_disputes s join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = s.sys_invoice_num
    where s.ok and not exists (select 1 from import_dispute_matches m where m.line = s.line)`);
  const inserted = await queryRow(
    db,
    sql`with ins as (
      insert into disputes (client_id, id, sys_obligor_code, reason, amount, status, opened_on, user_id, outcome, resolved_on)
      select ${clientId}, s.id, s.sys_obligor_code, s.reason, s.amount, ${status}, s.opened_date, ${ctx.userId},
        s.outcome, s.resolved_date
      from import_new_disputes s returning id)
    select count(*)::int as n from ins`,
    row({ n: col.int }),
  );
  await db.execute(sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num)
    select ${clientId}, s.id, s.sys_invoice_num from import_new_disputes s`);
  const skipped = ctx.skipped.disputes;
  const counts = { inserted: inserted?.n ?? 0, updated: updated?.n ?? 0 };
  return { rows, ...counts, unchanged: rows - skipped - counts.inserted - counts.updated, skipped };
}

const INVOICE_COLUMNS = [
  'invoice_num',
  'sys_obligor_code',
  'doc_type',
  'issue_date',
  'due_date',
  'amount',
  'taxable_amount',
  'against_sys_invoice_num',
  'currency',
  'dim1_id',
  'dim2_id',
  'dim3_id',
].map(id);

/**
 * A new item has no payments but the batch's: its paid total, settled date and status are set as it
 * is inserted (one write, not an insert and then an update per item). A changed item keeps them
 * here; the refresh settles it again from all its payments. Rows go in key order, which keeps the
 * primary key's and the number index's pages filling in turn (a quarter faster at a million).
 */
export function applyInvoices(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  const batchPayments = sql`
    select p.sys_invoice_num, p.paid_date, p.payment_ref, i.amount as item_amount,
      case when i.doc_type = 'CREDIT_NOTE' then -p.amount else p.amount end as amount
    from import_payments p join import_invoices i on i.sys_invoice_num = p.sys_invoice_num and i.ok
    where p.ok
    union all
    select a.sys_invoice_num, a.allocated_date, a.payment_ref, i.amount, a.amount
    from import_allocations a join import_invoices i on i.sys_invoice_num = a.sys_invoice_num and i.ok
    where a.ok
    union all
    -- A note against an invoice: the invoice's settlement from the note's day (if the invoice is new
    -- too), and the note's own (it is applied that day). As the settlements view has them.
    select n.against_sys_invoice_num, n.issue_date, n.sys_invoice_num, i.amount, -n.amount
    from import_invoices n join import_invoices i on i.sys_invoice_num = n.against_sys_invoice_num and i.ok
    where n.ok
    union all
    select n.sys_invoice_num, n.issue_date, n.against_sys_invoice_num, n.amount, n.amount
    from import_invoices n where n.ok and n.against_sys_invoice_num is not null`;
  return upsert(
    ctx.db,
    sql`
    insert into invoices as t (client_id, sys_invoice_num, ${list(INVOICE_COLUMNS)}, paid_to_date, settled_date, status)
    select ${ctx.clientId}, s.sys_invoice_num, s.invoice_num, s.sys_obligor_code, s.doc_type, s.issue_date, s.due_date,
      s.amount, s.taxable_amount, s.against_sys_invoice_num, s.currency, o.dim1_id, o.dim2_id, o.dim3_id, coalesce(paid.paid_total, 0), paid.settled_date, ${statusOf(sql`paid.settled_date`)}
    from import_invoices s join obligors o on o.client_id = ${ctx.clientId} and o.sys_obligor_code = s.sys_obligor_code
    left join (${settlementOf(batchPayments)}) paid on paid.sys_invoice_num = s.sys_invoice_num
    where s.ok
    order by s.sys_invoice_num
    on conflict (client_id, sys_invoice_num) do update set ${list(INVOICE_COLUMNS.map((c) => sql`${c} = excluded.${c}`))}
    where (${list(INVOICE_COLUMNS.map((c) => sql`t.${c}`))}) is distinct from (${list(INVOICE_COLUMNS.map((c) => sql`excluded.${c}`))})`,
    rows,
    ctx.skipped.invoices,
    { key: 'sys_invoice_num', table: 'import_new_invoices' },
  );
}

/**
 * Payments against an invoice carry the sign of their item (adjusting a credit note is a negative
 * payment, as in the seed); advances and on-account receipts go to receipts, with their customer.
 */
export async function applyPayments(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  const against = await upsert(
    ctx.db,
    sql`
    insert into payments as t (client_id, payment_ref, sys_invoice_num, paid_date, amount)
    select ${ctx.clientId}, s.payment_ref, s.sys_invoice_num, s.paid_date,
      case when i.doc_type = 'CREDIT_NOTE' then -s.amount else s.amount end
    from import_payments s join invoices i on i.client_id = ${ctx.clientId} and i.sys_invoice_num = s.sys_invoice_num
    where s.ok and s.kind = 'AGAINST'
    order by s.payment_ref
    on conflict (client_id, payment_ref) do update
      set sys_invoice_num = excluded.sys_invoice_num, paid_date = excluded.paid_date, amount = excluded.amount
    where (t.sys_invoice_num, t.paid_date, t.amount) is distinct from (excluded.sys_invoice_num, excluded.paid_date, excluded.amount)`,
    rows,
    ctx.skipped.payments,
  );
  const onAccount = await upsert(
    ctx.db,
    sql`
    insert into receipts as t (client_id, payment_ref, sys_obligor_code, kind, paid_date, amount)
    select ${ctx.clientId}, s.payment_ref, s.sys_obligor_code, s.kind, s.paid_date, s.amount
    from import_payments s where s.ok and s.kind <> 'AGAINST'
    order by s.payment_ref
    on conflict (client_id, payment_ref) do update
      set sys_obligor_code = excluded.sys_obligor_code, kind = excluded.kind, paid_date = excluded.paid_date, amount = excluded.amount
    where (t.sys_obligor_code, t.kind, t.paid_date, t.amount)
      is distinct from (excluded.sys_obligor_code, excluded.kind, excluded.paid_date, excluded.amount)`,
    0,
    0,
  );
  return {
    ...against,
    inserted: against.inserted + onAccount.inserted,
    updated: against.updated + onAccount.updated,
    unchanged: against.unchanged - onAccount.inserted - onAccount.updated,
  };
}

/** Allocations of receipts to invoices, by receipt, invoice and date (a restated one changes its amount). */
export function applyAllocations(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  return upsert(
    ctx.db,
    sql`
    insert into allocations as t (client_id, payment_ref, sys_invoice_num, allocated_date, amount)
    select ${ctx.clientId}, s.payment_ref, s.sys_invoice_num, s.allocated_date, s.amount
    from import_allocations s where s.ok
    order by s.payment_ref, s.sys_invoice_num, s.allocated_date
    on conflict (client_id, payment_ref, sys_invoice_num, allocated_date) do update set amount = excluded.amount
    where t.amount <> excluded.amount`,
    rows,
    ctx.skipped.allocations,
  );
}

/**
 * An invoice's instalments as the batch gives them: the batch's schedule replaces the stored one
 * of each invoice it names (instalments it no longer lists are removed, and count as updated).
 */
export async function applyInstalments(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  const { db, clientId } = ctx;
  const removed = await queryRow(
    db,
    sql`
    with gone as (
      delete from instalments t where t.client_id = ${clientId}
        and t.sys_invoice_num in (select sys_invoice_num from import_instalments where ok)
        and not exists (select 1 from import_instalments s where s.ok and s.sys_invoice_num = t.sys_invoice_num and s.due_date = t.due_date)
      returning 1)
    select count(*)::int as n from gone`,
    row({ n: col.int }),
  );
  const counts = await upsert(
    db,
    sql`
    insert into instalments as t (client_id, sys_invoice_num, due_date, amount)
    select ${clientId}, s.sys_invoice_num, s.due_date, s.amount from import_instalments s where s.ok
    order by s.sys_invoice_num, s.due_date
    on conflict (client_id, sys_invoice_num, due_date) do update set amount = excluded.amount
    where t.amount <> excluded.amount`,
    rows,
    ctx.skipped.instalments,
  );
  return { ...counts, updated: counts.updated + (removed?.n ?? 0) };
}

export const APPLY_ORDER: readonly ImportKind[] = [
  'obligors',
  'ratings',
  'invoices',
  'instalments',
  'payments',
  'allocations',
  'disputes',
  'cheques',
];
