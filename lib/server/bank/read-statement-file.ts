import 'server-only';
import { readStatement, type StatementRead, type StatementRow } from '@/lib/domain/bank-statement';
import type { ColumnMapping } from '@/lib/domain/bank-statement-columns';
import { CsvFormatError } from '@/lib/server/imports/csv';
import { records, type ImportSource } from '@/lib/server/imports/read-file';

/**
 * A statement holds a month or a year of one account: it is read whole (the running balance is
 * checked across all of it) through the readers of the ERP imports, CSV or the first sheet of an
 * XLSX workbook. Far above the 10,000 credit lines a large client's month brings.
 */
export const MAX_STATEMENT_ROWS = 200_000;

const isXlsx = (name: string) => name.toLowerCase().endsWith('.xlsx');

/** Reads a statement file into its lines, or the problems that refuse it (each with its line). */
export async function readStatementFile(source: ImportSource, mapping?: ColumnMapping): Promise<StatementRead> {
  const refuse = (line: number, reason: string): StatementRead => ({
    ok: false,
    problems: [{ line, column: '', reason }],
  });
  if (!/\.(csv|xlsx)$/i.test(source.name)) return refuse(0, 'a bank statement is a CSV or an XLSX file');
  const rows: StatementRow[] = [];
  try {
    for await (const batch of records(source)) {
      rows.push(...batch);
      if (rows.length > MAX_STATEMENT_ROWS)
        return refuse(
          0,
          `a statement has at most ${MAX_STATEMENT_ROWS.toLocaleString('en-IN')} rows; split it by month`,
        );
    }
  } catch (error) {
    if (error instanceof CsvFormatError) return refuse(error.line, error.message);
    // exceljs (unzip, XML) fails with plain errors on a file that is not a workbook.
    if (isXlsx(source.name))
      return refuse(0, `not a readable XLSX workbook (${error instanceof Error ? error.message : String(error)})`);
    throw error;
  }
  return readStatement(rows, mapping);
}
