/**
 * A bank statement's lines from the rows of its file (CSV or the first sheet of a workbook): the
 * header found under the bank's preamble, each line's dates, narration, reference and money, the
 * running balance checked line by line, and the keys that tell a line already imported. Pure: the
 * server reads the file into rows and stores what this returns.
 */
import { readNarration } from './bank-narration';
import {
  knownColumns,
  mappedColumns,
  type BankName,
  type ColumnMapping,
  type StatementColumns,
} from './bank-statement-columns';
import { parseBankAmount, parseBankDate, type Mark } from './bank-statement-values';
import { formatMoney } from './format';

export interface StatementRow {
  /** The row's line in the file (1-based), for messages. */
  line: number;
  fields: readonly string[];
}

export interface StatementLine {
  line: number;
  date: string;
  valueDate: string | null;
  narration: string;
  reference: string | null;
  /** Paise; one of the two is above zero. */
  debit: number;
  credit: number;
  /** Paise after the line; null when the bank gives none. */
  balance: number | null;
}

export interface StatementProblem {
  line: number;
  column: string;
  reason: string;
}

export type StatementRead =
  | {
      ok: true;
      bank: BankName | 'MAPPED' | null;
      /** The account number the preamble names, when it does. */
      accountNumber: string | null;
      /** In the order of the days (a statement exported newest first is turned round). */
      lines: StatementLine[];
      /** Paise before the first line: the statement's own opening row, else worked back from line one. */
      openingBalance: number | null;
      closingBalance: number | null;
    }
  | { ok: false; problems: StatementProblem[] };

/** A preamble is a few rows of account details; a header further down is no statement's. */
const MAX_PREAMBLE_ROWS = 60;
const MAX_PROBLEMS = 50;

const OPENING = /\b(?:opening\s+balance|balance\s+(?:b\/f|brought\s+forward|forward)|b\/f|brought\s+forward)\b/i;
const ACCOUNT_NUMBER = /\b(?:account|a\/c)\s*(?:no|number|#)?\.?\s*[:.-]?\s*([X*\d]{6,20})\b/i;
const TRAILER = /^(?:total|grand\s+total|closing\s+balance|statement\s+summary|legend|page\b|\*+\s*end)/i;
/** Rows of a separator ("*****", "-----") between the header and the lines (HDFC's CSV has one). */
const RULE = /^[*\-=_\s]*$/;

const cell = (row: StatementRow, i: number | undefined) => (i === undefined ? '' : (row.fields[i] ?? '').trim());

function findHeader(
  rows: readonly StatementRow[],
  mapping: ColumnMapping | undefined,
): { at: number; columns: StatementColumns; accountNumber: string | null } | null {
  let accountNumber: string | null = null;
  for (let i = 0; i < Math.min(rows.length, MAX_PREAMBLE_ROWS); i++) {
    const fields = rows[i]!.fields;
    const columns = mapping ? mappedColumns(fields, mapping) : knownColumns(fields);
    if (columns) return { at: i, columns, accountNumber };
    accountNumber ??= ACCOUNT_NUMBER.exec(fields.join(' '))?.[1] ?? null;
  }
  return null;
}

type Money = { debit: number; credit: number } | { problem: StatementProblem } | null;

/** The line's withdrawal and deposit, from two columns, or one amount told apart by a Dr/Cr column, mark or sign. */
function moneyOf(row: StatementRow, index: StatementColumns['index']): Money {
  const problem = (column: string, reason: string): Money => ({ problem: { line: row.line, column, reason } });
  if (index.withdrawal !== undefined && index.deposit !== undefined) {
    const out = parseBankAmount(cell(row, index.withdrawal));
    const into = parseBankAmount(cell(row, index.deposit));
    if (!out.ok) return problem('withdrawal', out.reason);
    if (!into.ok) return problem('deposit', into.reason);
    const debit = Math.abs(out.paise ?? 0);
    const credit = Math.abs(into.paise ?? 0);
    if (debit === 0 && credit === 0) return null;
    if (debit > 0 && credit > 0) return problem('deposit', 'a line is either a withdrawal or a deposit, not both');
    return { debit, credit };
  }
  const amount = parseBankAmount(cell(row, index.amount));
  if (!amount.ok) return problem('amount', amount.reason);
  if (!amount.paise) return null;
  const indicator = cell(row, index.drCr)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  let side: Mark | null = /^(?:DR|DEBIT|D|WITHDRAWAL)$/.test(indicator)
    ? 'DR'
    : /^(?:CR|CREDIT|C|DEPOSIT)$/.test(indicator)
      ? 'CR'
      : null;
  side ??= amount.mark ?? (amount.paise < 0 ? 'DR' : index.drCr === undefined ? 'CR' : null);
  if (!side) return problem('drCr', `"${cell(row, index.drCr)}" says neither Dr nor Cr`);
  const paise = Math.abs(amount.paise);
  return side === 'DR' ? { debit: paise, credit: 0 } : { debit: 0, credit: paise };
}

function balanceOf(text: string): { ok: true; paise: number | null } | { ok: false; reason: string } {
  const parsed = parseBankAmount(text);
  if (!parsed.ok) return parsed;
  // A balance marked Dr is overdrawn: below zero, as a leading minus writes it.
  const paise = parsed.paise === null ? null : parsed.mark === 'DR' ? -Math.abs(parsed.paise) : parsed.paise;
  return { ok: true, paise };
}

const rupees = (paise: number) => formatMoney(paise / 100);

/** Each line's balance is the one before it plus the deposit less the withdrawal. */
function balanceBreaks(lines: readonly StatementLine[], opening: number | null): StatementProblem[] {
  const problems: StatementProblem[] = [];
  let previous = opening;
  let previousLine: number | null = null;
  for (const line of lines) {
    if (previous !== null && line.balance !== null) {
      const expected = previous + line.credit - line.debit;
      if (expected !== line.balance) {
        const change = line.credit ? `+ deposit ${rupees(line.credit)}` : `− withdrawal ${rupees(line.debit)}`;
        const before = previousLine === null ? 'the opening balance' : `line ${previousLine}`;
        problems.push({
          line: line.line,
          column: 'balance',
          reason: `the balance ${rupees(line.balance)} does not add up: ${rupees(previous)} (${before}) ${change} is ${rupees(expected)}; a line is missing or changed`,
        });
      }
    }
    previous = line.balance;
    previousLine = line.line;
  }
  return problems;
}

/**
 * Reads the rows of a statement file. Refused (every problem with its line) when no header is
 * found, a cell is unreadable, or the running balance breaks anywhere.
 */
export function readStatement(rows: readonly StatementRow[], mapping?: ColumnMapping): StatementRead {
  const header = findHeader(rows, mapping);
  if (!header) {
    return {
      ok: false,
      problems: [
        {
          line: rows[0]?.line ?? 1,
          column: '',
          reason: mapping
            ? `no row names every mapped column (${Object.values(mapping).join(', ')})`
            : 'no header row of a known bank statement (a date, a narration, withdrawal and deposit or an amount); save a column mapping for this bank',
        },
      ],
    };
  }
  const { index } = header.columns;
  const problems: StatementProblem[] = [];
  const lines: StatementLine[] = [];
  let opening: number | null = null;

  for (const row of rows.slice(header.at + 1)) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (row.fields.every((f) => RULE.test(f))) continue;
    const dateText = cell(row, index.date);
    const narration = cell(row, index.narration).replace(/\s+/g, ' ');
    const date = parseBankDate(dateText);
    if (!date && (OPENING.test(narration) || OPENING.test(dateText))) {
      const balance = balanceOf(cell(row, index.balance));
      if (lines.length === 0 && balance.ok) opening = balance.paise;
      continue;
    }
    // Under the last line: totals, a summary, a legend. The table has ended.
    if (!date && lines.length && (TRAILER.test(dateText) || TRAILER.test(narration))) break;
    const money = moneyOf(row, index);
    if (money && 'problem' in money) {
      problems.push(money.problem);
      continue;
    }
    if (!date) {
      // A narration running on below its line (some exports wrap long ones into the next row).
      if (dateText === '' && !money && narration && lines.length) {
        const last = lines[lines.length - 1]!;
        last.narration = `${last.narration} ${narration}`;
        continue;
      }
      if (!money && lines.length) break;
      problems.push({ line: row.line, column: 'date', reason: `"${dateText}" is not a date` });
      continue;
    }
    if (!money) {
      problems.push({ line: row.line, column: 'amount', reason: 'the line has neither a withdrawal nor a deposit' });
      continue;
    }
    const valueText = index.valueDate === index.date ? '' : cell(row, index.valueDate);
    const valueDate = valueText ? parseBankDate(valueText) : null;
    if (valueText && !valueDate) {
      problems.push({ line: row.line, column: 'valueDate', reason: `"${valueText}" is not a date` });
      continue;
    }
    const balance = balanceOf(cell(row, index.balance));
    if (!balance.ok) {
      problems.push({ line: row.line, column: 'balance', reason: balance.reason });
      continue;
    }
    const reference = cell(row, index.reference);
    lines.push({
      line: row.line,
      date,
      valueDate,
      narration,
      reference: reference && !RULE.test(reference) ? reference : null,
      ...money,
      balance: balance.paise,
    });
  }
  if (problems.length) return { ok: false, problems };
  if (!lines.length)
    return { ok: false, problems: [{ line: rows[header.at]!.line, column: '', reason: 'the statement has no lines' }] };

  // Exported newest first (some banks' default): read it in the order of the days.
  if (lines[0]!.date > lines[lines.length - 1]!.date) lines.reverse();
  const first = lines[0]!;
  const opened = opening ?? (first.balance === null ? null : first.balance - first.credit + first.debit);
  const breaks = balanceBreaks(lines, opened);
  if (breaks.length) return { ok: false, problems: breaks.slice(0, MAX_PROBLEMS) };
  return {
    ok: true,
    bank: header.columns.bank,
    accountNumber: header.accountNumber,
    lines,
    openingBalance: opened,
    closingBalance: lines[lines.length - 1]!.balance,
  };
}

/** What names a line's payment: the reference column without the bank's padding, else the narration's. */
function referenceOf(line: StatementLine): string {
  const column = line.reference?.replace(/^0+/, '') ?? '';
  if (column) return column.toUpperCase();
  const facts = readNarration(line.narration);
  return facts.utr ?? facts.rrn ?? facts.chequeNumber ?? line.narration.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The key that tells a line already imported into the account: its date, signed amount and
 * reference, and which of the statement's lines with those three it is. Two equal cash deposits
 * on a day are two lines (the balance proves it); the same day exported twice gives the same keys.
 */
export function lineKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = `${line.date}|${line.credit - line.debit}|${referenceOf(line)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}|${n}`;
  });
}
