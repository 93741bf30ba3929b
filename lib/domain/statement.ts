/**
 * The statement of account rule (customer portal, issue 9). Amounts are signed from the customer's
 * side: an invoice or debit note adds to what they owe, a credit note or a payment takes from it.
 * Entries run in date order; on one day documents come before the payments against them, so a
 * same-day invoice and its payment never show a negative balance in between. The closing balance is
 * the opening balance plus every entry, computed in paise so long statements do not drift.
 */
export type StatementKind = 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'PAYMENT' | 'TOPUP';

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

const ORDER: Record<StatementKind, number> = { TOPUP: 0, INVOICE: 1, DEBIT_NOTE: 1, CREDIT_NOTE: 2, PAYMENT: 3 };
const paise = (v: number) => Math.round(v * 100);

export function sortEntries<T extends StatementEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.date.localeCompare(b.date) || ORDER[a.kind] - ORDER[b.kind] || a.reference.localeCompare(b.reference));
}

/** Every entry with its debit or credit column and the balance after it; closing = opening + sum. */
export function runningBalance(opening: number, entries: readonly StatementEntry[]): { lines: StatementLine[]; closing: number; debits: number; credits: number } {
  let balance = paise(opening);
  let debits = 0;
  let credits = 0;
  const lines = sortEntries(entries).map((e) => {
    const amount = paise(e.amount);
    balance += amount;
    if (amount >= 0) debits += amount;
    else credits -= amount;
    return { ...e, debit: amount > 0 ? amount / 100 : 0, credit: amount < 0 ? -amount / 100 : 0, balance: balance / 100 };
  });
  return { lines, closing: balance / 100, debits: debits / 100, credits: credits / 100 };
}
