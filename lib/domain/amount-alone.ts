/**
 * The last evidence of a credit (issue 53): when nothing names the payer (no invoice number, no
 * remittance advice, no learned payer, no customer code), its amount against every customer's open
 * items. An open amount equal to the credit to the paisa, or equal once the customer's TDS at one of
 * the client's rates is taken off (to the paisa or to the rupee, as a customer's books deduct it), is
 * a hint, never a proof: it is suggested below any auto-apply threshold, and only while few
 * customers owe that amount. Pure, in paise.
 */
import { itemLabel, type OpenItem, type Suggestion } from './cash-match';
import { formatMoney } from './format';
import { taxableOf, type DeductionSettings, type TdsRate } from './tds';

export interface AmountCandidate {
  item: OpenItem;
  /** The TDS the credit is short of the item by; null when it is the open amount itself. */
  tds: (TdsRate & { amount: number }) | null;
}

/** One customer owes the amount: a hint worth a look. */
const ONE_CUSTOMER = 0.6;
/** Two or three customers owe it: each as likely, each less sure. */
const FEW_CUSTOMERS = 0.52;
/** The amount less TDS: one assumption more. */
const TDS_COST = 0.02;
/** More customers than this owe the amount: it tells nothing, the credit stays unmatched. */
export const MAX_AMOUNT_CUSTOMERS = 3;

/**
 * The open items by what would pay them: the open amount, and for each of the client's TDS rates
 * the open amount less the TDS on its taxable share, exact and rounded to the rupee. Built once per
 * statement from the items already read (open-items-book.ts), then one lookup per credit: a
 * million invoices cost no query per line.
 */
export function amountIndex(
  items: Iterable<OpenItem>,
  settings: DeductionSettings,
): (received: number) => readonly AmountCandidate[] {
  const index = new Map<number, AmountCandidate[]>();
  const add = (key: number, candidate: AmountCandidate) => {
    const list = index.get(key);
    if (!list) index.set(key, [candidate]);
    else if (!list.some((c) => c.item === candidate.item)) list.push(candidate);
  };
  for (const item of items) {
    if (item.open <= 0) continue;
    add(item.open, { item, tds: null });
    const taxable = taxableOf({ gross: item.open, taxable: item.taxable }, settings.gstRateBp);
    for (const rate of settings.tdsRates) {
      const exact = Math.round((taxable * rate.rateBp) / 10_000);
      const toRupee = Math.round(exact / 100) * 100;
      for (const amount of new Set([exact, toRupee]))
        if (amount > 0 && amount < item.open) add(item.open - amount, { item, tds: { ...rate, amount } });
    }
  }
  return (received) => index.get(received) ?? [];
}

const rupees = (paise: number) => formatMoney(paise / 100);

/**
 * The suggestions an amount alone makes: one customer owing it, at 0.6 (0.58 less TDS); two or
 * three, each at 0.52 (0.5); more, none. Of a customer's items the exact one first, then the oldest.
 */
export function matchByAmount(
  candidates: readonly AmountCandidate[],
  settings: { suggestAbove: number },
): { status: 'SUGGESTED' | 'UNMATCHED'; suggestions: Suggestion[] } {
  const best = new Map<string, AmountCandidate>();
  for (const c of candidates) {
    const code = c.item.sysObligorCode;
    const held = best.get(code);
    const better =
      !held ||
      (held.tds !== null && c.tds === null) ||
      ((held.tds === null) === (c.tds === null) && c.item.date < held.item.date);
    if (better) best.set(code, c);
  }
  if (!best.size || best.size > MAX_AMOUNT_CUSTOMERS) return { status: 'UNMATCHED', suggestions: [] };
  const base = best.size === 1 ? ONE_CUSTOMER : FEW_CUSTOMERS;
  const suggestions = [...best.values()]
    .map((c): Suggestion => {
      const { item, tds } = c;
      const owed = tds
        ? `${itemLabel(item)} of ${item.sysObligorCode} (${rupees(item.open)}) less TDS ${tds.section} at ${tds.rateBp / 100}% (${rupees(tds.amount)})`
        : `${itemLabel(item)} of ${item.sysObligorCode}`;
      const reasons = [`the amount equals ${owed} exactly; nothing else names the payer`];
      if (best.size > 1) reasons.push(`${best.size} customers owe this amount: only a person can tell which paid`);
      return {
        sysObligorCode: item.sysObligorCode,
        allocations: [{ sysInvoiceNum: item.sysInvoiceNum, amount: item.open }],
        tds: tds && { section: tds.section, amount: tds.amount },
        writeOff: 0,
        onAccount: 0,
        confidence: Math.round((base - (tds ? TDS_COST : 0)) * 100) / 100,
        reasons,
      };
    })
    .filter((s) => s.confidence >= settings.suggestAbove)
    .sort((a, b) => b.confidence - a.confidence || (a.sysObligorCode < b.sysObligorCode ? -1 : 1));
  return { status: suggestions.length ? 'SUGGESTED' : 'UNMATCHED', suggestions };
}
