/**
 * The import page's column guide and template files, made from the column definitions the import
 * itself checks against (KIND_COLUMNS), so the page, the template and the import cannot disagree.
 */
import { KIND_COLUMNS, type ImportKind } from './formats';

/** What one row of each file kind is, for the import page. */
export const KIND_TITLES: Record<ImportKind, string> = {
  obligors: 'Customers: one row per customer account, parents and their accounts',
  invoices: 'Invoices, credit notes and debit notes',
  instalments: 'Payment schedules: the instalments of an invoice, replacing its stored schedule',
  payments: 'Receipts: against a bill, an advance or on account',
  allocations: 'An advance or on-account receipt applied to an invoice',
  ratings: 'Risk ratings of customers, by date',
  disputes: 'Disputes of invoices: opened on a day, resolved on a later one or still open',
  cheques: 'The cheque register: cheques received (post-dated ones too), deposited, cleared or returned',
};

export interface ColumnGuide {
  name: string;
  required: boolean;
  format: string;
  example: string;
}

/** The columns of a file kind as the import page describes them (from the one definition above). */
export function columnGuide(kind: ImportKind): ColumnGuide[] {
  return KIND_COLUMNS[kind].map(({ name, required = false, format, example }) => ({ name, required, format, example }));
}

/** A CSV cell, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A template file of a kind: the header row and one example row that imports as it stands. */
export function templateCsv(kind: ImportKind): string {
  const columns = KIND_COLUMNS[kind];
  return `${columns.map((c) => c.name).join(',')}\r\n${columns.map((c) => csvCell(c.example)).join(',')}\r\n`;
}
