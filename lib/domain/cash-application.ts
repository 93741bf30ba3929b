/**
 * Cash application: each bank line's status on the way from the statement to the ledger (issue 53).
 * MATCHED: applied to invoices; SUGGESTED: candidates wait for a person; UNMATCHED: a credit no
 * evidence names; IGNORED: not a customer's receipt; RETURNED: a cheque that came back.
 */
import type { NarrationFacts } from './bank-narration';
import { formatMoney } from './format';

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

export interface AppliedSplit {
  /** Paise credited by the bank. */
  received: number;
  /** Paise each invoice is settled by (its cash, TDS and write-off together). */
  allocations: readonly { sysInvoiceNum: string; amount: number }[];
  tds: number;
  writeOff: number;
  onAccount: number;
}

export interface SplitPart {
  sysInvoiceNum: string;
  source: 'CASH' | 'TDS' | 'WRITE_OFF';
  amount: number;
}

const inr = (paise: number) => formatMoney(paise / 100);

/**
 * How a confirmed split settles each invoice: the TDS first, then the write-off, then the cash, in
 * the order of the invoices; what the invoices do not take of the cash stays on account. The money
 * in, the TDS and the write-off must add up to the invoices and the remainder, to the paisa.
 */
export function splitOfApplied(split: AppliedSplit): { parts: SplitPart[] } | { problem: string; field: string } {
  const billed = split.allocations.reduce((sum, a) => sum + a.amount, 0);
  if (split.allocations.some((a) => a.amount <= 0)) return { problem: 'an invoice paid nothing', field: 'allocations' };
  if (!split.allocations.length && split.onAccount <= 0)
    return { problem: 'name the invoices paid or put the receipt on account', field: 'allocations' };
  if (split.received + split.tds + split.writeOff !== billed + split.onAccount)
    return {
      problem: `the split does not add up: received ${inr(split.received)} + TDS ${inr(split.tds)} + write-off ${inr(split.writeOff)} is ${inr(split.received + split.tds + split.writeOff)}, the invoices ${inr(billed)} + on account ${inr(split.onAccount)} are ${inr(billed + split.onAccount)}`,
      field: 'allocations',
    };
  if (split.tds + split.writeOff > billed)
    return {
      problem: 'TDS and write-off settle invoices: they cannot exceed what the invoices are paid',
      field: 'tds',
    };
  const parts: SplitPart[] = [];
  let tds = split.tds;
  let writeOff = split.writeOff;
  for (const a of split.allocations) {
    let left = a.amount;
    const take = (source: SplitPart['source'], available: number) => {
      const amount = Math.min(left, available);
      if (amount > 0) parts.push({ sysInvoiceNum: a.sysInvoiceNum, source, amount });
      left -= amount;
      return amount;
    };
    tds -= take('TDS', tds);
    writeOff -= take('WRITE_OFF', writeOff);
    take('CASH', left);
  }
  return { parts };
}
