/**
 * The table of a bank statement: which row is its header (the banks put the account's details
 * before it) and which column holds what. Column names of the main banks' CSV/XLS exports, as
 * public parsers and format notes record them:
 * - HDFC: Date | Narration | Chq./Ref.No. | Value Dt | Withdrawal Amt. | Deposit Amt. | Closing Balance
 * - ICICI: S No. | Value Date | Transaction Date | Cheque Number | Transaction Remarks |
 *   Withdrawal Amount (INR ) | Deposit Amount (INR ) | Balance (INR )
 * - SBI: Txn Date | Value Date | Description | Ref No./Cheque No. | Branch Code | Debit | Credit | Balance
 * - Axis: S.No | Transaction Date (dd/mm/yyyy) | Value Date (dd/mm/yyyy) | Particulars | Amount(INR) |
 *   Debit/Credit | Balance(INR) | Cheque Number | Branch Name(SOL); older: Tran Date | CHQNO |
 *   PARTICULARS | DR | CR | BAL | SOL
 * - Kotak: Sl. No. | Transaction Date | Value Date | Description | Chq / Ref No. | Withdrawal (Dr) |
 *   Deposit (Cr) | Balance; or one Amount column with Dr / Cr
 * Any other file is read through a column mapping (the file's own header names).
 */

export const STATEMENT_FIELDS = [
  'date',
  'valueDate',
  'narration',
  'reference',
  'withdrawal',
  'deposit',
  'amount',
  'drCr',
  'balance',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** A file's own header names for our fields: what a user saves once per bank account. */
export type ColumnMapping = { date: string; narration: string } & Partial<Record<StatementField, string>>;

export type BankName = 'HDFC' | 'ICICI' | 'SBI' | 'AXIS' | 'KOTAK';

export interface StatementColumns {
  /** The bank whose export this looks like, 'MAPPED' for a mapping, null when only the names told. */
  bank: BankName | 'MAPPED' | null;
  index: Partial<Record<StatementField, number>>;
}

/** "Withdrawal Amount (INR )" → "withdrawalamount": units in brackets and punctuation say nothing. */
export function headerKey(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]/g, '');
}

// Each field's names, most specific first; a name belongs to one field only.
const NAMES: Record<StatementField, readonly string[]> = {
  date: ['transactiondate', 'txndate', 'trandate', 'date', 'postingdate', 'postdate'],
  valueDate: ['valuedate', 'valuedt'],
  narration: [
    'narration',
    'transactionremarks',
    'particulars',
    'description',
    'transactiondetails',
    'remarks',
    'details',
  ],
  reference: [
    'chqrefno',
    'refnochequeno',
    'chequenumber',
    'chequeno',
    'chqno',
    'chqrefnumber',
    'refno',
    'referenceno',
    'instrumentno',
    'utrno',
  ],
  withdrawal: [
    'withdrawalamt',
    'withdrawalamount',
    'withdrawal',
    'withdrawals',
    'debitamount',
    'debitamt',
    'debit',
    'dr',
  ],
  deposit: ['depositamt', 'depositamount', 'deposit', 'deposits', 'creditamount', 'creditamt', 'credit', 'cr'],
  amount: ['amount', 'transactionamount', 'txnamount', 'amt'],
  drCr: ['drcr', 'crdr', 'debitcredit', 'creditdebit', 'drcrindicator', 'type'],
  balance: ['closingbalance', 'balance', 'runningbalance', 'bal'],
};

const FIELD_OF = new Map<string, StatementField>();
for (const field of STATEMENT_FIELDS) for (const name of NAMES[field]) FIELD_OF.set(name, field);

/** Whose export this is, from the names only its bank uses (a label for the user, not a rule). */
function bankOf(keys: ReadonlySet<string>): BankName | null {
  if (keys.has('withdrawalamt') && keys.has('depositamt')) return 'HDFC';
  if (keys.has('transactionremarks')) return 'ICICI';
  if (keys.has('txndate') || keys.has('refnochequeno')) return 'SBI';
  if (keys.has('particulars')) return 'AXIS';
  if (keys.has('description') && (keys.has('chqrefno') || keys.has('drcr'))) return 'KOTAK';
  return null;
}

/** Enough to read lines: a date, a narration, and the money either in two columns or in one. */
function complete(index: StatementColumns['index']): boolean {
  const money = (index.withdrawal !== undefined && index.deposit !== undefined) || index.amount !== undefined;
  return index.date !== undefined && index.narration !== undefined && money;
}

/** The columns of a bank's header row, or null when the row is no statement header. */
export function knownColumns(cells: readonly string[]): StatementColumns | null {
  const index: StatementColumns['index'] = {};
  const keys = new Set<string>();
  cells.forEach((cell, i) => {
    const key = headerKey(cell);
    keys.add(key);
    const field = FIELD_OF.get(key);
    // The first column of a field wins: ICICI's Value Date comes before its Transaction Date, and
    // Transaction Date is the date the bank books, so a named date beats a value date.
    if (field && index[field] === undefined) index[field] = i;
  });
  if (index.date === undefined && index.valueDate !== undefined) index.date = index.valueDate;
  return complete(index) ? { bank: bankOf(keys), index } : null;
}

/** The columns a mapping names in this row, or null when the row lacks one of them. */
export function mappedColumns(cells: readonly string[], mapping: ColumnMapping): StatementColumns | null {
  const keys = cells.map(headerKey);
  const index: StatementColumns['index'] = {};
  for (const field of STATEMENT_FIELDS) {
    const name = mapping[field];
    if (name === undefined) continue;
    const i = keys.indexOf(headerKey(name));
    if (i < 0) return null;
    index[field] = i;
  }
  return complete(index) ? { bank: 'MAPPED', index } : null;
}

/** What a mapping lacks to read a statement, for the user who saved it; null when it is whole. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  const index = Object.fromEntries(STATEMENT_FIELDS.filter((f) => mapping[f]).map((f) => [f, 0]));
  if (complete(index)) return null;
  return 'a column mapping names the date, the narration, and either the withdrawal and deposit columns or one amount column';
}

const isField = (name: string): name is StatementField => (STATEMENT_FIELDS as readonly string[]).includes(name);

/**
 * A mapping as a user writes it on the command line or in the upload form:
 * `date=Posted, narration=Details, deposit=Money In, withdrawal=Money Out, balance=Running`.
 */
export function parseColumnMapping(text: string): { ok: true; mapping: ColumnMapping } | { ok: false; reason: string } {
  const fields: Partial<Record<StatementField, string>> = {};
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const eq = part.indexOf('=');
    const field = (eq < 0 ? part : part.slice(0, eq)).trim();
    const column = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!isField(field)) return { ok: false, reason: `"${field}" is not a field (${STATEMENT_FIELDS.join(', ')})` };
    if (!column) return { ok: false, reason: `${field} names no column` };
    fields[field] = column;
  }
  const { date, narration } = fields;
  if (!date || !narration)
    return { ok: false, reason: mappingProblem({ date: date ?? '', narration: narration ?? '', ...fields })! };
  const mapping: ColumnMapping = { ...fields, date, narration };
  const problem = mappingProblem(mapping);
  return problem ? { ok: false, reason: problem } : { ok: true, mapping };
}
