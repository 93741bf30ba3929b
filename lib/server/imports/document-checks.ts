/**
 * Checks of the batch's documents and money against each other and the stored ledger: receipts and
 * their allocations, notes raised against an invoice, instalments, and what settles an invoice
 * above its amount. Each is one SQL statement over the staging tables (see validate.ts); the last
 * first writes the batch's sums to a temporary table (`Check.prepare`).
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { duplicates, type Check } from './check';

/**
 * A column of an invoice as it is once the batch is in: the batch's row when it has one, else the
 * stored one (null when neither).
 */
export function finalInvoice(
  clientId: number,
  num: SQL,
  // Columns a stored invoice always has: `coalesce` cannot tell a batch row's null from no row.
  column: 'sys_obligor_code' | 'doc_type' | 'issue_date' | 'amount',
): SQL {
  const c = sql.identifier(column);
  return sql`coalesce((select b.${c} from import_invoices b where b.sys_invoice_num = ${num} and b.ok order by b.line limit 1),
    (select s.${c} from invoices s where s.client_id = ${clientId} and s.sys_invoice_num = ${num}))`;
}

/**
 * What is allocated from a receipt once the batch is in: stored allocations it does not restate,
 * and its own (`stored`: the stored ones only, which the receipt's own row is checked against; the
 * batch's are reported in allocations.csv).
 */
export function allocatedFrom(clientId: number, ref: SQL, only?: 'stored'): SQL {
  // Aliases of their own (x, y, s): `ref` names a column of the caller's row.
  const batch = only
    ? sql`0`
    : sql`coalesce((select sum(x.amount) from import_allocations x where x.payment_ref = ${ref} and x.ok), 0)`;
  return sql`(${batch}
    + coalesce((select sum(s.amount) from allocations s where s.client_id = ${clientId} and s.payment_ref = ${ref}
      and not exists (select 1 from import_allocations y where y.ok and y.payment_ref = s.payment_ref
        and y.sys_invoice_num = s.sys_invoice_num and y.allocated_date = s.allocated_date)), 0))`;
}

/**
 * allocations.csv: the receipt is an advance or on account (in the batch or stored), the invoice a
 * debt (not a credit note) of the receipt's customer, the date neither before the receipt nor
 * before the invoice, and a receipt's allocations within its amount.
 */
export function allocationChecks(clientId: number, ok: (alias: string) => SQL): Check[] {
  // The receipt as it is once the batch is in (its customer, day and amount), null when there is none.
  const receipt = sql`(
    select p.sys_obligor_code, p.paid_date, p.amount from import_payments p
      where p.payment_ref = a.payment_ref and p.kind <> 'AGAINST' and p.ok
    union all
    select r.sys_obligor_code, r.paid_date, r.amount from receipts r where r.client_id = ${clientId} and r.payment_ref = a.payment_ref
      and not exists (select 1 from import_payments p where p.payment_ref = a.payment_ref and p.ok)
    limit 1)`;
  return [
    duplicates('allocations', ['payment_ref', 'sys_invoice_num', 'allocated_date'], 'an allocation of', true),
    {
      kind: 'allocations',
      column: 'payment_ref',
      query: sql`select a.line, 'receipt ' || a.payment_ref || ' is not an advance or on-account receipt in payments nor stored' as reason
        from import_allocations a where a.payment_ref is not null${ok('a')}
          and not exists ${receipt}`,
    },
    {
      kind: 'allocations',
      column: 'sys_invoice_num',
      query: sql`select a.line, case when x.code is null then 'invoice ' || a.sys_invoice_num || ' is neither in invoices nor stored'
            when x.doc_type in ('CREDIT_NOTE', 'WRITE_OFF') then 'invoice ' || a.sys_invoice_num || ' is a ' || lower(replace(x.doc_type, '_', '-')) || ': a receipt pays debts'
            else 'invoice ' || a.sys_invoice_num || ' is of obligor ' || x.code || ', the receipt of ' || r.sys_obligor_code end as reason
        from import_allocations a
        cross join lateral (select ${finalInvoice(clientId, sql`a.sys_invoice_num`, 'sys_obligor_code')} as code,
          ${finalInvoice(clientId, sql`a.sys_invoice_num`, 'doc_type')} as doc_type) x
        left join lateral ${receipt} r on true
        where a.sys_invoice_num is not null${ok('a')}
          and (x.code is null or x.doc_type in ('CREDIT_NOTE', 'WRITE_OFF') or x.code <> r.sys_obligor_code)`,
    },
    {
      kind: 'allocations',
      column: 'allocated_date',
      query: sql`select a.line, 'allocated on ' || a.allocated_date || ', before ' || case when a.allocated_date < r.paid_date
            then 'the receipt of ' || r.paid_date else 'the invoice''s issue date ' || x.issued end as reason
        from import_allocations a
        cross join lateral (select ${finalInvoice(clientId, sql`a.sys_invoice_num`, 'issue_date')} as issued) x
        join lateral ${receipt} r on true
        where a.allocated_date is not null${ok('a')} and (a.allocated_date < r.paid_date or a.allocated_date < x.issued)`,
    },
    {
      kind: 'allocations',
      column: 'amount',
      query: sql`select line, 'allocations of receipt ' || payment_ref || ' total ' || applied || ', above its amount ' || amount as reason
        from (select a.line, a.payment_ref, r.amount, ${allocatedFrom(clientId, sql`a.payment_ref`)} as applied,
            row_number() over (partition by a.payment_ref order by a.line desc) as last
          from import_allocations a join lateral ${receipt} r on true where a.ok) x
        where last = 1 and applied > amount`,
    },
  ];
}

/**
 * invoices.csv's notes against an invoice: the invoice is an invoice (in the batch or stored) of the
 * note's customer, issued on or before the note; the note is then settled by being applied, so no
 * payment or allocation may name it (in the batch or stored).
 */
export function noteChecks(clientId: number, ok: (alias: string) => SQL): Check[] {
  return [
    {
      kind: 'invoices',
      column: 'against_sys_invoice_num',
      query: sql`select n.line, case when x.code is null then 'invoice ' || n.against_sys_invoice_num || ' is neither in invoices nor stored'
            when x.doc_type <> 'INVOICE' then n.against_sys_invoice_num || ' is a ' || lower(replace(x.doc_type, '_', ' ')) || ': a note is raised against an invoice'
            when x.code <> n.sys_obligor_code then 'invoice ' || n.against_sys_invoice_num || ' is of obligor ' || x.code || ', the note of ' || n.sys_obligor_code
            else 'the note of ' || n.issue_date || ' is dated before invoice ' || n.against_sys_invoice_num || ' of ' || x.issued end as reason
        from import_invoices n
        cross join lateral (select ${finalInvoice(clientId, sql`n.against_sys_invoice_num`, 'sys_obligor_code')} as code,
          ${finalInvoice(clientId, sql`n.against_sys_invoice_num`, 'doc_type')} as doc_type,
          ${finalInvoice(clientId, sql`n.against_sys_invoice_num`, 'issue_date')} as issued) x
        where n.against_sys_invoice_num is not null and n.against_sys_invoice_num <> n.sys_invoice_num${ok('n')}
          and (x.code is null or x.doc_type <> 'INVOICE' or x.code <> n.sys_obligor_code or n.issue_date < x.issued)`,
    },
    {
      kind: 'invoices',
      column: 'against_sys_invoice_num',
      query: sql`select n.line, 'note ' || n.sys_invoice_num || ' has payments or allocations recorded against it: record them against invoice '
          || n.against_sys_invoice_num || ' instead' as reason
        from import_invoices n where n.against_sys_invoice_num is not null${ok('n')} and (
          exists (select 1 from payments s where s.client_id = ${clientId} and s.sys_invoice_num = n.sys_invoice_num
            and not exists (select 1 from import_payments p where p.payment_ref = s.payment_ref))
          or exists (select 1 from allocations s where s.client_id = ${clientId} and s.sys_invoice_num = n.sys_invoice_num))`,
    },
    {
      kind: 'payments',
      column: 'sys_invoice_num',
      query: sql`select p.line, p.sys_invoice_num || ' is a note against invoice ' || n.against_sys_invoice_num
          || ': it is settled by being applied, so record the payment against that invoice' as reason
        from import_payments p join ${notesAgainst(clientId)} n on n.sys_invoice_num = p.sys_invoice_num
        where p.sys_invoice_num is not null${ok('p')}`,
    },
    {
      kind: 'allocations',
      column: 'sys_invoice_num',
      query: sql`select a.line, a.sys_invoice_num || ' is a note against invoice ' || n.against_sys_invoice_num
          || ': allocate the receipt to that invoice' as reason
        from import_allocations a join ${notesAgainst(clientId)} n on n.sys_invoice_num = a.sys_invoice_num
        where a.sys_invoice_num is not null${ok('a')}`,
    },
  ];
}

/**
 * The notes against an invoice once the batch is in, as (sys_invoice_num, against_sys_invoice_num):
 * the batch's (the first good row of a number, as finalInvoice reads it) and the stored ones it does
 * not restate. A ledger holds few, so a check joins them to its rows: looking up each of 800,000
 * payments' invoices in the batch and the ledger took 2.5 s.
 */
function notesAgainst(clientId: number): SQL {
  return sql`(select b.sys_invoice_num, b.against_sys_invoice_num from import_invoices b
      where b.ok and b.against_sys_invoice_num is not null
        and not exists (select 1 from import_invoices e where e.ok and e.sys_invoice_num = b.sys_invoice_num and e.line < b.line)
    union all
    select s.sys_invoice_num, s.against_sys_invoice_num from invoices s
      where s.client_id = ${clientId} and s.against_sys_invoice_num is not null
        and not exists (select 1 from import_invoices e where e.ok and e.sys_invoice_num = s.sys_invoice_num))`;
}

/**
 * instalments.csv: each names an invoice (in the batch or stored; not a credit or debit note), falls
 * due on or after its issue date, and an invoice's instalments in the batch (which replace its
 * stored ones) sum to its amount. A stored invoice restated with a new amount keeps its stored
 * instalments only if they still sum to it.
 */
export function instalmentChecks(clientId: number, ok: (alias: string) => SQL): Check[] {
  const invoice = (num: SQL) => ({
    type: finalInvoice(clientId, num, 'doc_type'),
    issued: finalInvoice(clientId, num, 'issue_date'),
    amount: sql`coalesce((select b.amount from import_invoices b where b.sys_invoice_num = ${num} and b.ok order by b.line limit 1),
      (select s.amount from invoices s where s.client_id = ${clientId} and s.sys_invoice_num = ${num}))`,
  });
  const of = invoice(sql`k.sys_invoice_num`);
  return [
    duplicates('instalments', ['sys_invoice_num', 'due_date'], 'an instalment of', true),
    {
      kind: 'instalments',
      column: 'sys_invoice_num',
      query: sql`select k.line, case when x.type is null then 'invoice ' || k.sys_invoice_num || ' is neither in invoices nor stored'
            else k.sys_invoice_num || ' is a ' || lower(replace(x.type, '_', ' ')) || ': only an invoice is payable in instalments' end as reason
        from import_instalments k cross join lateral (select ${of.type} as type) x
        where k.sys_invoice_num is not null${ok('k')} and (x.type is null or x.type <> 'INVOICE')`,
    },
    {
      kind: 'instalments',
      column: 'due_date',
      query: sql`select k.line, 'due on ' || k.due_date || ', before invoice ' || k.sys_invoice_num || ' was issued on ' || x.issued as reason
        from import_instalments k cross join lateral (select ${of.issued} as issued) x
        where k.due_date is not null${ok('k')} and k.due_date < x.issued`,
    },
    {
      kind: 'instalments',
      column: 'amount',
      query: sql`select line, 'instalments of invoice ' || sys_invoice_num || ' total ' || total || ', not its amount ' || amount as reason
        from (select max(k.line) as line, k.sys_invoice_num, sum(k.amount) as total, ${of.amount} as amount
          from import_instalments k where k.amount is not null${ok('k')} group by k.sys_invoice_num) x
        where amount is not null and total <> amount`,
    },
    {
      kind: 'invoices',
      column: 'amount',
      // The client's stored instalments summed once and joined (a lookup per invoice of a first load
      // of a million took 0.8 s, for a client without any instalment).
      query: sql`select i.line, 'amount ' || i.amount || ' differs from the ' || t.total || ' of its stored instalments: send its instalments too' as reason
        from import_invoices i
        join (select s.sys_invoice_num, sum(s.amount) as total from instalments s
          where s.client_id = ${clientId} group by s.sys_invoice_num) t on t.sys_invoice_num = i.sys_invoice_num
        where i.amount is not null${ok('i')} and t.total <> i.amount
          and not exists (select 1 from import_instalments k where k.sys_invoice_num = i.sys_invoice_num)`,
    },
  ];
}

/**
 * Settlements of an invoice above its amount once the batch is in: stored payments, allocations and
 * notes against it that the batch does not restate, plus the batch's (a credit note against it
 * settles it by its amount, a debit note adds to it). A stored invoice the batch restates is checked
 * too, so that a new amount below what is recorded against it is refused. The error is on the last
 * line of the invoice's rows in the file checked; an invoice without any there is not reported in it.
 *
 * Set-based: a first load checks most of a million invoices. The batch's sums per invoice go to an
 * analysed temporary table first: as a CTE the planner guessed 200 of them, spilled the aggregate to
 * disk and looked 800,000 invoices and their notes up one index probe at a time (6 s of a batch of
 * 800,000 payments).
 */
export function overpaidCheck(clientId: number, reportedIn: 'payments' | 'allocations' | 'invoices'): Check {
  const payments = sql`select sys_invoice_num, amount, line, 'payments' as kind from import_payments where ok and sys_invoice_num is not null`;
  const allocations = sql`select sys_invoice_num, amount, line, 'allocations' as kind from import_allocations where ok`;
  const notes = sql`select against_sys_invoice_num as sys_invoice_num, -amount as amount, line, 'invoices' as kind from import_invoices where ok and against_sys_invoice_num is not null`;
  // A stored invoice restated by the batch: its new amount against what is recorded against it.
  // Only invoices.csv reports it, so only its check reads every invoice of the batch.
  const invoices = sql`${notes} union all select s.sys_invoice_num, 0, s.line, 'invoices' from import_invoices s where s.ok
    and exists (select 1 from invoices i where i.client_id = ${clientId} and i.sys_invoice_num = s.sys_invoice_num)`;
  const reported = { payments, allocations, invoices }[reportedIn];
  // Only the invoices the file checked names are summed: a first load's 800,000 payments are not
  // summed again for its few notes (payments.csv names nearly all of them, so it sums them all).
  const named =
    reportedIn === 'payments' ? sql`` : sql`where sys_invoice_num in (select sys_invoice_num from (${reported}) r)`;
  const batch = sql`select sys_invoice_num, sum(amount) as total, max(line) filter (where kind = ${reportedIn}) as line from (
        ${payments} union all ${allocations} union all ${reportedIn === 'invoices' ? invoices : notes}
      ) b ${named} group by sys_invoice_num having bool_or(kind = ${reportedIn})`;
  return {
    kind: reportedIn,
    column: 'amount',
    prepare: [
      sql`drop table if exists import_overpaid_batch`,
      sql`create temporary table import_overpaid_batch on commit drop as ${batch}`,
      sql`analyze import_overpaid_batch`,
    ],
    query: sql`with batch_items as (
      select distinct on (sys_invoice_num) sys_invoice_num, abs(amount) as amount from import_invoices where ok order by sys_invoice_num, line),
    stored as (
      select sys_invoice_num, sum(amount) as total from (
        select s.sys_invoice_num, abs(s.amount) as amount
        from payments s join import_overpaid_batch b on b.sys_invoice_num = s.sys_invoice_num
        where s.client_id = ${clientId} and not exists (select 1 from import_payments p where p.payment_ref = s.payment_ref)
        union all
        select s.sys_invoice_num, s.amount
        from allocations s join import_overpaid_batch b on b.sys_invoice_num = s.sys_invoice_num
        where s.client_id = ${clientId} and not exists (select 1 from import_allocations a where a.payment_ref = s.payment_ref
          and a.sys_invoice_num = s.sys_invoice_num and a.allocated_date = s.allocated_date)
        union all
        select n.against_sys_invoice_num, -n.amount
        from invoices n join import_overpaid_batch b on b.sys_invoice_num = n.against_sys_invoice_num
        where n.client_id = ${clientId} and not exists (select 1 from import_invoices x where x.sys_invoice_num = n.sys_invoice_num)) s
      group by sys_invoice_num),
    checked as (
      select b.line, b.sys_invoice_num, b.total + coalesce(st.total, 0) as total, coalesce(bi.amount, abs(i.amount)) as amount
      from import_overpaid_batch b
      left join batch_items bi on bi.sys_invoice_num = b.sys_invoice_num
      left join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = b.sys_invoice_num
      left join stored st on st.sys_invoice_num = b.sys_invoice_num)
    select line, 'payments and notes against invoice ' || sys_invoice_num || ' total ' || total || ', above its amount ' || amount as reason
    from checked where amount is not null and total > amount`,
  };
}
