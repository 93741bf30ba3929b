/**
 * Cash application: each bank line's status on the way from the statement to the ledger (issue 53).
 * MATCHED: applied to invoices; SUGGESTED: candidates wait for a person; UNMATCHED: a credit no
 * evidence names; IGNORED: not a customer's receipt; RETURNED: a cheque that came back.
 */
import type { NarrationFacts } from './bank-narration';

export const BANK_LINE_STATUSES = ['MATCHED', 'SUGGESTED', 'UNMATCHED', 'IGNORED', 'RETURNED'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/**
 * A line's status as it is stored, before any matching: a credit is a candidate receipt unless
 * the bank says it is a charge's reversal or its own interest; a debit is kept but no receipt.
 * A returned cheque stays IGNORED (its flag kept) until matching links it to the receipt it
 * reverses and makes it RETURNED.
 */
export function statusBeforeMatching(
  line: { credit: number },
  facts: NarrationFacts,
  narration: string,
): BankLineStatus {
  if (line.credit <= 0 || facts.charge || facts.returned) return 'IGNORED';
  if (/\b(?:INT\.?\s*PD|INTEREST|INT\s+CR|SWEEP|FD\s+(?:MAT|CLOS))/i.test(narration)) return 'IGNORED';
  return 'UNMATCHED';
}

export interface ReceiptFacts {
  sysObligorCode: string;
  /** Paise. */
  amount: number;
  /** YYYY-MM-DD. */
  date: string;
  /** What the receipt is known by: the bank's UTR, RRN or cheque number, the ERP's voucher reference or narration. */
  references: readonly string[];
}

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** A bank reference shorter than this (a 6-digit cheque number) names a receipt only with its customer. */
const MIN_REFERENCE_CHARS = 12;

/**
 * One receipt counts once: the ERP's copy of a receipt applied here is recognised by the bank's
 * reference (a UTR or RRN written anywhere in the ERP's reference or narration), or by the same
 * customer, amount and day. Null when they are two receipts.
 */
export function sameReceipt(applied: ReceiptFacts, erp: ReceiptFacts): 'REFERENCE' | 'CUSTOMER_AMOUNT_DAY' | null {
  const erpText = erp.references.map(compact);
  for (const reference of applied.references.map(compact)) {
    if (reference.length >= MIN_REFERENCE_CHARS && erpText.some((t) => t.includes(reference))) return 'REFERENCE';
  }
  if (applied.sysObligorCode === erp.sysObligorCode && applied.amount === erp.amount && applied.date === erp.date)
    return 'CUSTOMER_AMOUNT_DAY';
  return null;
}
