/**
 * The file kinds of an import batch, their columns, and the per-row checks that need no
 * database (required fields, formats). Each good row becomes a staged row keyed by column name.
 */
import { IMPORT_KINDS, type TImportKind } from '@/lib/contract/imports';
import { parseAmount, parseDate, parseDocType, parseEmail, parseRating, parseReceiptKind, type Parsed } from './values';

export { IMPORT_KINDS };
export type ImportKind = TImportKind;

interface ColumnSpec {
  name: string;
  required?: boolean;
  /** Converts a non-empty cell; the staged value goes to the column of the same name. */
  parse?: (text: string, ctx: RowContext) => Parsed<string | number>;
}

export interface RowContext {
  currency: string;
}

const text =
  (max: number) =>
  (value: string): Parsed<string> =>
    value.length <= max ? { ok: true, value } : { ok: false, reason: `longer than ${max} characters` };
const date = (value: string) => parseDate(value);
const positive = (value: string) => parseAmount(value, { positive: true });

export const KIND_COLUMNS: Record<ImportKind, ColumnSpec[]> = {
  obligors: [
    { name: 'sys_obligor_code', required: true, parse: text(64) },
    { name: 'name', required: true, parse: text(200) },
    { name: 'parent_sys_obligor_code', parse: text(64) },
    { name: 'business_id', parse: text(64) },
    { name: 'credit_limit', parse: (v) => parseAmount(v, { positive: false }) },
    { name: 'dim1', parse: text(100) },
    { name: 'dim2', parse: text(100) },
    { name: 'dim3', parse: text(100) },
    { name: 'guest_email', parse: parseEmail },
    { name: 'representative_email', parse: parseEmail },
    { name: 'email', parse: parseEmail },
    { name: 'phone', parse: text(40) },
  ],
  invoices: [
    { name: 'sys_invoice_num', required: true, parse: text(64) },
    { name: 'invoice_num', required: true, parse: text(64) },
    { name: 'sys_obligor_code', required: true, parse: text(64) },
    { name: 'doc_type', parse: parseDocType },
    { name: 'issue_date', required: true, parse: date },
    { name: 'due_date', parse: date },
    { name: 'amount', required: true, parse: positive },
    // A credit or debit note raised against an invoice of the same customer: it changes that invoice.
    { name: 'against_sys_invoice_num', parse: text(64) },
    {
      name: 'currency',
      parse: (v, ctx) =>
        v.toUpperCase() === ctx.currency
          ? { ok: true, value: ctx.currency }
          : { ok: false, reason: `"${v}" is not the client's currency ${ctx.currency}` },
    },
  ],
  // An invoice's payment schedule: its instalments, each due on its own date, summing to its amount.
  instalments: [
    { name: 'sys_invoice_num', required: true, parse: text(64) },
    { name: 'due_date', required: true, parse: date },
    { name: 'amount', required: true, parse: positive },
  ],
  // A receipt: against an invoice (settles it on its day), or an advance or on account (belongs to the
  // customer until allocations.csv applies it to invoices).
  payments: [
    { name: 'payment_ref', required: true, parse: text(64) },
    { name: 'sys_invoice_num', parse: text(64) },
    { name: 'sys_obligor_code', parse: text(64) },
    { name: 'kind', parse: parseReceiptKind },
    { name: 'paid_date', required: true, parse: date },
    { name: 'amount', required: true, parse: positive },
  ],
  // Part of an advance or on-account receipt applied to an invoice of its customer from a date.
  allocations: [
    { name: 'payment_ref', required: true, parse: text(64) },
    { name: 'sys_invoice_num', required: true, parse: text(64) },
    { name: 'amount', required: true, parse: positive },
    { name: 'allocated_date', required: true, parse: date },
  ],
  ratings: [
    { name: 'sys_obligor_code', required: true, parse: text(64) },
    { name: 'rating_date', required: true, parse: date },
    { name: 'rating', required: true, parse: parseRating },
  ],
};

/** The file kind from its name: obligors.csv, Invoices.xlsx, payments-2026-11.csv ... */
export function kindOfFile(name: string): ImportKind | null {
  const base = name.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (!/\.(csv|xlsx)$/.test(base)) return null;
  return (
    IMPORT_KINDS.find(
      (k) => base === `${k}.csv` || base === `${k}.xlsx` || base.startsWith(`${k}-`) || base.startsWith(`${k}_`),
    ) ?? null
  );
}

export interface HeaderPlan {
  /** Column index in the file of each known column present. */
  index: Map<string, number>;
  /** Cells in the header row. */
  width: number;
  errors: string[];
}

/** Maps the header row; unknown, repeated and missing required columns are errors naming them. */
export function planHeader(kind: ImportKind, header: string[]): HeaderPlan {
  const specs = KIND_COLUMNS[kind];
  const known = new Set(specs.map((s) => s.name));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '' && i === header.length - 1) return; // a trailing comma
    if (!known.has(name)) unknown.push(raw.trim() || `(empty, column ${i + 1})`);
    else if (index.has(name)) repeated.push(name);
    else index.set(name, i);
  });
  const errors: string[] = [];
  if (unknown.length)
    errors.push(
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (expected ${specs.map((s) => s.name).join(', ')})`,
    );
  if (repeated.length)
    errors.push(
      `column${repeated.length > 1 ? 's' : ''} ${repeated.join(', ')} appear${repeated.length > 1 ? '' : 's'} twice`,
    );
  const missing = specs.filter((s) => s.required && !index.has(s.name)).map((s) => s.name);
  if (missing.length) errors.push(`missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return { index, width: header.length, errors };
}

export interface StagedRow {
  line: number;
  ok: boolean;
  [column: string]: string | number | boolean | null;
}

/**
 * Checks one record. A row with errors is still staged (ok = false, with the keys it has) so that
 * rows referring to it report their own problems only, not a missing reference.
 */
export function convertRow(
  kind: ImportKind,
  plan: HeaderPlan,
  fields: string[],
  line: number,
  ctx: RowContext,
  report: (column: string, reason: string) => void,
): StagedRow {
  const row: StagedRow = { line, ok: true };
  for (const spec of KIND_COLUMNS[kind]) {
    const at = plan.index.get(spec.name);
    const raw = at === undefined ? '' : (fields[at] ?? '').trim();
    if (raw === '') {
      row[spec.name] = null;
      if (spec.required) {
        row.ok = false;
        report(spec.name, 'required');
      }
      continue;
    }
    const parsed = spec.parse ? spec.parse(raw, ctx) : { ok: true as const, value: raw };
    if (parsed.ok) row[spec.name] = parsed.value;
    else {
      row[spec.name] = null;
      row.ok = false;
      report(spec.name, parsed.reason);
    }
  }
  if (fields.length > plan.width && fields.slice(plan.width).some((f) => f.trim() !== '')) {
    // More cells than header columns: the row is shifted (an unquoted comma in a name, usually).
    row.ok = false;
    report('', `${fields.length} cells for ${plan.width} header columns (an unquoted comma in a value?)`);
  }
  if (kind === 'invoices' && row.ok) {
    row.doc_type ??= 'INVOICE';
    row.due_date ??= row.issue_date ?? null;
    row.currency ??= ctx.currency;
    if (row.due_date! < row.issue_date!) {
      row.ok = false;
      report('due_date', `due date ${row.due_date} is before the issue date ${row.issue_date}`);
    }
    // A credit note reduces what the obligor owes: stored negative (invoices_sign check).
    if (row.doc_type === 'CREDIT_NOTE') row.amount = `-${row.amount}`;
    if (row.against_sys_invoice_num && row.doc_type === 'INVOICE') {
      row.ok = false;
      report('against_sys_invoice_num', 'only a credit or debit note is raised against an invoice');
    } else if (row.against_sys_invoice_num && row.against_sys_invoice_num === row.sys_invoice_num) {
      row.ok = false;
      report('against_sys_invoice_num', 'a note cannot be raised against itself');
    }
  }
  if (kind === 'payments' && row.ok) receiptRules(row, report);
  if (kind === 'obligors' && row.ok && row.parent_sys_obligor_code === row.sys_obligor_code) {
    row.ok = false;
    report('parent_sys_obligor_code', 'an obligor cannot be its own parent');
  }
  return row;
}

/**
 * A receipt names an invoice (AGAINST, the default then) or a customer (ON_ACCOUNT, the default
 * then, or ADVANCE); an advance or on-account receipt names no invoice: allocations apply it.
 */
function receiptRules(row: StagedRow, report: (column: string, reason: string) => void): void {
  row.kind ??= row.sys_invoice_num ? 'AGAINST' : 'ON_ACCOUNT';
  if (row.kind === 'AGAINST' && !row.sys_invoice_num) {
    row.ok = false;
    report('sys_invoice_num', 'required for a receipt against an invoice (kind AGAINST)');
  } else if (row.kind !== 'AGAINST' && row.sys_invoice_num) {
    row.ok = false;
    report('sys_invoice_num', `an ${row.kind} receipt names no invoice: apply it to invoices in allocations.csv`);
  } else if (row.kind !== 'AGAINST' && !row.sys_obligor_code) {
    row.ok = false;
    report('sys_obligor_code', `required for an ${row.kind} receipt (it names no invoice)`);
  }
}
