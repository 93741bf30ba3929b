/**
 * The file kinds of an import batch, their columns, and the per-row checks that need no
 * database (required fields, formats). Each good row becomes a staged row keyed by column name.
 */
import { IMPORT_KINDS, type TImportKind } from '@/lib/contract/imports';
import { DISPUTE_COLUMNS } from './dispute-columns';
import { CHEQUE_COLUMNS } from './cheque-columns';
import type { HeaderPlan } from './header-plan';
import {
  AMOUNT_FORMAT,
  DATE_FORMAT,
  parseAmount,
  parseDateCell,
  parseDocType,
  parseEmail,
  parseRating,
  parseReceiptKind,
  type DateOrder,
  type Parsed,
} from './values';

export { IMPORT_KINDS };
export type ImportKind = TImportKind;

export interface ColumnSpec {
  name: string;
  required?: boolean;
  /** Converts a non-empty cell; the staged value goes to the column of the same name. */
  parse?: (text: string, ctx: RowContext) => Parsed<string | number>;
  /** What the cell holds, for the import page's column guide (and what empty means). */
  format: string;
  /** A valid cell of the template's example row ('' where the example leaves it empty). */
  example: string;
}

export interface RowContext {
  currency: string;
  /** How the file writes its slashed dates: given by the user or told from its values (date-order.ts). */
  dateOrder: DateOrder;
}

const text =
  (max: number) =>
  (value: string): Parsed<string> =>
    value.length <= max ? { ok: true, value } : { ok: false, reason: `longer than ${max} characters` };
const date = parseDateCell;
const positive = (value: string) => parseAmount(value, { positive: true });

const DATE = DATE_FORMAT;
const AMOUNT = AMOUNT_FORMAT;
const CODE = "Your ERP's code, up to 64 characters";
const EMAIL = 'An email address';
const USER_EMAIL = 'The email of one of your users (Manage Personnel); empty: none';

export const KIND_COLUMNS: Record<ImportKind, ColumnSpec[]> = {
  obligors: [
    { name: 'sys_obligor_code', required: true, parse: text(64), format: CODE, example: 'C1001' },
    {
      name: 'name',
      required: true,
      parse: text(200),
      format: 'Up to 200 characters',
      example: 'Krishna Agencies, Kanpur',
    },
    {
      name: 'parent_sys_obligor_code',
      parse: text(64),
      format: 'The code of its parent (in this batch or already stored); empty: a parent itself',
      example: '',
    },
    {
      name: 'business_id',
      parse: text(64),
      format: 'GSTIN or other registration, up to 64 characters',
      example: '09AAACK1234M1Z5',
    },
    {
      name: 'credit_limit',
      parse: (v) => parseAmount(v, { positive: false }),
      format: 'Rupees, zero or more, up to 2 decimals',
      example: '10,00,000',
    },
    {
      name: 'dim1',
      parse: text(100),
      format: 'First dimension value (e.g. region); new ones are created',
      example: 'North',
    },
    { name: 'dim2', parse: text(100), format: 'Second dimension value', example: 'Uttar Pradesh' },
    { name: 'dim3', parse: text(100), format: 'Third dimension value', example: 'Kanpur' },
    { name: 'guest_email', parse: parseEmail, format: `${USER_EMAIL} (the field officer who collects)`, example: '' },
    { name: 'representative_email', parse: parseEmail, format: `${USER_EMAIL} (the area sales manager)`, example: '' },
    {
      name: 'email',
      parse: parseEmail,
      format: `${EMAIL} for reminders and statements`,
      example: 'accounts@krishna.example',
    },
    { name: 'phone', parse: text(40), format: 'Phone for WhatsApp, up to 40 characters', example: '+91 98765 43210' },
    {
      name: 'address',
      parse: text(400),
      format:
        'Postal address printed on statements and reminders, up to 400 characters; new lines or " | " between lines',
      example: 'Shop No. 12, Laxmi Market | Station Road | Kanpur 208001, Uttar Pradesh',
    },
  ],
  invoices: [
    { name: 'sys_invoice_num', required: true, parse: text(64), format: CODE, example: 'INV-2026-0412' },
    {
      name: 'invoice_num',
      required: true,
      parse: text(64),
      format: 'The number printed on the bill',
      example: '2026/0412',
    },
    { name: 'sys_obligor_code', required: true, parse: text(64), format: "The customer's code", example: 'C1001' },
    {
      name: 'doc_type',
      parse: parseDocType,
      format:
        'INVOICE, CREDIT_NOTE, DEBIT_NOTE or WRITE_OFF (a bad debt written off, against an invoice); empty: INVOICE',
      example: 'INVOICE',
    },
    { name: 'issue_date', required: true, parse: date, format: DATE, example: '2026-11-05' },
    {
      name: 'due_date',
      parse: date,
      format: `${DATE}; not before the issue date; empty: the issue date`,
      example: '2026-12-05',
    },
    {
      name: 'amount',
      required: true,
      parse: positive,
      format: `${AMOUNT}; a credit note too is positive`,
      example: '1,18,000.00',
    },
    // The value before GST: the TDS a customer deducts is a share of it (cash application).
    {
      name: 'taxable_amount',
      parse: positive,
      format: `${AMOUNT}; the value before GST, not above the amount; empty: the client's usual GST rate is taken off`,
      example: '1,00,000.00',
    },
    // A credit or debit note raised against an invoice of the same customer: it changes that invoice.
    {
      name: 'against_sys_invoice_num',
      parse: text(64),
      format: 'For a credit or debit note: the invoice it is raised against; empty: it stands alone',
      example: '',
    },
    {
      name: 'currency',
      parse: (v, ctx) =>
        v.toUpperCase() === ctx.currency
          ? { ok: true, value: ctx.currency }
          : { ok: false, reason: `"${v}" is not the client's currency ${ctx.currency}` },
      format: 'Your currency (INR); empty: the same',
      example: 'INR',
    },
  ],
  // An invoice's payment schedule: its instalments, each due on its own date, summing to its amount.
  instalments: [
    {
      name: 'sys_invoice_num',
      required: true,
      parse: text(64),
      format: 'The invoice (in this batch or stored)',
      example: 'INV-2026-0412',
    },
    {
      name: 'due_date',
      required: true,
      parse: date,
      format: `${DATE}; not before the issue date`,
      example: '2026-12-05',
    },
    {
      name: 'amount',
      required: true,
      parse: positive,
      format: `${AMOUNT}; an invoice's instalments sum to it`,
      example: '59,000.00',
    },
  ],
  // A receipt: against an invoice (settles it on its day), or an advance or on account (belongs to the
  // customer until allocations.csv applies it to invoices).
  payments: [
    {
      name: 'payment_ref',
      required: true,
      parse: text(64),
      format: "The receipt's reference, up to 64 characters",
      example: 'RCPT-2026-0098',
    },
    {
      name: 'sys_invoice_num',
      parse: text(64),
      format: 'The bill it pays; empty for an advance or on account',
      example: 'INV-2026-0412',
    },
    {
      name: 'sys_obligor_code',
      parse: text(64),
      format: 'The customer; required when no bill is named',
      example: 'C1001',
    },
    {
      name: 'kind',
      parse: parseReceiptKind,
      format:
        'AGAINST, ADVANCE or ON_ACCOUNT (Tally: Agst Ref, Advance, On Account); empty: AGAINST with a bill, else ON_ACCOUNT',
      example: 'AGAINST',
    },
    { name: 'paid_date', required: true, parse: date, format: DATE, example: '2026-12-01' },
    { name: 'amount', required: true, parse: positive, format: AMOUNT, example: '50,000.00' },
  ],
  // Part of an advance or on-account receipt applied to an invoice of its customer from a date.
  allocations: [
    {
      name: 'payment_ref',
      required: true,
      parse: text(64),
      format: 'An ADVANCE or ON_ACCOUNT receipt',
      example: 'RCPT-2026-0101',
    },
    {
      name: 'sys_invoice_num',
      required: true,
      parse: text(64),
      format: "An invoice of the receipt's customer",
      example: 'INV-2026-0412',
    },
    {
      name: 'amount',
      required: true,
      parse: positive,
      format: `${AMOUNT}; not more than the receipt`,
      example: '25,000.00',
    },
    {
      name: 'allocated_date',
      required: true,
      parse: date,
      format: `${DATE}; not before the receipt nor the invoice`,
      example: '2026-12-03',
    },
  ],
  disputes: DISPUTE_COLUMNS,
  cheques: CHEQUE_COLUMNS,
  ratings: [
    { name: 'sys_obligor_code', required: true, parse: text(64), format: "The customer's code", example: 'C1001' },
    { name: 'rating_date', required: true, parse: date, format: DATE, example: '2026-11-30' },
    { name: 'rating', required: true, parse: parseRating, format: '1 low, 2 medium or 3 high risk', example: '2' },
  ],
};

/** The columns of a kind that hold days: their order is told from the whole file (date-order.ts). */
export const dateColumns = (kind: ImportKind): string[] =>
  KIND_COLUMNS[kind].filter((s) => s.parse === date).map((s) => s.name);

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
    if (row.taxable_amount && Number(row.taxable_amount) > Number(row.amount)) {
      row.ok = false;
      report('taxable_amount', `the taxable value ${row.taxable_amount} is above the amount ${row.amount}`);
    }
    // A note's taxable value explains no deduction: only an invoice keeps one.
    if (row.doc_type !== 'INVOICE') row.taxable_amount = null;
    // A credit note or a write-off reduces what the obligor owes: stored negative (invoices_sign check).
    if (row.doc_type === 'CREDIT_NOTE' || row.doc_type === 'WRITE_OFF') row.amount = `-${row.amount}`;
    if (row.doc_type === 'WRITE_OFF' && !row.against_sys_invoice_num) {
      row.ok = false;
      report('against_sys_invoice_num', 'a write-off names the invoice it writes off');
    } else if (row.against_sys_invoice_num && row.doc_type === 'INVOICE') {
      row.ok = false;
      report('against_sys_invoice_num', 'only a credit or debit note or a write-off is raised against an invoice');
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
