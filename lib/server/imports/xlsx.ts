/**
 * Reads the first worksheet of an XLSX workbook as rows of text: the same records the CSV reader
 * yields, so both formats share one import path. The sheet's XML is parsed as it inflates (exceljs's
 * worksheet reader), row by row; the archive is opened through its central directory (JSZip).
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { z } from 'zod';
import { CsvFormatError, type CsvRecord } from './csv';

const BATCH = 1000;
/** Excel's own limits: a cell holds at most 32,767 characters, a sheet at most 1,048,576 rows. */
export const MAX_CELL_CHARS = 32_767;
export const MAX_SHEET_ROWS = 1_048_576;

/** The text a finance user sees in the cell: dates as YYYY-MM-DD, formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
  }
  return String(value);
}

/**
 * The part parsers of exceljs's streaming WorkbookReader (4.4), called in the order a sheet needs
 * them. Its own `parse()` walks the zip in stored order through unzipper's streaming parser, which
 * ends early now and then (the writable side finishes before the last entries are read: exceljs
 * issues 683 and 3064) and drops the parts after the sheets: the shared strings then come out as
 * `{ sharedString: n }` and a header of text reads as "[object Object]". Reading the parts by name
 * from the central directory, the relations, workbook, shared strings and styles always come first.
 * They exist on the reader but not in exceljs's types, so they are declared here.
 */
declare module 'exceljs' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- declares into exceljs's own namespace what its types leave out
  namespace stream.xlsx {
    interface WorkbookReader {
      _parseRels(entry: Readable): Promise<void>;
      _parseWorkbook(entry: Readable): Promise<void>;
      _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
      _parseStyles(entry: Readable): Promise<void>;
      _parseWorksheet(
        iterator: AsyncIterable<unknown>,
        sheetNo: string,
      ): Generator<{ eventType: string; value: unknown }>;
      /** The workbook's relations, once _parseRels has read them. */
      workbookRels?: { Id: string; Target: string }[];
    }
  }
}

/** The reader's model once _parseWorkbook has read it: its tabs in order, each by its relation id. */
const ParsedWorkbook = z.object({ sheets: z.array(z.object({ rId: z.string() })).min(1) });

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The first tab's part: by the workbook's sheet order, else the lowest numbered sheet part. */
function firstSheetPath(zip: JSZip, reader: ExcelJS.stream.xlsx.WorkbookReader): string | undefined {
  const first = ParsedWorkbook.safeParse(reader.model).data?.sheets[0];
  const target = first && reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (zip.file(path)) return path;
  }
  return Object.keys(zip.files)
    .filter((name) => SHEET_PATH.test(name))
    .sort((a, b) => Number(SHEET_PATH.exec(a)![1]) - Number(SHEET_PATH.exec(b)![1]))[0];
}

async function bytesOf(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function* xlsxRecords(input: Readable): AsyncGenerator<CsvRecord[]> {
  // The compressed workbook is held in memory (an upload already is); its sheet is not.
  const zip = await JSZip.loadAsync(await bytesOf(input));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const part = (name: string) => zip.file(name)?.nodeStream('nodebuffer') as Readable | undefined;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels);
  const book = part('xl/workbook.xml');
  if (book) await reader._parseWorkbook(book);
  else Object.assign(reader, { model: { sheets: [] } });
  // A workbook of numbers only has no shared strings; the reader then needs an empty table.
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  else Object.assign(reader, { sharedStrings: [] });
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const sheetPath = firstSheetPath(zip, reader);
  if (!sheetPath) return;
  const sheetNo = SHEET_PATH.exec(sheetPath)?.[1] ?? '1';
  for (const { eventType, value } of reader._parseWorksheet(part(sheetPath)!, sheetNo)) {
    if (eventType !== 'worksheet') continue;
    yield* sheetRecords(value as AsyncIterable<ExcelJS.Row>);
  }
}

async function* sheetRecords(worksheet: AsyncIterable<ExcelJS.Row>): AsyncGenerator<CsvRecord[]> {
  let out: CsvRecord[] = [];
  for await (const row of worksheet) {
    // row.values is 1-based and sparse: index 0 is unused, empty cells are holes.
    const values = row.values as unknown[];
    if (row.number > MAX_SHEET_ROWS) throw new CsvFormatError(row.number, `a sheet has at most ${MAX_SHEET_ROWS} rows`);
    const fields: string[] = [];
    for (let i = 1; i < values.length; i++) {
      const text = cellText(values[i]);
      if (text.length > MAX_CELL_CHARS) {
        throw new CsvFormatError(
          row.number,
          `a cell holds at most ${MAX_CELL_CHARS.toLocaleString('en-IN')} characters`,
        );
      }
      fields.push(text.trim());
    }
    if (fields.every((f) => f === '')) continue;
    out.push({ line: row.number, fields });
    if (out.length >= BATCH) {
      yield out;
      out = [];
    }
  }
  if (out.length) yield out;
}
