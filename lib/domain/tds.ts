/**
 * What explains a receipt short of the invoices it pays: tax the customer deducted at source (TDS)
 * and small differences the client writes off. Pure, in paise (integers), rates in basis points.
 *
 * TDS is deducted on the value before GST (the taxable value): 194Q (purchase of goods) 0.1%,
 * 194C (contractors) 1% for an individual or HUF and 2% for others, 194J (fees for technical
 * services) 2% and (professional services) 10%. An invoice carries its taxable value when the ERP
 * exports it (`taxable_amount`); without it, the client's usual GST rate is taken off the gross.
 */

export type TdsSection = '194Q' | '194C' | '194J';

export interface TdsRate {
  section: TdsSection;
  /** Basis points of the taxable value: 10 is 0.1%. */
  rateBp: number;
}

/** Every rate the product knows, in the order a tie is settled (194C and 194J both have 2%). */
export const TDS_RATES: readonly TdsRate[] = [
  { section: '194Q', rateBp: 10 },
  { section: '194C', rateBp: 100 },
  { section: '194C', rateBp: 200 },
  { section: '194J', rateBp: 200 },
  { section: '194J', rateBp: 1000 },
];

/** A difference small enough to write off: it must keep within every limit the client set. */
export interface Tolerance {
  /** Paise, e.g. 10,000 for ₹100; null: no limit by amount. */
  maxPaise: number | null;
  /** Basis points of what the invoices ask, e.g. 10 for 0.1%; null: no limit by share. */
  maxBp: number | null;
}

export interface DeductionSettings {
  /** The GST rate to assume for an invoice without its taxable value, in basis points (1800: 18%). */
  gstRateBp: number;
  /** The rates the client's customers deduct at, in the order a tie is settled. */
  tdsRates: readonly TdsRate[];
  tolerance: Tolerance;
}

export const DEFAULT_DEDUCTION_SETTINGS: DeductionSettings = {
  gstRateBp: 1800,
  tdsRates: TDS_RATES,
  tolerance: { maxPaise: 10_000, maxBp: null },
};

export interface Billed {
  /** What the invoices ask, GST included. */
  gross: number;
  /** Their value before GST, where known. */
  taxable: number | null;
}

/** The taxable value of an invoice: its own, else the gross less the client's usual GST. */
export function taxableOf(item: Billed, gstRateBp: number): number {
  return item.taxable ?? Math.round((item.gross * 10_000) / (10_000 + gstRateBp));
}

/** TDS rounds to the rupee (Income-tax Act s. 288B); each invoice deducted on its own may round apart. */
const ROUNDING_SLACK_PER_INVOICE = 100;

export type DeductionKind = 'EXACT' | 'TDS' | 'DIFFERENCE' | 'TDS_AND_DIFFERENCE' | 'EXCESS';

/** Fewer assumptions first: the order in which two explanations of a receipt are ranked. */
export const DEDUCTION_RANK: Record<DeductionKind, number> = {
  EXACT: 0,
  TDS: 1,
  DIFFERENCE: 2,
  TDS_AND_DIFFERENCE: 3,
  EXCESS: 4,
};

export interface Deduction {
  kind: DeductionKind;
  tds: { section: TdsSection; rateBp: number; amount: number } | null;
  /** Short of the invoices and neither TDS nor more than the tolerance: written off. */
  writeOff: number;
  /** Paid beyond the invoices: kept on account. */
  onAccount: number;
}

export function withinTolerance(difference: number, gross: number, tolerance: Tolerance): boolean {
  if (difference < 0) return false;
  if (tolerance.maxPaise === null && tolerance.maxBp === null) return difference === 0;
  if (tolerance.maxPaise !== null && difference > tolerance.maxPaise) return false;
  if (tolerance.maxBp !== null && difference * 10_000 > gross * tolerance.maxBp) return false;
  return true;
}

/**
 * How `received` settles invoices asking `gross` (of which `taxable` before GST, over `count`
 * invoices): exactly; short by TDS at one of the client's rates (the whole shortfall is the TDS
 * when it is the rate's amount give or take the rupee rounding of each invoice); short by a small
 * difference; TDS and a small difference; or beyond the invoices (the excess on account). Null when
 * nothing explains the shortfall.
 */
export function deductionFor(
  received: number,
  billed: { gross: number; taxable: number; count: number },
  settings: DeductionSettings,
): Deduction | null {
  const short = billed.gross - received;
  if (short === 0) return { kind: 'EXACT', tds: null, writeOff: 0, onAccount: 0 };
  if (short < 0) return { kind: 'EXCESS', tds: null, writeOff: 0, onAccount: -short };
  const slack = ROUNDING_SLACK_PER_INVOICE * Math.max(1, billed.count);
  for (const rate of settings.tdsRates) {
    const expected = (billed.taxable * rate.rateBp) / 10_000;
    if (Math.abs(short - expected) <= slack) {
      return { kind: 'TDS', tds: { ...rate, amount: short }, writeOff: 0, onAccount: 0 };
    }
  }
  if (withinTolerance(short, billed.gross, settings.tolerance))
    return { kind: 'DIFFERENCE', tds: null, writeOff: short, onAccount: 0 };
  for (const rate of settings.tdsRates) {
    // Deducted to the rupee, as a customer's books do.
    const tds = Math.round((billed.taxable * rate.rateBp) / 10_000 / 100) * 100;
    if (tds > 0 && tds < short && withinTolerance(short - tds, billed.gross, settings.tolerance)) {
      return { kind: 'TDS_AND_DIFFERENCE', tds: { ...rate, amount: tds }, writeOff: short - tds, onAccount: 0 };
    }
  }
  return null;
}

/**
 * The quarter a TDS credit belongs to, as Form 26AS and the TDS returns (24Q/26Q) count them: the
 * Indian financial year runs April to March; Q1 is April to June, Q4 January to March.
 */
export function tdsQuarter(day: string): { financialYear: string; quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4' } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const quarter = month >= 4 && month <= 6 ? 'Q1' : month <= 9 && month >= 7 ? 'Q2' : month >= 10 ? 'Q3' : 'Q4';
  return { financialYear: `${start}-${String((start + 1) % 100).padStart(2, '0')}`, quarter };
}
