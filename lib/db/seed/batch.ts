/**
 * Streaming multi-row inserts. Rows are buffered and written a batch at a time, so a million
 * invoices never sit in memory at once, and each INSERT stays well under PostgreSQL's limit of
 * 65,535 bind parameters.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 2_000;

/** Row counts per table, reported in the seed summary. */
export type Counts = Record<string, number>;

export class BatchWriter<T extends PgTable> {
  private rows: T['$inferInsert'][] = [];
  private readonly batchSize: number;
  readonly name: string;

  constructor(
    private readonly db: Db,
    private readonly table: T,
    private readonly counts: Counts,
  ) {
    const columns = Object.keys(getTableColumns(table)).length;
    this.batchSize = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns)));
    this.name = getTableName(table);
    counts[this.name] ??= 0;
  }

  /** Buffers a row; writes a batch when the buffer is full. */
  async add(row: T['$inferInsert']): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const batch = this.rows;
    this.rows = [];
    await this.db.insert(this.table).values(batch as never);
    this.counts[this.name] = (this.counts[this.name] ?? 0) + batch.length;
  }
}

/** Inserts a whole (small or medium) list in batches. */
export async function insertAll<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  counts: Counts,
): Promise<void> {
  const writer = new BatchWriter(db, table, counts);
  for (const row of rows) await writer.add(row);
  await writer.flush();
}
