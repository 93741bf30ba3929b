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
