/**
 * A customer's remittance advice ("I have paid": amount, day, UTR or cheque number, bills) as
 * evidence for a bank credit (issue 53, read before the narration): an advice whose reference is
 * the line's UTR, RRN, cheque number or reference names the bills surely; one of the same amount
 * to the paisa, paid up to a few days before the credit's value date, less surely. Pure, in paise.
 */
import { itemLabel, type AdviceEvidence, type OpenItem } from './cash-match';
import { formatDayInput } from './day-input';

export interface OpenAdvice {
  id: number;
  sysObligorCode: string;
  /** Paise the customer says they paid. */
  amount: number;
  /** YYYY-MM-DD. */
  paidOn: string;
  /** The UTR or cheque number the customer gave. */
  reference: string;
  /** sys_invoice_num of each bill it names. */
  invoices: readonly string[];
}

export interface CreditFacts {
  /** Paise credited. */
  credit: number;
  /** The value date, else the transaction date: YYYY-MM-DD. */
  date: string;
  /** The line's UTR, RRN, cheque number and bank reference, those it has. */
  references: readonly (string | null)[];
}

/** Days a transfer or cheque may take between the day the customer paid and the credit's value date. */
export const ADVICE_DAYS_BEFORE = 5;
/** The advice's reference is the bank's: the customer said which bills. */
export const ADVICE_BY_REFERENCE = 0.97;
/** Same amount within the days: likely the payment, but another of the same amount could be. */
export const ADVICE_BY_AMOUNT = 0.75;

/** A reference as the bank and the customer may each write it: case and leading zeros aside. */
export function referenceKey(reference: string | null | undefined): string {
  return (reference ?? '')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .replace(/^0+/, '');
}

const dayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/** How an advice fits a credit: by its reference, by amount and day, or not at all. */
export function adviceFit(advice: OpenAdvice, line: CreditFacts): 'REFERENCE' | 'AMOUNT' | null {
  const own = referenceKey(advice.reference);
  // A reference of a few characters would match by chance.
  if (own.length >= 4 && line.references.some((r) => referenceKey(r) === own)) return 'REFERENCE';
  const days = dayNumber(line.date) - dayNumber(advice.paidOn);
  if (advice.amount === line.credit && days >= 0 && days <= ADVICE_DAYS_BEFORE) return 'AMOUNT';
  return null;
}

/**
 * The advices that fit a credit, as the matcher's evidence: those by reference only when there are
 * any, else those by amount and day; each with its bills still open (an advice whose bills are all
 * paid is no evidence).
 */
export function adviceEvidence(
  advices: readonly OpenAdvice[],
  line: CreditFacts,
  openItem: (sysInvoiceNum: string) => OpenItem | undefined,
): (AdviceEvidence & { adviceId: number })[] {
  if (line.credit <= 0) return [];
  const fits = advices.map((advice) => ({ advice, fit: adviceFit(advice, line) }));
  const byReference = fits.filter((f) => f.fit === 'REFERENCE');
  const chosen = byReference.length ? byReference : fits.filter((f) => f.fit === 'AMOUNT');
  return chosen.flatMap(({ advice, fit }) => {
    const items = advice.invoices.map(openItem).filter((i): i is OpenItem => i !== undefined && i.open > 0);
    if (!items.length) return [];
    const how = fit === 'REFERENCE' ? `reference ${advice.reference}` : 'the same amount';
    return [
      {
        adviceId: advice.id,
        said: `the customer's remittance advice of ${formatDayInput(advice.paidOn)} (${how}) names ${items
          .map(itemLabel)
          .join(', ')}`,
        confidence: fit === 'REFERENCE' ? ADVICE_BY_REFERENCE : ADVICE_BY_AMOUNT,
        items,
      },
    ];
  });
}

/** The advice a credit applied to a customer settles: the one by reference first, else by amount and day, the oldest. */
export function adviceSettled(advices: readonly OpenAdvice[], line: CreditFacts): OpenAdvice | undefined {
  const sorted = [...advices].sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : a.id - b.id));
  return sorted.find((a) => adviceFit(a, line) === 'REFERENCE') ?? sorted.find((a) => adviceFit(a, line) === 'AMOUNT');
}
