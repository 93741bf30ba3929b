/**
 * The statement of account rule (customer portal). Amounts are signed from the customer's
 * side: an invoice or debit note adds to what they owe, a credit note or a payment takes from it,
 * and so does money received on account or in advance, on its day (its later allocation to a bill
 * moves nothing: the balance is the net balance).
 * Entries run in date order; on one day documents come before the payments against them, so a
 * same-day invoice and its payment never show a negative balance in between. The closing balance is
 * the opening balance plus every entry, computed in paise so long statements do not drift.
 * A long statement is read a page at a time: each page opens at the balance brought forward (the
 * opening balance plus every entry before the page) and closes at the balance carried forward.
 */
export const STATEMENT_KINDS = [
  'INVOICE',
  'DEBIT_NOTE',
  'CREDIT_NOTE',
  'WRITE_OFF',
  'PAYMENT',
  'RECEIPT',
  'TOPUP',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export interface StatementEntry {
  date: string;
  kind: StatementKind;
  reference: string;
  /** The document a payment settles, or a note. */
  against?: string | null;
  dueDate?: string | null;
  /** Signed: positive raises the balance. */
  amount: number;
}

export interface StatementLine extends StatementEntry {
  debit: number;
  credit: number;
  balance: number;
}

/** How each kind is named on screen and in the workbook. */
export const KIND_LABEL: Record<StatementKind, string> = {
  INVOICE: 'Invoice',
  DEBIT_NOTE: 'Debit note',
  CREDIT_NOTE: 'Credit note',
  WRITE_OFF: 'Bad debt written off',
  PAYMENT: 'Payment',
  RECEIPT: 'Received on account',
  TOPUP: 'Top-up',
};

/**
 * How a receipt that names no bill is named where it is listed among open items, by its kind
 * (Tally's On Account and Advance).
 */
export const RECEIPT_KIND_LABEL: Record<'ON_ACCOUNT' | 'ADVANCE', string> = {
  ON_ACCOUNT: 'Received on account',
  ADVANCE: 'Advance',
};

/** The order of kinds on one day; the SQL of lib/server/portal/ledger.ts sorts by the same map. */
export const KIND_ORDER: Record<StatementKind, number> = {
  TOPUP: 0,
  INVOICE: 1,
  DEBIT_NOTE: 1,
  CREDIT_NOTE: 2,
  WRITE_OFF: 2,
  PAYMENT: 3,
  RECEIPT: 3,
};
const paise = (v: number) => Math.round(v * 100);
/** Code-point order (SQL `collate "C"`), so that pages cut by the database agree with this rule. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function sortEntries<T extends StatementEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      byCodePoint(a.date, b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || byCodePoint(a.reference, b.reference),
  );
}

/** Every entry with its debit or credit column and the balance after it; closing = opening + sum. */
export function runningBalance(
  opening: number,
  entries: readonly StatementEntry[],
): { lines: StatementLine[]; closing: number; debits: number; credits: number } {
  let balance = paise(opening);
  let debits = 0;
  let credits = 0;
  const lines = sortEntries(entries).map((e) => {
    const amount = paise(e.amount);
    balance += amount;
    if (amount >= 0) debits += amount;
    else credits -= amount;
    return {
      ...e,
      debit: amount > 0 ? amount / 100 : 0,
      credit: amount < 0 ? -amount / 100 : 0,
      balance: balance / 100,
    };
  });
  return { lines, closing: balance / 100, debits: debits / 100, credits: credits / 100 };
}

export interface StatementPage {
  /** 1-based page number and page size. */
  page: number;
  count: number;
  /** Lines in the whole period. */
  total: number;
  /** The balance before the page's first line: the opening balance on page 1. */
  broughtForward: number;
  /** The balance after the page's last line: the closing balance on the last page. */
  carriedForward: number;
  rows: StatementLine[];
}

/** One page of the statement (the reference the paged SQL is tested against). */
export function statementPage(
  opening: number,
  entries: readonly StatementEntry[],
  page: number,
  count: number,
): StatementPage {
  const { lines } = runningBalance(opening, entries);
  const slice = lines.slice((page - 1) * count, page * count);
  const before = (page - 1) * count;
  const broughtForward =
    before === 0 ? opening : before <= lines.length ? lines[before - 1]!.balance : lines.at(-1)!.balance;
  return {
    page,
    count,
    total: lines.length,
    broughtForward,
    carriedForward: slice.at(-1)?.balance ?? broughtForward,
    rows: slice,
  };
}
