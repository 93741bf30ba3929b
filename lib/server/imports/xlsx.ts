/**
 * Reads the first worksheet of an XLSX workbook as rows of text, streaming (exceljs's
 * WorkbookReader): the same records the CSV reader yields, so both formats share one import path.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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

export async function* xlsxRecords(input: Readable): AsyncGenerator<CsvRecord[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  // exceljs names a sheet from the workbook part (xl/workbook.xml); when a writer zipped the sheet
  // before that part, it reads `model.sheets` of a model it has not built yet and throws. We read the
  // first sheet whatever its name: an empty model until the real one arrives is all it needs.
  Object.assign(reader, { model: { sheets: [] } });
  for await (const worksheet of reader) {
    let out: CsvRecord[] = [];
    for await (const row of worksheet) {
      // row.values is 1-based and sparse: index 0 is unused, empty cells are holes.
      const values = row.values as unknown[];
      if (row.number > MAX_SHEET_ROWS)
        throw new CsvFormatError(row.number, `a sheet has at most ${MAX_SHEET_ROWS} rows`);
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
    return; // only the first worksheet holds the data
  }
}
