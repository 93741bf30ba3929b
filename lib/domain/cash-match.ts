/**
 * Matching a bank credit to the invoices it pays (issue 53), in the order of evidence: the
 * customer's remittance advice (lib/domain/remittance-evidence.ts); our invoice numbers in the narration; a payer identity learned before (VPA, account, name as the bank
 * writes it) pointing to a customer, whose open items the amount is then matched against: one
 * invoice, several (the combinations a bounded search finds, oldest first preferred), or all of
 * them. A shortfall is explained by TDS or a small difference (lib/domain/tds.ts). Pure, in paise:
 * the server gathers the evidence and the open items, and stores what this returns.
 */
import { formatMoney } from './format';
import {
  DEDUCTION_RANK,
  deductionFor,
  taxableOf,
  type Deduction,
  type DeductionKind,
  type DeductionSettings,
} from './tds';

export interface OpenItem {
  sysInvoiceNum: string;
  /** The number printed on the bill, as the customer and the accountant know it (the system number without one). */
  invoiceNum?: string;
  sysObligorCode: string;
  /** Paise open now. */
  open: number;
  /** The taxable value (before GST) of the open amount, when the invoice carries one. */
  taxable: number | null;
  /** Due date (issue date without one), YYYY-MM-DD: the oldest is paid first. */
  date: string;
}

/** An invoice as a person knows it: the printed number, the system's beside it when they differ. */
export const itemLabel = (item: Pick<OpenItem, 'sysInvoiceNum' | 'invoiceNum'>): string =>
  item.invoiceNum && item.invoiceNum !== item.sysInvoiceNum
    ? `${item.invoiceNum} (${item.sysInvoiceNum})`
    : item.sysInvoiceNum;

export interface SearchLimits {
  /** The oldest open items the search combines. */
  maxItems: number;
  /** The most invoices one transfer is taken to pay (all of them is tried apart). */
  maxInvoices: number;
  /** Subsets tried at most: bounds the time a line takes whatever the customer owes. */
  maxSteps: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { maxItems: 40, maxInvoices: 6, maxSteps: 20_000 };

export interface Allocation {
  items: OpenItem[];
  deduction: Deduction;
  /**
   * ALL: every open item the caller gave (the account's or the family's); OVERDUE: every one due
   * before the day the caller named; false: a combination the search found.
   */
  whole: false | 'ALL' | 'OVERDUE';
}

const oldestFirst = (a: OpenItem, b: OpenItem) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.sysInvoiceNum < b.sysInvoiceNum ? -1 : 1;

function billedOf(items: readonly OpenItem[], settings: DeductionSettings) {
  let gross = 0;
  let taxable = 0;
  for (const item of items) {
    gross += item.open;
    taxable += taxableOf({ gross: item.open, taxable: item.taxable }, settings.gstRateBp);
  }
  return { gross, taxable, count: items.length };
}

/** The least a receipt can be for invoices asking `gross`: the highest TDS and the tolerance taken off. */
function lowestReceipt(gross: number, settings: DeductionSettings, maxInvoices: number): number {
  const maxRate = Math.max(0, ...settings.tdsRates.map((r) => r.rateBp));
  const { maxPaise, maxBp } = settings.tolerance;
  const byShare = maxBp === null ? Infinity : (gross * maxBp) / 10_000;
  const tolerance = maxPaise === null && maxBp === null ? 0 : Math.min(maxPaise ?? Infinity, byShare);
  return gross - (gross * maxRate) / 10_000 - tolerance - 100 * maxInvoices;
}

/** Fewer assumptions, then one invoice before several, then the oldest invoices. */
function compareAllocations(
  a: { allocation: Allocation; order: number[] },
  b: { allocation: Allocation; order: number[] },
) {
  const byKind = DEDUCTION_RANK[a.allocation.deduction.kind] - DEDUCTION_RANK[b.allocation.deduction.kind];
  if (byKind) return byKind;
  if (a.order.length !== b.order.length) return a.order.length - b.order.length;
  for (let i = 0; i < a.order.length; i++) if (a.order[i] !== b.order[i]) return a.order[i]! - b.order[i]!;
  return 0;
}

/**
 * The ways `received` settles some of `items` (one customer's or one family's), best first, at
 * most `count`. An excess over a combination is no match (any smaller set would do); over every
 * open item, it is the remainder on account.
 */
export function allocationsFor(
  received: number,
  items: readonly OpenItem[],
  settings: DeductionSettings,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
  count = 3,
  overdueBefore?: string,
): Allocation[] {
  const open = items.filter((i) => i.open > 0).sort(oldestFirst);
  const found: { allocation: Allocation; order: number[] }[] = [];
  const all = deductionFor(received, billedOf(open, settings), settings);
  if (open.length && all) found.push({ allocation: { items: open, deduction: all, whole: 'ALL' }, order: [] });
  // Every bill overdue at once (a family's may be more than the search combines): the oldest run,
  // as the items are in due order. Tried apart, like the whole balance.
  const overdue = overdueBefore ? open.filter((i) => i.date < overdueBefore) : [];
  const overdueDeduction =
    overdue.length > 1 && overdue.length < open.length
      ? deductionFor(received, billedOf(overdue, settings), settings)
      : null;
  if (overdueDeduction && overdueDeduction.kind !== 'EXCESS')
    found.push({
      allocation: { items: overdue, deduction: overdueDeduction, whole: 'OVERDUE' },
      order: overdue.map((_, i) => i),
    });

  const pool = open.slice(0, limits.maxItems);
  const chosen: number[] = [];
  let steps = 0;
  const visit = (from: number, gross: number) => {
    for (let i = from; i < pool.length && steps < limits.maxSteps; i++) {
      steps++;
      const next = gross + pool[i]!.open;
      // Items only add: once the receipt is below the least these invoices could leave, stop here.
      if (received < lowestReceipt(next, settings, limits.maxInvoices)) continue;
      chosen.push(i);
      const subset = chosen.map((j) => pool[j]!);
      const deduction = deductionFor(received, billedOf(subset, settings), settings);
      const isAll = subset.length === open.length;
      const isOverdue =
        overdueDeduction !== null && chosen.length === overdue.length && chosen.at(-1) === chosen.length - 1;
      if (deduction && deduction.kind !== 'EXCESS' && !isAll && !isOverdue)
        found.push({ allocation: { items: subset, deduction, whole: false }, order: [...chosen] });
      if (chosen.length < limits.maxInvoices) visit(i + 1, next);
      chosen.pop();
    }
  };
  visit(0, 0);
  // The whole set ranks as the subset of every index, so that a smaller exact match comes first.
  for (const f of found) if (f.allocation.whole === 'ALL') f.order = open.map((_, i) => i);
  return found
    .sort(compareAllocations)
    .slice(0, count)
    .map((f) => f.allocation);
}

// --- Suggestions --------------------------------------------------------------------------------

/** How the payer's customer is known: a learned identity, or its code in the narration (our UPI links write it). */
export type PayerEvidence = 'VPA' | 'ACCOUNT' | 'NAME' | 'CODE';

/**
 * Evidence read before the narration's: a remittance advice the customer sent (the invoices it
 * names) or any other source a caller plugs in. Each names invoices of one customer and says how
 * sure it makes the match.
 */
export interface AdviceEvidence {
  /** The reason shown, e.g. "the customer's remittance advice of 03/11/2026 names INV/2026/0412". */
  said: string;
  /** 0 to 1: the confidence of a match the amount bears out exactly. */
  confidence: number;
  items: readonly OpenItem[];
}

export interface LineEvidence {
  /** Paise credited. */
  received: number;
  /** Read first: a remittance advice and any other source plugged in. */
  advice?: readonly AdviceEvidence[];
  /** Our open invoices the narration names, whoever owes them. */
  named: readonly OpenItem[];
  /** The customer a learned payer identity points to, and what it was learned from. */
  payer: { sysObligorCode: string; by: PayerEvidence } | null;
  /** That customer's open items (or its family's, as the caller chooses). */
  payerItems: readonly OpenItem[];
  /**
   * Without one learned payer: the customers a key several of them share names (a name two
   * customers' leading letters share), each with its open items; searched, less sure.
   */
  possiblePayers?: readonly { sysObligorCode: string; by: PayerEvidence; items: readonly OpenItem[] }[];
  /**
   * The payer's family (its parent and every account of the parent), given once a first call
   * answered `wantsFamily`: the account's own items fit nothing, so the family's are searched the
   * same way, its whole balance and whole overdue (items due before `asOf`) tried apart.
   */
  family?: { name: string; items: readonly OpenItem[]; asOf: string } | null;
}

export interface Suggestion {
  sysObligorCode: string;
  allocations: { sysInvoiceNum: string; amount: number }[];
  tds: { section: string; amount: number } | null;
  writeOff: number;
  onAccount: number;
  /** 0 to 1: how sure the evidence makes the match. */
  confidence: number;
  reasons: string[];
}

export interface MatchSettings extends DeductionSettings {
  /** Applied without a person above this confidence; null (the default) until the client trusts it. */
  autoApplyAbove: number | null;
  /** No suggestion below this confidence: the line stays UNMATCHED. */
  suggestAbove: number;
}

export const DEFAULT_MATCH_SETTINGS: Omit<MatchSettings, keyof DeductionSettings> = {
  autoApplyAbove: null,
  suggestAbove: 0.5,
};

const BASE_CONFIDENCE = { INVOICE: 0.95, VPA: 0.85, ACCOUNT: 0.85, CODE: 0.8, NAME: 0.65 } as const;
/** Each assumption beyond the evidence costs confidence. */
const DEDUCTION_COST: Record<DeductionKind, number> = {
  EXACT: 0,
  TDS: 0.05,
  DIFFERENCE: 0.1,
  TDS_AND_DIFFERENCE: 0.15,
  EXCESS: 0.2,
};
const PER_EXTRA_INVOICE = 0.03;
/** Named invoices paid in part: the customer said which, not that the amount is all of it. */
const PART_PAYMENT = 0.7;
/** A payer key shared by several customers: each is possible, none known. */
const SHARED_KEY_COST = 0.1;
/** Another account of the payer's family paid: likely, as groups pay together, but not the payer's own. */
const FAMILY_COST = 0.1;
/** A family's whole balance or overdue is one figure however many bills: its cost stops growing here. */
const MAX_EXTRA_INVOICES_OF_A_WHOLE = 3;
/** Bills a reason names before "and N more". */
const BILLS_SHOWN = 6;

const rupees = (paise: number) => formatMoney(paise / 100);

function deductionReason(d: Deduction): string | null {
  const parts: string[] = [];
  if (d.tds) parts.push(`TDS ${d.tds.section} at ${d.tds.rateBp / 100}%: ${rupees(d.tds.amount)}`);
  if (d.writeOff) parts.push(`a difference of ${rupees(d.writeOff)} written off`);
  if (d.onAccount) parts.push(`${rupees(d.onAccount)} beyond the invoices on account`);
  return parts.length ? parts.join('; ') : null;
}

function familyReason(allocation: Allocation, family: string): string {
  const { items, whole } = allocation;
  const bills = items.length === 1 ? 'one bill' : `${items.length} bills`;
  const shown = items.slice(0, BILLS_SHOWN).map(itemLabel).join(', ');
  const more = items.length > BILLS_SHOWN ? ` and ${items.length - BILLS_SHOWN} more` : '';
  const what =
    whole === 'ALL'
      ? `the whole balance of the ${family} group, ${bills}`
      : whole === 'OVERDUE'
        ? `the whole overdue of the ${family} group, ${bills}`
        : `${bills} of the ${family} group`;
  return `the amount pays ${what}: ${shown}${more}`;
}

function suggestion(allocation: Allocation, base: number, evidence: string, family?: string): Suggestion {
  const { items, deduction } = allocation;
  const count = items.length;
  const invoices =
    count === 1 ? 'one invoice' : allocation.whole === 'ALL' ? `all ${count} open invoices` : `${count} invoices`;
  const reasons = [
    evidence,
    family === undefined ? `the amount settles ${invoices}, oldest first` : familyReason(allocation, family),
  ];
  const why = deductionReason(deduction);
  if (why) reasons.push(why);
  const extra =
    family !== undefined && allocation.whole
      ? Math.min(MAX_EXTRA_INVOICES_OF_A_WHOLE, count - 1)
      : Math.max(0, count - 1);
  const confidence =
    base - DEDUCTION_COST[deduction.kind] - PER_EXTRA_INVOICE * extra - (family === undefined ? 0 : FAMILY_COST);
  return {
    sysObligorCode: items[0]!.sysObligorCode,
    allocations: items.map((i) => ({ sysInvoiceNum: i.sysInvoiceNum, amount: i.open })),
    tds: deduction.tds && { section: deduction.tds.section, amount: deduction.tds.amount },
    writeOff: deduction.writeOff,
    onAccount: deduction.onAccount,
    confidence: Math.round(Math.max(0, confidence) * 100) / 100,
    reasons,
  };
}

/** Less than the named invoices ask and no deduction explains it: paid towards them, oldest first. */
function partPayment(
  received: number,
  named: readonly OpenItem[],
  said: string,
  confidence = PART_PAYMENT,
): Suggestion {
  let left = received;
  const allocations: Suggestion['allocations'] = [];
  for (const item of [...named].sort(oldestFirst)) {
    if (left <= 0 || item.open <= 0) continue;
    const amount = Math.min(left, item.open);
    allocations.push({ sysInvoiceNum: item.sysInvoiceNum, amount });
    left -= amount;
  }
  return {
    sysObligorCode: named[0]!.sysObligorCode,
    allocations,
    tds: null,
    writeOff: 0,
    onAccount: left,
    confidence,
    reasons: [said, left > 0 ? `${rupees(left)} beyond them on account` : 'part of what they ask, oldest first'],
  };
}

/**
 * A credit's status and up to three suggestions, each with why. Named invoices come first (all of
 * one customer); then the learned payer's open items. Two equally good suggestions make neither
 * sure: the best is kept below the auto-apply threshold.
 */
export function matchLine(
  evidence: LineEvidence,
  settings: MatchSettings,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
): { status: 'MATCHED' | 'SUGGESTED' | 'UNMATCHED'; suggestions: Suggestion[]; wantsFamily: boolean } {
  const suggestions: Suggestion[] = [];
  /** Suggestions a person confirms: bills of several accounts make a receipt per account, never written unseen. */
  const neverAlone = new Set<Suggestion>();
  let wantsFamily = false;
  /** Invoices of one customer a source names: all of them as the amount bears out, else paid towards them. */
  const namedInvoices = (named: readonly OpenItem[], said: string, base: number) => {
    if (new Set(named.map((i) => i.sysObligorCode)).size !== 1) return;
    const items = named.filter((i) => i.open > 0).sort(oldestFirst);
    const deduction = items.length ? deductionFor(evidence.received, billedOf(items, settings), settings) : null;
    if (deduction) suggestions.push(suggestion({ items, deduction, whole: false }, base, said));
    else if (items.length)
      suggestions.push(partPayment(evidence.received, items, said, Math.min(PART_PAYMENT, base - 0.25)));
  };
  for (const advice of evidence.advice ?? []) namedInvoices(advice.items, advice.said, advice.confidence);
  namedInvoices(
    evidence.named,
    `the narration names ${evidence.named.map(itemLabel).join(', ')}`,
    BASE_CONFIDENCE.INVOICE,
  );
  if (evidence.payer) {
    const by = evidence.payer.by;
    const seen =
      by === 'CODE'
        ? `the narration names the customer ${evidence.payer.sysObligorCode}`
        : `the payer's ${by === 'VPA' ? 'UPI address' : by === 'ACCOUNT' ? 'account' : 'name'} paid this customer before`;
    const own = allocationsFor(evidence.received, evidence.payerItems, settings, limits);
    for (const allocation of own) suggestions.push(suggestion(allocation, BASE_CONFIDENCE[by], seen));
    // Only the whole balance and more on account is no fit: the family may owe the amount exactly.
    const fits = own.some((a) => a.deduction.kind !== 'EXCESS');
    const family = evidence.family;
    wantsFamily = !fits && family === undefined;
    if (!fits && family)
      for (const allocation of allocationsFor(evidence.received, family.items, settings, limits, 3, family.asOf)) {
        const made = suggestion(allocation, BASE_CONFIDENCE[by], seen, family.name);
        if (new Set(allocation.items.map((i) => i.sysObligorCode)).size > 1) {
          // Applied as the paying account (its payer learned, any remainder on its account), a receipt
          // per account of the bills (apply-line.ts), once a person has seen it.
          made.sysObligorCode = evidence.payer.sysObligorCode;
          neverAlone.add(made);
        }
        suggestions.push(made);
      }
  }
  for (const possible of evidence.payer ? [] : (evidence.possiblePayers ?? [])) {
    const seen = `the payer's ${possible.by === 'NAME' ? 'name' : possible.by === 'VPA' ? 'UPI address' : 'account'} paid this customer and another before`;
    for (const allocation of allocationsFor(evidence.received, possible.items, settings, limits))
      suggestions.push(suggestion(allocation, BASE_CONFIDENCE[possible.by] - SHARED_KEY_COST, seen));
  }
  const key = (s: Suggestion) => s.allocations.map((a) => a.sysInvoiceNum).join('|');
  const unique = suggestions
    .filter((s, i) => suggestions.findIndex((t) => key(t) === key(s)) === i)
    .filter((s) => s.confidence >= settings.suggestAbove)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, 3);
  if (unique.length > 1 && unique[0]!.confidence === unique[1]!.confidence) {
    unique[0]!.reasons.push('another match is as likely');
  }
  const top = unique[0];
  const sure =
    top !== undefined &&
    settings.autoApplyAbove !== null &&
    top.confidence >= settings.autoApplyAbove &&
    !neverAlone.has(top) &&
    !(unique.length > 1 && unique[1]!.confidence === top.confidence);
  return { status: sure ? 'MATCHED' : unique.length ? 'SUGGESTED' : 'UNMATCHED', suggestions: unique, wantsFamily };
}
