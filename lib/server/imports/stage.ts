import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, rowOf } from '@/lib/db/rows';
import { IMPORT_KINDS, type ImportKind, type StagedRow } from './formats';

/**
 * Staging tables: the rows of the batch, typed, in temporary tables of the import's transaction
 * (dropped at commit or rollback). Validation and the upserts are then set-based SQL over them,
 * which is what keeps a million rows fast and out of the process's memory. Columns in the order
 * the rows are copied in.
 */
const STAGE_COLUMNS: Record<ImportKind, [name: string, type: string][]> = {
  obligors: [
    ['sys_obligor_code', 'text'],
    ['name', 'text'],
    ['parent_sys_obligor_code', 'text'],
    ['business_id', 'text'],
    ['credit_limit', 'numeric(18,2)'],
    ['dim1', 'text'],
    ['dim2', 'text'],
    ['dim3', 'text'],
    ['guest_email', 'text'],
    ['representative_email', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['address', 'text'],
  ],
  invoices: [
    ['sys_invoice_num', 'text'],
    ['invoice_num', 'text'],
    ['sys_obligor_code', 'text'],
    ['doc_type', 'text'],
    ['issue_date', 'date'],
    ['due_date', 'date'],
    ['amount', 'numeric(18,2)'],
    ['taxable_amount', 'numeric(18,2)'],
    ['against_sys_invoice_num', 'text'],
    ['currency', 'text'],
  ],
  instalments: [
    ['sys_invoice_num', 'text'],
    ['due_date', 'date'],
    ['amount', 'numeric(18,2)'],
  ],
  payments: [
    ['payment_ref', 'text'],
    ['sys_invoice_num', 'text'],
    ['sys_obligor_code', 'text'],
    ['kind', 'text'],
    ['paid_date', 'date'],
    ['amount', 'numeric(18,2)'],
  ],
  allocations: [
    ['payment_ref', 'text'],
    ['sys_invoice_num', 'text'],
    ['amount', 'numeric(18,2)'],
    ['allocated_date', 'date'],
  ],
  cheques: [
    ['sys_obligor_code', 'text'],
    ['cheque_number', 'text'],
    ['bank_name', 'text'],
    ['cheque_date', 'date'],
    ['amount', 'numeric(18,2)'],
    ['sys_invoice_nums', 'text'],
    ['status', 'text'],
    ['received_date', 'date'],
    ['deposited_date', 'date'],
    ['cleared_date', 'date'],
    ['returned_date', 'date'],
    ['return_reason', 'text'],
  ],
  disputes: [
    ['sys_invoice_num', 'text'],
    ['opened_date', 'date'],
    ['reason', 'text'],
    ['amount', 'numeric(18,2)'],
    ['resolved_date', 'date'],
    ['outcome', 'text'],
  ],
  ratings: [
    ['sys_obligor_code', 'text'],
    ['rating_date', 'date'],
    ['rating', 'smallint'],
  ],
};

const STAGE_INDEXES: Record<ImportKind, string[]> = {
  obligors: ['sys_obligor_code', 'parent_sys_obligor_code'],
  invoices: ['sys_invoice_num', 'sys_obligor_code', 'against_sys_invoice_num'],
  instalments: ['sys_invoice_num, due_date'],
  payments: ['payment_ref', 'sys_invoice_num'],
  allocations: ['payment_ref', 'sys_invoice_num'],
  ratings: ['sys_obligor_code, rating_date'],
  disputes: ['sys_invoice_num, opened_date'],
  cheques: ['sys_obligor_code, cheque_number, bank_name'],
};

export const stageTable = (kind: ImportKind) => sql.identifier(`import_${kind}`);

/**
 * Creates the staging tables (empty ones too: validation joins them all), the list of the items
 * the batch inserts (settled as they are written: the refresh leaves them alone) and of its
 * re-exported receipts.
 */
export async function createStageTables(db: Db): Promise<void> {
  for (const kind of Object.keys(STAGE_COLUMNS) as ImportKind[]) {
    const columns = STAGE_COLUMNS[kind].map(([name, type]) => `${name} ${type}`).join(', ');
    await db.execute(
      sql`create temporary table ${stageTable(kind)} (line int not null, ok boolean not null, ${sql.raw(columns)}) on commit drop`,
    );
  }
  await db.execute(sql`create temporary table import_new_invoices (sys_invoice_num text primary key) on commit drop`);
  // Tally's re-exports of allocated receipts found in payments (re-exported-receipts.ts) and the rest of each to allocate.
  await db.execute(
    sql`create temporary table import_reexports (line int primary key, payment_ref text, sys_invoice_num text, rest numeric(18,2)) on commit drop`,
  );
}

/** Indexes and statistics once loaded: autovacuum never analyses temporary tables. */
export async function indexStageTables(db: Db): Promise<void> {
  for (const kind of Object.keys(STAGE_INDEXES) as ImportKind[]) {
    for (const [i, columns] of STAGE_INDEXES[kind].entries()) {
      await db.execute(
        sql`create index ${sql.identifier(`import_${kind}_${i}`)} on ${stageTable(kind)} (${sql.raw(columns)})`,
      );
    }
    await db.execute(sql`analyze ${stageTable(kind)}`);
  }
}

// One COPY per 5,000 rows: memory holds at most two batches of text.
const BATCH_ROWS = 5_000;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
}

/** PGlite's transaction (and PGlite itself) has exec(); a node-postgres client has not. */
function isPglite(client: object): client is PgliteTransaction {
  return 'exec' in client && 'query' in client;
}

/** A node-postgres connection of its own; a pool would run each statement on any of its connections. */
function isPgConnection(client: object): client is ClientBase {
  return 'query' in client && !client.constructor.name.includes('Pool');
}

/**
 * COPY ... FROM: PostgreSQL reads text rows five to six times faster than json_populate_recordset
 * (about 1 s against 5-6 s for a million invoices into a temporary table). node-postgres streams
 * them (pg-copy-streams); PGlite reads them from a blob. Staging tables are temporary, so this must
 * run on the transaction's own connection, never on a pool: the one drizzle's session holds.
 */
async function copyRows(db: Db, table: string, columns: string[], text: string): Promise<void> {
  const session = db._.session;
  const client: unknown = 'client' in session ? session.client : undefined;
  if (typeof client !== 'object' || client === null) throw new Error('staging rows needs the import transaction');
  const statement = `copy ${table} (${columns.join(', ')}) from`;
  if (isPglite(client)) {
    await client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  if (!isPgConnection(client)) throw new Error('staging rows needs the import transaction');
  const stream = client.query(copyFrom(`${statement} stdin`));
  await pipeline(Readable.from([text]), stream);
}

/**
 * Writes staged rows in batches. One batch is in flight while the next is parsed: the database
 * stores one while the process reads the next, and memory holds at most two batches.
 */
export class StageWriter {
  private lines: string[] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  private readonly columns: string[];
  count = 0;

  constructor(
    private readonly db: Db,
    private readonly kind: ImportKind,
  ) {
    this.columns = ['line', 'ok', ...STAGE_COLUMNS[kind].map(([name]) => name)];
  }

  async add(row: StagedRow): Promise<void> {
    this.lines.push(this.columns.map((column) => copyText(row[column])).join('\t'));
    if (this.lines.length >= BATCH_ROWS) await this.send();
  }

  /** Sends what is buffered and waits until every batch is stored (a failed one throws here). */
  async close(): Promise<void> {
    await this.send();
    await this.inFlight;
  }

  private async send(): Promise<void> {
    if (!this.lines.length) return;
    const text = `${this.lines.join('\n')}\n`;
    this.count += this.lines.length;
    this.lines = [];
    await this.inFlight;
    this.inFlight = copyRows(this.db, `import_${this.kind}`, this.columns, text);
    // A failure is raised by the next send or by close; until then it must not count as unhandled.
    this.inFlight.catch(() => undefined);
  }
}

/** Rows of each staging table marked not ok (by their format or by validation with skipBadRows). */
export async function skippedRows(db: Db): Promise<Record<ImportKind, number>> {
  const counts = IMPORT_KINDS.map(
    (kind) => sql`(select count(*) from ${stageTable(kind)} where not ok)::int as ${sql.identifier(kind)}`,
  );
  const skipped = await queryRow(db, sql`select ${sql.join(counts, sql`, `)}`, rowOf(IMPORT_KINDS, col.int));
  return skipped!;
}
