import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row, rowOf } from '@/lib/db/rows';
import { IMPORT_KINDS, type ImportKind } from './formats';
import { stageTable } from './stage';
import { MAX_REPORTED_ERRORS, type ErrorSink, type FileSummary } from './read-file';
import { duplicates, type Check } from './check';
import {
  allocatedFrom,
  allocationChecks,
  finalInvoice,
  instalmentChecks,
  noteChecks,
  overpaidCheck,
} from './document-checks';
import { reExportChecks, reportedLine } from './re-exported-receipts';
import { chequeChecks } from './cheque-import';

/**
 * The checks that need the whole batch or the stored data: duplicates within a file, references
 * to obligors and invoices (in the batch or stored), the one-level family rule, users named by
 * email, and the documents and money of document-checks.ts. Each is one SQL statement over the
 * staging tables, after the statements of its `prepare` if it has any.
 */
/**
 * The checks. `good`: only rows still good are checked and only they count as references, so
 * that a skipped row's dependants (an obligor's invoices, an invoice's payments) are found next.
 */
function checks(clientId: number, obligorColumns: Set<string>, good: boolean): Check[] {
  const ok = (alias: string) => (good ? sql.raw(` and ${alias}.ok`) : sql``);
  const storedObligor = (code: SQL) =>
    sql`exists (select 1 from obligors s where s.client_id = ${clientId} and s.sys_obligor_code = ${code})`;
  const batchObligor = (code: SQL) =>
    sql`exists (select 1 from import_obligors b where b.sys_obligor_code = ${code}${ok('b')})`;
  // The parent an obligor has once the batch is in: the file's when it lists the obligor, else the stored one.
  const finalParent = (code: SQL) => sql`(case when ${batchObligor(code)}
    then (select b.parent_sys_obligor_code from import_obligors b where b.sys_obligor_code = ${code}${ok('b')} order by b.line limit 1)
    else (select s.parent_sys_obligor_code from obligors s where s.client_id = ${clientId} and s.sys_obligor_code = ${code}) end)`;
  const list: Check[] = [
    duplicates('obligors', ['sys_obligor_code'], 'sys_obligor_code', good),
    duplicates('invoices', ['sys_invoice_num'], 'sys_invoice_num', good),
    duplicates('payments', ['payment_ref'], 'payment_ref', good),
    duplicates('ratings', ['sys_obligor_code', 'rating_date'], 'a rating of', good),
    {
      kind: 'invoices',
      column: 'sys_obligor_code',
      query: sql`select i.line, 'obligor ' || i.sys_obligor_code || ' is neither in obligors nor stored' as reason
        from import_invoices i where i.sys_obligor_code is not null${ok('i')}
          and not ${batchObligor(sql`i.sys_obligor_code`)} and not ${storedObligor(sql`i.sys_obligor_code`)}`,
    },
    {
      kind: 'ratings',
      column: 'sys_obligor_code',
      query: sql`select r.line, 'obligor ' || r.sys_obligor_code || ' is neither in obligors nor stored' as reason
        from import_ratings r where r.sys_obligor_code is not null${ok('r')}
          and not ${batchObligor(sql`r.sys_obligor_code`)} and not ${storedObligor(sql`r.sys_obligor_code`)}`,
    },
    {
      kind: 'payments',
      column: 'sys_invoice_num',
      query: sql`select p.line, 'invoice ' || p.sys_invoice_num || ' is neither in invoices nor stored' as reason
        from import_payments p where p.sys_invoice_num is not null${ok('p')}
          and not exists (select 1 from import_invoices b where b.sys_invoice_num = p.sys_invoice_num${ok('b')})
          and not exists (select 1 from invoices s where s.client_id = ${clientId} and s.sys_invoice_num = p.sys_invoice_num)`,
    },
    {
      kind: 'payments',
      column: 'sys_obligor_code',
      query: sql`select p.line, 'obligor ' || p.sys_obligor_code || ' is neither in obligors nor stored' as reason
        from import_payments p where p.sys_obligor_code is not null${ok('p')}
          and not ${batchObligor(sql`p.sys_obligor_code`)} and not ${storedObligor(sql`p.sys_obligor_code`)}`,
    },
    {
      kind: 'payments',
      column: 'sys_obligor_code',
      query: sql`select p.line, 'invoice ' || p.sys_invoice_num || ' is of obligor ' || x.code || ', not ' || p.sys_obligor_code as reason
        from import_payments p cross join lateral (select ${finalInvoice(clientId, sql`p.sys_invoice_num`, 'sys_obligor_code')} as code) x
        where p.sys_invoice_num is not null and p.sys_obligor_code is not null${ok('p')} and x.code <> p.sys_obligor_code`,
    },
    {
      // A payment against a bill stays one. (A stored advance or on-account receipt named against a
      // bill is Tally's re-export of its allocation: re-exported-receipts.ts has already rewritten it.)
      kind: 'payments',
      column: 'kind',
      query: sql`select p.line, 'payment_ref ' || p.payment_ref || ' is stored as a payment against an invoice: it cannot become an '
          || p.kind || ' receipt' as reason
        from import_payments p where p.kind <> 'AGAINST'${ok('p')}
          and exists (select 1 from payments s where s.client_id = ${clientId} and s.payment_ref = p.payment_ref)`,
    },
    ...reExportChecks(clientId, ok),
    overpaidCheck(clientId, 'payments'),
    overpaidCheck(clientId, 'allocations'),
    {
      kind: 'payments',
      column: 'amount',
      query: sql`select line, 'receipt ' || payment_ref || ' of ' || amount || ' is below the ' || applied || ' already allocated from it' as reason
        from (select p.line, p.payment_ref, p.amount, ${allocatedFrom(clientId, sql`p.payment_ref`, 'stored')} as applied
          from import_payments p where p.kind <> 'AGAINST' and p.amount is not null${ok('p')}) x
        where applied > amount`,
    },
    ...allocationChecks(clientId, ok),
    ...noteChecks(clientId, ok),
    ...instalmentChecks(clientId, ok),
    overpaidCheck(clientId, 'invoices'),
    ...disputeChecks(clientId, ok, good),
    ...chequeChecks(clientId, ok, good),
  ];
  for (const [column, label] of [
    ['guest_email', 'field officer'],
    ['representative_email', 'area sales manager'],
  ] as const) {
    if (!obligorColumns.has(column)) continue;
    list.push({
      kind: 'obligors',
      column,
      query: sql`select o.line, 'no ${sql.raw(label)} with email ' || o.${sql.identifier(column)} || ' among the users of this client' as reason
        from import_obligors o where o.${sql.identifier(column)} is not null${ok('o')}
          and not exists (select 1 from users u where u.client_id = ${clientId} and lower(u.email) = o.${sql.identifier(column)})`,
    });
  }
  if (obligorColumns.has('parent_sys_obligor_code')) {
    list.push(
      {
        kind: 'obligors',
        column: 'parent_sys_obligor_code',
        query: sql`select o.line, 'parent obligor ' || o.parent_sys_obligor_code || ' is neither in the file nor stored' as reason
          from import_obligors o where o.parent_sys_obligor_code is not null${ok('o')}
            and not ${batchObligor(sql`o.parent_sys_obligor_code`)} and not ${storedObligor(sql`o.parent_sys_obligor_code`)}`,
      },
      {
        kind: 'obligors',
        column: 'parent_sys_obligor_code',
        query: sql`select line, 'parent obligor ' || parent || ' is itself a child of ' || grandparent || ': a family has one level' as reason
          from (select o.line, o.parent_sys_obligor_code as parent, ${finalParent(sql`o.parent_sys_obligor_code`)} as grandparent
            from import_obligors o where o.parent_sys_obligor_code is not null${ok('o')}) x where grandparent is not null`,
      },
      {
        kind: 'obligors',
        column: 'parent_sys_obligor_code',
        query: sql`select o.line, 'obligor ' || o.sys_obligor_code || ' has child obligors, so it cannot have a parent' as reason
          from import_obligors o where o.parent_sys_obligor_code is not null${ok('o')} and (
            exists (select 1 from import_obligors c where c.parent_sys_obligor_code = o.sys_obligor_code${ok('c')})
            or exists (select 1 from obligors c where c.client_id = ${clientId} and c.parent_sys_obligor_code = o.sys_obligor_code
              and not ${batchObligor(sql`c.sys_obligor_code`)}))`,
      },
    );
  }
  return list;
}

/**
 * disputes.csv: one dispute per invoice and opened day; the invoice (in the batch or stored) is an
 * invoice or a debit note, issued by the opened day, owing at least the disputed amount; a resolved
 * dispute has its outcome and was resolved on or after its opening, an open one has neither.
 */
function disputeChecks(clientId: number, ok: (alias: string) => SQL, good: boolean): Check[] {
  const of = (column: 'doc_type' | 'issue_date' | 'amount') => finalInvoice(clientId, sql`d.sys_invoice_num`, column);
  return [
    duplicates('disputes', ['sys_invoice_num', 'opened_date'], 'a dispute of', good),
    {
      kind: 'disputes',
      column: 'sys_invoice_num',
      query: sql`select d.line, case when x.type is null then 'invoice ' || d.sys_invoice_num || ' is neither in invoices nor stored'
          else d.sys_invoice_num || ' is a credit note: only an invoice or a debit note is disputed' end as reason
        from import_disputes d cross join lateral (select ${of('doc_type')} as type) x
        where d.sys_invoice_num is not null${ok('d')} and (x.type is null or x.type in ('CREDIT_NOTE', 'WRITE_OFF'))`,
    },
    {
      kind: 'disputes',
      column: 'opened_date',
      query: sql`select d.line, 'opened ' || d.opened_date || ', before invoice ' || d.sys_invoice_num || ' was issued on ' || x.issued as reason
        from import_disputes d cross join lateral (select ${of('issue_date')} as issued) x
        where d.opened_date is not null${ok('d')} and d.opened_date < x.issued`,
    },
    {
      kind: 'disputes',
      column: 'amount',
      query: sql`select d.line, 'amount ' || d.amount || ' is above the ' || x.amount || ' of invoice ' || d.sys_invoice_num as reason
        from import_disputes d cross join lateral (select ${of('amount')} as amount) x
        where d.amount is not null${ok('d')} and d.amount > x.amount`,
    },
    {
      kind: 'disputes',
      column: 'resolved_date',
      query: sql`select d.line, 'resolved ' || d.resolved_date || ', before it was opened on ' || d.opened_date as reason
        from import_disputes d where d.resolved_date < d.opened_date${ok('d')}`,
    },
    {
      kind: 'disputes',
      column: 'outcome',
      query: sql`select d.line, case when d.outcome is null then 'a resolved dispute needs its outcome'
          else 'an outcome needs the resolved date' end as reason
        from import_disputes d where (d.outcome is null) <> (d.resolved_date is null)${ok('d')}`,
    },
  ];
}

/** The kinds whose staging table holds rows (allocations may come from payments.csv's re-exports). */
async function stagedKinds(db: Db): Promise<Set<ImportKind>> {
  const staged = IMPORT_KINDS.map((kind) => sql`exists (select 1 from ${stageTable(kind)}) as ${sql.identifier(kind)}`);
  const found = await queryRow(db, sql`select ${sql.join(staged, sql`, `)}`, rowOf(IMPORT_KINDS, col.bool));
  return new Set(IMPORT_KINDS.filter((kind) => found?.[kind]));
}

/** Rounds of skipping: each finds the dependants of the rows the previous one skipped. */
const MAX_SKIP_ROUNDS = 10;

/**
 * Runs every check; errors go to the sink with the file name of their kind. With `skipBadRows`
 * every offending row is marked not ok (format errors already are), and the checks run again over
 * the good rows until none is found: what is left is a consistent batch of good rows.
 */
export async function validateStaged(
  db: Db,
  clientId: number,
  files: FileSummary[],
  sink: ErrorSink,
  skipBadRows = false,
): Promise<void> {
  const staged = await stagedKinds(db);
  const fileOf = new Map(files.map((f) => [f.kind, f.name]));
  const obligorColumns = new Set(files.find((f) => f.kind === 'obligors')?.columns ?? []);
  for (let round = 1; round <= (skipBadRows ? MAX_SKIP_ROUNDS : 1); round++) {
    let found = 0;
    for (const check of checks(clientId, obligorColumns, skipBadRows)) {
      // Allocations come from allocations.csv or from payments.csv (a re-exported receipt's).
      const file = fileOf.get(check.kind) ?? (check.kind === 'allocations' ? '' : undefined);
      // Every check reports rows of its kind's staging table: an empty one has nothing to report.
      if (file === undefined || !staged.has(check.kind)) continue;
      for (const statement of check.prepare ?? []) await db.execute(statement);
      const rows = await queryRows(
        db,
        sql`
        select line, reason, count(*) over ()::int as total from (${check.query}) c order by line limit ${MAX_REPORTED_ERRORS}`,
        row({ line: col.int, reason: col.text, total: col.int }),
      );
      for (const row of rows) {
        const from = reportedLine(check.kind, row.line);
        sink.add(
          from
            ? { file: fileOf.get(from.kind) ?? '', line: from.line, column: 'sys_invoice_num', reason: row.reason }
            : { file, line: row.line, column: check.column, reason: row.reason },
        );
      }
      // Errors past the report's limit are counted, not listed.
      const total = rows[0]?.total ?? 0;
      if (total > rows.length) sink.count += total - rows.length;
      found += total;
      if (skipBadRows && total) {
        await db.execute(
          sql`update ${sql.identifier(`import_${check.kind}`)} set ok = false where line in (select line from (${check.query}) c)`,
        );
      }
    }
    if (!found) return;
  }
  if (skipBadRows)
    sink.add(
      {
        file: '',
        line: 0,
        column: '',
        reason: `rows kept failing after ${MAX_SKIP_ROUNDS} rounds of skipping: correct the files`,
      },
      true,
    );
}
