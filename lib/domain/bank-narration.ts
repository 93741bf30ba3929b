/**
 * What an Indian bank statement's narration says about a credit: the payment channel, its
 * reference, who paid and which of our invoices or customers it names. Pure: the statement reader
 * and the matcher call it line by line.
 *
 * Every bank writes the same facts in its own order, so the reader does not rely on one layout:
 * it recognises each fact by its shape and uses the layout only to pick the payer's name. Layouts
 * checked against published statement samples (public parsers' fixtures and format notes):
 * - HDFC: `NEFT CR-<IFSC>-<REMITTER>-<BENEFICIARY>-<UTR>`, `RTGS CR-…` the same,
 *   `UPI-<NAME>-<VPA>-<IFSC>-<RRN>-<NOTE>`, `IMPS-<RRN>-<NAME>-<BANK>-<ACCOUNT>-<NOTE>`.
 * - ICICI: `NEFT-<UTR>-<NAME>-…`, `UPI/<RRN>/<NOTE>/<VPA>/<BANK>/<ID>` (no name),
 *   `MMT/IMPS/<RRN>/<NOTE>/<NAME>/<BANK>`, `CLG/…` for cheques in clearing.
 * - Axis: `NEFT/<UTR>/<NAME>/<BANK>/<ACCOUNT>`, `UPI/P2A/<RRN>/<NAME>/<BANK>/<NOTE>`,
 *   `IMPS/P2A/<RRN>/<NAME>/<BANK>/<NOTE>`.
 * - SBI: `BY TRANSFER-NEFT*<IFSC>*<UTR>*<NAME>--`, `BY TRANSFER-UPI/CR/<RRN>/<NAME>/<BANK>/<VPA>/<NOTE>`.
 * - Kotak: `NEFT <UTR> <NAME>`, `UPI/<NAME>/<RRN>/<NOTE>`.
 * The SBI and Kotak layouts are the least certain; the shape rules below read them regardless.
 */
import { IFSC_PATTERN } from './upi';

export const CHANNELS = ['NEFT', 'RTGS', 'IMPS', 'UPI', 'CHEQUE', 'CASH', 'OTHER'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface NarrationFacts {
  channel: Channel;
  /** The NEFT/RTGS Unique Transaction Reference: the sender's bank code (4 letters), then 12 or 18 more. */
  utr: string | null;
  /** The IMPS/UPI retrieval reference number (RRN): 12 digits. */
  rrn: string | null;
  /** The payer's UPI address, lower case. */
  vpa: string | null;
  /** The payer as the bank writes it (often cut short), upper case. */
  payerName: string | null;
  /** The payer's account number, possibly masked (XXXXXXXX1234). */
  payerAccount: string | null;
  /** The payer's branch (IFSC), when the narration carries it. */
  ifsc: string | null;
  /** A cheque's 6-digit number (the MICR band's cheque number). */
  chequeNumber: string | null;
  /** A cheque that came back unpaid (the reversal of a deposit). */
  returned: boolean;
  /** A bank charge (for a return, a transfer): never a customer's money. */
  charge: boolean;
  /** Our invoice numbers named in the narration, as we write them. */
  invoiceNumbers: string[];
  /** Our customer codes named in the narration, as we write them. */
  customerCodes: string[];
}

/**
 * What the reader looks the narration's words up in. Narrations drop separators and spaces
 * ("INV20260412" for INV/2026/0412), so numbers are compared by their letters and digits only.
 */
export interface ReferenceBook {
  /** Compact form (letters and digits, upper case) → our numbers written that way. */
  readonly invoices: ReadonlyMap<string, readonly string[]>;
  readonly customers: ReadonlyMap<string, readonly string[]>;
  /**
   * The shapes of the client's invoice numbers, for a reader without the list (a preview): every
   * match is a candidate. Ignored when `invoices` is not empty, which is exact.
   */
  readonly invoicePatterns: readonly RegExp[];
}

/** Letters and digits only, upper case: the form in which a narration and a number are compared. */
export function compactReference(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function compactMap(values: Iterable<string> | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const value of values ?? []) {
    const key = compactReference(value);
    if (key.length < MIN_REFERENCE_CHARS) continue;
    const list = map.get(key);
    if (!list) map.set(key, [value]);
    else if (!list.includes(value)) list.push(value);
  }
  return map;
}

/** Shorter words ("CR", "12", "INV") would find numbers by chance. */
const MIN_REFERENCE_CHARS = 4;
/** A number spans at most this many words of a narration (INV / 2026 / 0412 is three). */
const MAX_REFERENCE_WORDS = 4;

export function referenceBook(input: {
  invoiceNumbers?: Iterable<string>;
  customerCodes?: Iterable<string>;
  invoicePatterns?: readonly RegExp[];
}): ReferenceBook {
  return {
    invoices: compactMap(input.invoiceNumbers),
    customers: compactMap(input.customerCodes),
    invoicePatterns: input.invoicePatterns ?? [],
  };
}

const EMPTY_BOOK = referenceBook({});

// --- Shapes -------------------------------------------------------------------------------------

/**
 * NEFT/RTGS UTR: the remitting bank's 4-letter code, a channel letter (N for NEFT, R for RTGS, H
 * and others by bank), then a date and a sequence: 16 characters (older NEFT, `XXXXAYYDDD999999`)
 * or 22 (RTGS `XXXXRCYYYYMMDD########`, and NEFT since 2019, e.g. `HDFCN52022…`). Mostly digits,
 * which tells it from a word.
 */
const UTR = /(?<![A-Z0-9])[A-Z]{4}[A-Z0-9]{12}(?:[A-Z0-9]{6})?(?![A-Z0-9])/g;
const isUtr = (token: string) => (token.match(/\d/g)?.length ?? 0) >= 10;
/** IMPS and UPI: NPCI's 12-digit RRN (the first digit is the year's last, then the day of year). */
const RRN = /(?<!\d)\d{12}(?!\d)/;
/**
 * A UPI address inside running text. Narrower than VPA_PATTERN (lib/domain/upi.ts) on purpose:
 * HDFC separates fields with hyphens on both sides of it (`TRADE-sgt@okhdfcbank-HDFC0000123`), so
 * neither part takes a hyphen; PSP handles are letters and digits (okhdfcbank, ybl, paytm).
 */
const VPA = /(?<![A-Za-z0-9._])[A-Za-z0-9._]{2,}@[A-Za-z][A-Za-z0-9]{1,30}/;
const IFSC = new RegExp(`(?<![A-Z0-9])${IFSC_PATTERN.source.replace(/^\^|\$$/g, '')}(?![A-Z0-9])`);
/** An account number: 9-18 digits, or masked with X's before its last digits. */
const ACCOUNT = /(?<![A-Z0-9])(?:X{2,}\d{3,6}|\d{9,18})(?![A-Z0-9])/;
const CHEQUE_NUMBER = /(?<!\d)\d{6}(?!\d)/;

// --- Channel ------------------------------------------------------------------------------------

/**
 * Returned cheques: HDFC `CHQ RET`/`O/W RTN CHQ`, ICICI `I/W CHQ RTN` / `RETURN CHQ`, SBI
 * `CHQ RETURN`, "cheque bounced". Outward (our deposit came back) and inward (our own cheque) read
 * alike; only a debit reversing a deposit concerns cash application, which the caller knows.
 */
const RETURNED =
  /\b(?:(?:CHQ|CHEQUE|CLG|INST)\s*(?:RET|RTN|RETURN(?:ED)?|BOUNCE[D]?)|(?:RET|RTN|RETURN(?:ED)?)\s*(?:CHQ|CHEQUE|CLG)|(?:I\/W|O\/W|INW|OW|INWARD|OUTWARD)\s*(?:CHQ\s*)?(?:RET|RTN|RETURN))\b/;
const CHARGE = /\b(?:CHG|CHGS|CHRG|CHRGS|CHARGE|CHARGES|GST\s+ON)\b/;
const CHEQUE = /\b(?:CHQ|CHEQUE|CLG|CLEARING|CTS|MICR|I\/W|O\/W)\b/;
const CASH = /\b(?:CASH|CSH|CDM)\b/;

function channelOf(text: string): Channel {
  if (RETURNED.test(text)) return 'CHEQUE';
  if (/\bUPI\b/.test(text)) return 'UPI';
  if (/\bIMPS\b/.test(text)) return 'IMPS';
  if (/\bRTGS\b/.test(text)) return 'RTGS';
  if (/\bNEFT\b/.test(text)) return 'NEFT';
  if (CHEQUE.test(text)) return 'CHEQUE';
  if (CASH.test(text)) return 'CASH';
  return 'OTHER';
}

// --- Payer's name -------------------------------------------------------------------------------

/** Words a bank puts between the facts; never a payer's name. */
const NOT_A_NAME = new Set([
  'NEFT',
  'RTGS',
  'IMPS',
  'UPI',
  'CR',
  'DR',
  'NEFT CR',
  'RTGS CR',
  'NEFT DR',
  'BY TRANSFER',
  'TO TRANSFER',
  'TRANSFER',
  'MMT',
  'P2A',
  'P2M',
  'PAYMENT',
  'PAYMENT FROM PHONE',
  'PAY',
  'NA',
  'OK',
  'NO REMARKS',
  'REQPAY',
  'INB',
  'ATTN',
  'FAST',
  'SENT USING PAYTM UPI',
  'UPI PAYMENT',
  'COLLECT',
  'BY CLEARING',
  'CHQ DEP',
  'BY CASH',
]);
/** A bank's name in a field of its own (IMPS and UPI lines name the payer's bank), often cut short. */
const BANK_WORDS =
  /\bBANK?\b|\bBANKOF\b|^(?:HDFC|ICICI|ICICIBAN|SBI|SBIN|AXIS|KOTAK|KOTAK MAHINDRA|IDFC FIRST|PNB|UCO)$/;

function nameLike(segment: string): string | null {
  const name = segment.replace(/\s+/g, ' ').trim();
  if (!/^[A-Z][A-Z .&'()]*$/.test(name)) return null; // letters only: a name, not a reference or a note with numbers
  if ((name.match(/[A-Z]/g)?.length ?? 0) < 3) return null;
  if (NOT_A_NAME.has(name) || BANK_WORDS.test(name)) return null;
  return name;
}

/** The narration's fields: the banks separate them with `/`, `-`, `*` or `:`. */
function segmentsOf(text: string): string[] {
  return text
    .split(/\s*[/*:-]+\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function payerNameOf(text: string, channel: Channel, facts: { rrn: string | null }): string | null {
  const segments = segmentsOf(text);
  // ICICI's UPI line carries the remitter's note where others put the name, and no name at all.
  if (channel === 'UPI' && facts.rrn && new RegExp(`^UPI/${facts.rrn}/`).test(text)) return null;
  // ICICI's IMPS line: MMT/IMPS/<RRN>/<NOTE>/<NAME>/<BANK>: the name is the field before the bank.
  if (text.startsWith('MMT/IMPS/') && segments.length >= 5) return nameLike(segments[segments.length - 2]!);
  for (const segment of segments) {
    const name = nameLike(segment);
    if (name) return name;
  }
  return null;
}

// --- Our numbers --------------------------------------------------------------------------------

function lookUp(words: string[], map: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let key = '';
    for (let j = i; j < Math.min(words.length, i + MAX_REFERENCE_WORDS); j++) {
      key += words[j];
      for (const value of map.get(key) ?? []) if (!found.includes(value)) found.push(value);
    }
  }
  return found;
}

function patternMatches(text: string, patterns: readonly RegExp[]): string[] {
  const found: string[] = [];
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const m of text.matchAll(global)) if (!found.includes(m[0])) found.push(m[0]);
  }
  return found;
}

// --- The reader ---------------------------------------------------------------------------------

export interface NarrationContext {
  /** The statement's cheque/reference column, which often holds what the narration leaves out. */
  reference?: string | null;
  book?: ReferenceBook;
}

function take(text: string, pattern: RegExp): { value: string | null; rest: string } {
  const m = pattern.exec(text);
  if (!m) return { value: null, rest: text };
  return { value: m[0], rest: text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length) };
}

/** A reference column's digits without the zeros banks pad it with (HDFC: 16 digits). */
const unpadded = (reference: string) => reference.replace(/^0+(?=\d)/, '');

export function readNarration(narration: string, context: NarrationContext = {}): NarrationFacts {
  const text = narration.replace(/\s+/g, ' ').trim().toUpperCase();
  const reference = context.reference?.trim().toUpperCase() ?? '';
  const book = context.book ?? EMPTY_BOOK;
  const channel = channelOf(text);
  const returned = RETURNED.test(text);
  const charge = CHARGE.test(text);

  // Each fact found is cut out of the rest, so that no later shape reads its digits again.
  let rest = text;
  const vpaTaken = take(rest, VPA);
  rest = vpaTaken.rest;
  let utr: string | null = null;
  for (const m of rest.matchAll(UTR)) {
    if (isUtr(m[0])) {
      utr = m[0];
      rest = rest.replace(m[0], ' ');
      break;
    }
  }
  const ifscTaken = take(rest, IFSC);
  rest = ifscTaken.rest;
  const rrnTaken = channel === 'UPI' || channel === 'IMPS' ? take(rest, RRN) : { value: null, rest };
  rest = rrnTaken.rest;
  let chequeNumber: string | null = null;
  if (channel === 'CHEQUE') {
    const cheque = take(rest, CHEQUE_NUMBER);
    chequeNumber = cheque.value;
    rest = cheque.rest;
  }
  const accountTaken =
    channel === 'NEFT' || channel === 'RTGS' || channel === 'IMPS' ? take(rest, ACCOUNT) : { value: null, rest };
  rest = accountTaken.rest;

  // What the narration leaves out, the reference column may hold.
  const refDigits = /^\d+$/.test(reference) ? unpadded(reference) : '';
  if (!utr && (channel === 'NEFT' || channel === 'RTGS') && new RegExp(`^${UTR.source}$`).test(reference))
    utr = isUtr(reference) ? reference : null;
  let rrn = rrnTaken.value;
  if (!rrn && (channel === 'UPI' || channel === 'IMPS') && /^0*\d{12}$/.test(reference)) rrn = reference.slice(-12);
  if (!chequeNumber && channel === 'CHEQUE' && refDigits && refDigits.length <= 6)
    chequeNumber = refDigits.padStart(6, '0');

  const words = rest.split(/[^A-Z0-9]+/).filter(Boolean);
  const invoiceNumbers =
    book.invoices.size > 0 ? lookUp(words, book.invoices) : patternMatches(rest, book.invoicePatterns);
  const customerCodes = lookUp(words, book.customers);

  return {
    channel,
    utr,
    rrn,
    vpa: vpaTaken.value?.toLowerCase() ?? null,
    payerName: channel === 'CHEQUE' || channel === 'CASH' ? null : payerNameOf(text, channel, { rrn }),
    payerAccount: accountTaken.value,
    ifsc: ifscTaken.value,
    chequeNumber,
    returned,
    charge,
    invoiceNumbers,
    customerCodes,
  };
}
