import 'server-only';
import { neutralisedText } from '@/lib/domain/spreadsheet-text';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { COUNT_FORMAT, DATE_FORMAT, DAYS_FORMAT, excelDate, PERCENT_FORMAT } from './excel-format';

export type ColumnKind = 'text' | 'money' | 'date' | 'count' | 'percent' | 'days';

export interface ReportColumn<R> {
  header: string;
  kind: ColumnKind;
  value: (row: R) => string | number | null | undefined;
  width?: number;
  /** Money and count columns are summed in the total row; a function gives any other total (a ratio). */
  total?: boolean | ((sums: Record<string, number>) => number | null);
}

export interface ReportSheet<R> {
  name: string;
  /** One line under the title: what the figures are (basis, currency, filters). */
  subtitle: string;
  columns: ReportColumn<R>[];
  /** Rows arrive in pages (or from a cursor) and are written and released one at a time. */
  rows: AsyncIterable<R>;
  /** The first cell of the total row ('Total' unless given). */
  totalLabel?: string;
}

export interface WorkbookMeta {
  clientName: string;
  reportName: string;
  asOf: string;
  asOfLabel: string;
  moneyFormat: string;
}

const HEADER_ROW = 3;
const WIDTHS: Record<ColumnKind, number> = { text: 28, money: 18, date: 13, count: 10, percent: 12, days: 10 };

function formatOf(kind: ColumnKind, money: string): string | undefined {
  return { money, date: DATE_FORMAT, count: COUNT_FORMAT, percent: PERCENT_FORMAT, days: DAYS_FORMAT, text: undefined }[
    kind
  ];
}

function columnLetter(index: number): string {
  let n = index;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * One sheet: a title row (client, report, as-of date), a subtitle, a bold header row that stays
 * frozen with an autofilter, typed cells (amounts in the client's currency format, real dates) and
 * a total row of SUBTOTAL formulas that carry their computed result (so a filter in Excel keeps the
 * totals right, and a reader without a calculation engine still sees them). Each row is committed
 * as soon as it is written, so memory does not grow with the number of rows.
 */
async function writeSheet<R>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  meta: WorkbookMeta,
  sheet: ReportSheet<R>,
  pace: () => Promise<void>,
) {
  const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: HEADER_ROW, xSplit: 0 }] });
  const n = sheet.columns.length;
  ws.columns = sheet.columns.map((c) => ({ width: c.width ?? WIDTHS[c.kind] }));
  const title = ws.addRow([neutralisedText(`${meta.clientName} · ${meta.reportName} · as of ${meta.asOfLabel}`)]);
  title.font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, Math.max(n, 2));
  title.commit();
  const subtitle = ws.addRow([neutralisedText(sheet.subtitle)]);
  subtitle.font = { italic: true, color: { argb: 'FF64748B' } };
  ws.mergeCells(2, 1, 2, Math.max(n, 2));
  subtitle.commit();
  const header = ws.addRow(sheet.columns.map((c) => c.header));
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell, col) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A5F' } };
    cell.alignment = {
      horizontal: sheet.columns[col - 1]!.kind === 'text' ? 'left' : 'right',
      vertical: 'middle',
      wrapText: true,
    };
  });
  header.commit();

  // One style object per column, shared by every cell of it and never changed: ExcelJS remembers
  // the style id of an object it has seen (a WeakMap), where a style set cell by cell (or the empty
  // one each new cell gets) is rendered to XML and looked up again for each cell, a third of the
  // time of a long sheet.
  const styles = sheet.columns.map((c): Partial<ExcelJS.Style> => {
    const numFmt = formatOf(c.kind, meta.moneyFormat);
    return numFmt ? { numFmt } : {};
  });
  // Sums in paise (integers) so a long column adds up exactly.
  const cents = new Array<number>(n).fill(0);
  let last = HEADER_ROW;
  for await (const record of sheet.rows) {
    const values = sheet.columns.map((c) => {
      const v = c.value(record);
      if (v == null || v === '') return null;
      return c.kind === 'date' ? excelDate(String(v)) : c.kind === 'text' ? neutralisedText(String(v)) : Number(v);
    });
    const row = ws.addRow(values);
    sheet.columns.forEach((c, i) => {
      row.getCell(i + 1).style = styles[i]!;
      if (c.kind === 'money' || c.kind === 'count') cents[i]! += Math.round(Number(values[i] ?? 0) * 100);
    });
    row.commit();
    last += 1;
    await pace();
  }

  if (sheet.columns.some((c) => c.total)) {
    const sums = Object.fromEntries(sheet.columns.map((c, i) => [c.header, cents[i]! / 100]));
    const totals = ws.addRow(
      sheet.columns.map((c, i) => {
        if (i === 0) return sheet.totalLabel ?? 'Total';
        if (!c.total) return null;
        const result = typeof c.total === 'function' ? c.total(sums) : cents[i]! / 100;
        if (result == null) return null;
        const letter = columnLetter(i + 1);
        return typeof c.total === 'function'
          ? result
          : { formula: `SUBTOTAL(109,${letter}${HEADER_ROW + 1}:${letter}${Math.max(last, HEADER_ROW + 1)})`, result };
      }),
    );
    totals.font = { bold: true };
    sheet.columns.forEach((c, i) => {
      const fmt = formatOf(c.kind, meta.moneyFormat);
      const cell = totals.getCell(i + 1);
      if (fmt && i > 0) cell.numFmt = fmt;
      cell.border = { top: { style: 'thin' }, bottom: { style: 'double' } };
    });
    totals.commit();
  }
  // The filter covers the header and the data rows, not the total row.
  ws.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: Math.max(last, HEADER_ROW), column: n } };
  ws.commit();
}

/** Rows written between two turns of the event loop (when the zip and the output get to move). */
const ROWS_PER_TURN = 500;

/**
 * Waits while the reader is behind: ExcelJS hands each committed row on to the zip without asking
 * whether the output can take it, so a slow download would otherwise pile the rest of the sheet up
 * in memory. Every few hundred rows the writer lets the event loop turn (rows from memory or from a
 * fetched batch would otherwise be written in one go before the zip compresses any of them); when the
 * output is then full it waits for it to drain; when the reader has gone (a cancelled download) it
 * stops, so the remaining rows are not read from the database for nothing.
 */
function pacer(out: PassThrough): () => Promise<void> {
  let rows = 0;
  const settled = () => (out.destroyed ? Promise.reject(new DownloadCancelled()) : Promise.resolve());
  const drained = () =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        if (out.destroyed) reject(new DownloadCancelled());
        else resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  return async () => {
    rows += 1;
    if (rows % ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (out.destroyed || !out.writableNeedDrain) return settled();
    return drained();
  };
}

/** The reader went away before the end: not an error of the report. */
export class DownloadCancelled extends Error {
  constructor() {
    super('download cancelled by the reader');
  }
}

/**
 * A workbook written straight into the response: the sheets are produced one after the other
 * into a zip stream, which the browser receives while later rows are still being read, no faster
 * than it reads them.
 */
export function workbookStream(
  meta: WorkbookMeta,
  // Sheets of different row types in one workbook: each sheet's columns are typed where it is built.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sheets: () => AsyncIterable<ReportSheet<any>> | Iterable<ReportSheet<any>>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.clientName;
  workbook.title = `${meta.reportName} as of ${meta.asOf}`;
  const pace = pacer(out);
  (async () => {
    for await (const sheet of sheets()) await writeSheet(workbook, meta, sheet, pace);
    await workbook.commit();
  })().catch((error: unknown) => {
    if (error instanceof DownloadCancelled) return;
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/**
 * `rows` with its first step taken now: a later sheet's first read runs in the database while the
 * sheets before it are written. A failure of that read surfaces when the sheet is written.
 */
export function readAhead<R>(rows: AsyncIterable<R>): AsyncIterable<R> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = iterator.next();
  first.catch(() => undefined); // awaited below: not an unhandled rejection meanwhile
  return {
    async *[Symbol.asyncIterator]() {
      for (let step = await first; !step.done; step = await iterator.next()) yield step.value;
    },
  };
}

/** Pages of a paged service, one row at a time: only one page is in memory. */
export async function* pagedRows<R>(
  fetchPage: (page: number) => Promise<{ rows: R[]; total: number }>,
  pageSize: number,
): AsyncIterable<R> {
  for (let page = 1; ; page += 1) {
    const { rows, total } = await fetchPage(page);
    yield* rows;
    if (rows.length < pageSize || page * pageSize >= total) return;
  }
}
