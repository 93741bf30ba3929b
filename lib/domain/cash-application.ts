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

/** One customer's receipt of a confirmed split, paise. */
export interface AccountReceipt {
  sysObligorCode: string;
  /** The bank's money this account's receipt takes: its bills' cash, and the remainder on account. */
  received: number;
  /** Its invoices and what settles each (cash, TDS and write-off together). */
  allocations: { sysInvoiceNum: string; amount: number }[];
  tds: number;
  writeOff: number;
  onAccount: number;
  parts: SplitPart[];
}

/**
 * A confirmed split as the ledger's receipts, one per account whose bills it pays (the ledger's
 * receipt is one customer's): each with its invoices and the TDS and write-off that settle them.
 * The remainder on account goes to `payer`, the account the line is applied as (the one the bank's
 * payer is known as, or the parent a person named): money not yet owed by any bill is that payer's
 * credit, and it is the account its identity is learned for. The payer's receipt comes first, the
 * others in the order of their first invoice. Each must take some of the money: an account whose
 * bills the TDS and write-off alone would settle is refused (the TDS goes invoice by invoice in the
 * split's order).
 */
export function receiptsByAccount(
  split: { allocations: readonly { sysInvoiceNum: string; amount: number }[]; onAccount: number; parts: SplitPart[] },
  accountOf: (sysInvoiceNum: string) => string,
  payer: string,
): { receipts: AccountReceipt[] } | { problem: string; field: string } {
  const receipts = new Map<string, AccountReceipt>();
  const of = (code: string) => {
    let r = receipts.get(code);
    if (!r) {
      r = { sysObligorCode: code, received: 0, allocations: [], tds: 0, writeOff: 0, onAccount: 0, parts: [] };
      receipts.set(code, r);
    }
    return r;
  };
  if (split.onAccount > 0 || split.allocations.some((a) => accountOf(a.sysInvoiceNum) === payer)) of(payer);
  for (const a of split.allocations) of(accountOf(a.sysInvoiceNum)).allocations.push({ ...a });
  for (const part of split.parts) {
    const r = of(accountOf(part.sysInvoiceNum));
    r.parts.push(part);
    if (part.source === 'CASH') r.received += part.amount;
    else if (part.source === 'TDS') r.tds += part.amount;
    else r.writeOff += part.amount;
  }
  const own = of(payer);
  own.onAccount = split.onAccount;
  own.received += split.onAccount;
  if (!own.received && !own.allocations.length) receipts.delete(payer);
  const bare = [...receipts.values()].find((r) => r.received <= 0);
  if (bare)
    return {
      problem: `the bills of ${bare.sysObligorCode} would be settled by TDS and write-off alone: each account's receipt takes some of the money (list its bills after the others)`,
      field: 'allocations',
    };
  return { receipts: [...receipts.values()] };
}
