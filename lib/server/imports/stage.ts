import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { ImportKind, StagedRow } from './formats';

/**
 * Staging tables: the rows of the batch, typed, in temporary tables of the import's transaction
 * (dropped at commit or rollback). Validation and the upserts are then set-based SQL over them,
 * which is what keeps a million rows fast and out of the process's memory.
 */
const STAGE_DDL: Record<ImportKind, string> = {
  obligors: `line int not null, ok boolean not null, sys_obligor_code text, name text, parent_sys_obligor_code text,
    business_id text, credit_limit numeric(18,2), dim1 text, dim2 text, dim3 text, guest_email text,
    representative_email text, email text, phone text`,
  invoices: `line int not null, ok boolean not null, sys_invoice_num text, invoice_num text, sys_obligor_code text,
    doc_type text, issue_date date, due_date date, amount numeric(18,2), against_sys_invoice_num text, currency text`,
  instalments: `line int not null, ok boolean not null, sys_invoice_num text, due_date date, amount numeric(18,2)`,
  payments: `line int not null, ok boolean not null, payment_ref text, sys_invoice_num text, sys_obligor_code text,
    kind text, paid_date date, amount numeric(18,2)`,
  allocations: `line int not null, ok boolean not null, payment_ref text, sys_invoice_num text, amount numeric(18,2),
    allocated_date date`,
  ratings: `line int not null, ok boolean not null, sys_obligor_code text, rating_date date, rating smallint`,
};

const STAGE_INDEXES: Record<ImportKind, string[]> = {
  obligors: ['sys_obligor_code', 'parent_sys_obligor_code'],
  invoices: ['sys_invoice_num', 'sys_obligor_code', 'against_sys_invoice_num'],
  instalments: ['sys_invoice_num, due_date'],
  payments: ['payment_ref', 'sys_invoice_num'],
  allocations: ['payment_ref', 'sys_invoice_num'],
  ratings: ['sys_obligor_code, rating_date'],
};

export const stageTable = (kind: ImportKind) => sql.identifier(`import_${kind}`);

/**
 * Creates the staging tables (empty ones too: validation joins them all), the list of the items
 * the batch inserts (settled as they are written: the refresh leaves them alone) and of its
 * re-exported receipts.
 */
export async function createStageTables(db: Db): Promise<void> {
  for (const kind of Object.keys(STAGE_DDL) as ImportKind[]) {
    await db.execute(sql`create temporary table ${stageTable(kind)} (${sql.raw(STAGE_DDL[kind])}) on commit drop`);
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

// One JSON parameter per batch: no bind-parameter limit, one round trip per 5,000 rows.
const BATCH_ROWS = 5_000;

/**
 * Writes staged rows in batches. One batch is in flight while the next is parsed: the database
 * stores one while the process reads the next, and memory holds at most two batches.
 */
export class StageWriter {
  private rows: StagedRow[] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  count = 0;

  constructor(
    private readonly db: Db,
    private readonly kind: ImportKind,
  ) {}

  async add(row: StagedRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= BATCH_ROWS) await this.send();
  }

  /** Sends what is buffered and waits until every batch is stored (a failed one throws here). */
  async close(): Promise<void> {
    await this.send();
    await this.inFlight;
  }

  private async send(): Promise<void> {
    if (!this.rows.length) return;
    const json = JSON.stringify(this.rows);
    this.count += this.rows.length;
    this.rows = [];
    await this.inFlight;
    const table = stageTable(this.kind);
    // Promise.resolve runs the query once: a drizzle query is a thenable that runs again on every then.
    this.inFlight = Promise.resolve(
      this.db.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${json}::json)`),
    );
    // A failure is raised by the next send or by close; until then it must not count as unhandled.
    this.inFlight.catch(() => undefined);
  }
}
