import 'server-only';
import type { Readable } from 'node:stream';
import type { Db } from '@/lib/db/client';
import { csvRecords, CsvFormatError, type CsvRecord } from './csv';
import type { TImportError } from '@/lib/contract/imports';
import { convertRow, type ImportKind, type RowContext } from './formats';
import { planHeader } from './header-plan';
import { StageWriter } from './stage';
import { xlsxRecords } from './xlsx';

/** A file of the batch: a path on disk (CLI) or an uploaded part (API); opened once, streamed. */
export interface ImportSource {
  name: string;
  open(): Readable;
}

/** The report keeps the first errors; the count has them all. */
export const MAX_REPORTED_ERRORS = 500;

export class ErrorSink {
  readonly errors: TImportError[] = [];
  count = 0;
  /** Errors no skipping can mend (a file unreadable, a bad header, no files): the batch is refused. */
  fatal = 0;

  add(error: TImportError, fatal = false): void {
    this.count++;
    if (fatal) this.fatal++;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
  }
}

export interface FileSummary {
  name: string;
  kind: ImportKind;
  rows: number;
  /** Known columns present in the file: an absent optional column leaves stored values alone. */
  columns: string[];
}

async function* textChunks(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream) yield decoder.decode(chunk as Uint8Array, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new CsvFormatError(0, 'the file is not UTF-8 text (save it as "CSV UTF-8")');
    throw error;
  }
}

const isXlsx = (source: ImportSource) => source.name.toLowerCase().endsWith('.xlsx');

/** The file's records, CSV or the first sheet of an XLSX workbook (bank statements read them too). */
export function records(source: ImportSource): AsyncGenerator<CsvRecord[]> {
  const stream = source.open();
  return isXlsx(source) ? xlsxRecords(stream) : csvRecords(textChunks(stream));
}

/**
 * Streams one file into its staging table: header check, per-row checks, errors to the sink.
 * `onRows` reports progress every batch.
 */
export async function readIntoStage(
  db: Db,
  source: ImportSource,
  kind: ImportKind,
  ctx: RowContext,
  sink: ErrorSink,
  onRows?: (rows: number) => void,
): Promise<FileSummary> {
  const writer = new StageWriter(db, kind);
  let plan: ReturnType<typeof planHeader> | null = null;
  const summary: FileSummary = { name: source.name, kind, rows: 0, columns: [] };
  const fail = (line: number, reason: string) => {
    sink.add({ file: source.name, line, column: '', reason }, true);
    return summary;
  };
  const iterator = records(source);
  try {
    return await stageRecords();
  } finally {
    // Every path, a refused file's too, waits for the batches in flight before the caller goes on.
    await writer.close();
  }

  async function stageRecords(): Promise<FileSummary> {
    for (;;) {
      let next: IteratorResult<CsvRecord[]>;
      try {
        next = await iterator.next();
      } catch (error) {
        if (error instanceof CsvFormatError) return fail(error.line, error.message);
        // exceljs (unzip, XML) fails with plain errors on a file that is not a workbook.
        if (isXlsx(source))
          return fail(0, `not a readable XLSX workbook (${error instanceof Error ? error.message : String(error)})`);
        throw error;
      }
      if (next.done) break;
      for (const record of next.value) {
        if (!plan) {
          plan = planHeader(kind, record.fields);
          summary.columns = [...plan.index.keys()];
          if (plan.errors.length) {
            // Rows under an unreadable header mean nothing: report the header only.
            for (const reason of plan.errors) fail(record.line, reason);
            await iterator.return(undefined);
            return summary;
          }
          continue;
        }
        summary.rows++;
        await writer.add(
          convertRow(kind, plan, record.fields, record.line, ctx, (column, reason) =>
            sink.add({ file: source.name, line: record.line, column, reason }),
          ),
        );
      }
      onRows?.(summary.rows);
    }
    if (!plan) return fail(1, 'the file is empty (a header row is required)');
    return summary;
  }
}
