/**
 * Ageing of open items as of a date (design.md section 3). Money is in integer paise so that sums
 * are exact; dates are 'YYYY-MM-DD' strings read as calendar days (no time zone involved).
 */

export interface AgeingBoundaries {
  b1: number;
  b2: number;
  b3: number;
}

/** The one reading of a client's ageing boundaries from its settings (clients.bucket1..3). */
export function boundariesOf(client: { bucket1: number; bucket2: number; bucket3: number }): AgeingBoundaries {
  return { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 };
}

/** 'Credit Date' (days past due, the default) or invoice date (days since issue). */
export type AgeingBasis = 'CREDIT_DATE' | 'INVOICE_DATE';
export const DEFAULT_AGEING_BASIS: AgeingBasis = 'CREDIT_DATE';

export const CREDIT_BUCKETS = ['current', 'crdBucket1', 'crdBucket2', 'crdBucket3', 'crdBucket4'] as const;
export const INVOICE_BUCKETS = ['invBucket1', 'invBucket2', 'invBucket3', 'invBucket4'] as const;
export type CreditBucket = (typeof CREDIT_BUCKETS)[number];
export type InvoiceBucket = (typeof INVOICE_BUCKETS)[number];
/** Every bucket of both bases, in the order the pages and reports show them. */
export const BUCKET_KEYS = [...CREDIT_BUCKETS, ...INVOICE_BUCKETS] as const;
export type BucketKey = (typeof BUCKET_KEYS)[number];

const DAY_MS = 86_400_000;

export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Credit basis: current when not yet past due, then 1..b1, b1+1..b2, b2+1..b3, over b3. */
export function creditBucket(daysPastDue: number, { b1, b2, b3 }: AgeingBoundaries): CreditBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= b1) return 'crdBucket1';
  if (daysPastDue <= b2) return 'crdBucket2';
  if (daysPastDue <= b3) return 'crdBucket3';
  return 'crdBucket4';
}

/** Invoice basis: 0..b1 days since issue, then as the credit basis. */
export function invoiceBucket(daysSinceIssue: number, { b1, b2, b3 }: AgeingBoundaries): InvoiceBucket {
  if (daysSinceIssue <= b1) return 'invBucket1';
  if (daysSinceIssue <= b2) return 'invBucket2';
  if (daysSinceIssue <= b3) return 'invBucket3';
  return 'invBucket4';
}

/** Labels for the client's boundaries: current, 1-30, 31-60, 61-90, 90+ (credit) or 0-30, ... (invoice). */
export function bucketLabels(
  { b1, b2, b3 }: AgeingBoundaries,
  basis: AgeingBasis = DEFAULT_AGEING_BASIS,
): Record<string, string> {
  const tail = { 2: `${b1 + 1}-${b2}`, 3: `${b2 + 1}-${b3}`, 4: `${b3}+` };
  return basis === 'CREDIT_DATE'
    ? { current: 'current', crdBucket1: `1-${b1}`, crdBucket2: tail[2], crdBucket3: tail[3], crdBucket4: tail[4] }
    : { invBucket1: `0-${b1}`, invBucket2: tail[2], invBucket3: tail[3], invBucket4: tail[4] };
}

/** The buckets of a basis: current and crdBucket1..4 ('Credit Date'), or invBucket1..4. */
export function bucketsOf(basis: AgeingBasis): readonly BucketKey[] {
  return basis === 'CREDIT_DATE' ? CREDIT_BUCKETS : INVOICE_BUCKETS;
}

/** The credit basis's bucket amounts of a row of figures (current, crdBucket1..4), alone. */
export function creditBucketsOf(figures: Record<CreditBucket, number>): Record<CreditBucket, number> {
  return Object.fromEntries(CREDIT_BUCKETS.map((k) => [k, figures[k]])) as Record<CreditBucket, number>;
}

/** A bucket's title on every page and report: 'Current', '1-30 days', ..., '90+ days' ('0-30 days', ... since issue). */
export function bucketTitle(key: BucketKey, boundaries: AgeingBoundaries): string {
  if (key === 'current') return 'Current';
  const basis = (CREDIT_BUCKETS as readonly string[]).includes(key) ? 'CREDIT_DATE' : 'INVOICE_DATE';
  return `${bucketLabels(boundaries, basis)[key]} days`;
}

export interface LedgerItem {
  issueDate: string;
  dueDate: string | null;
  /** Signed: a credit note is negative. */
  amountPaise: number;
  /** What settles the item: payments against it on their day, and allocations of receipts to it from their date. */
  payments: { paidDate: string; amountPaise: number }[];
  /** A payment schedule: parts of the amount, each due on its own date (they sum to the amount). */
  instalments?: { dueDate: string; amountPaise: number }[];
}

/**
 * The parts of an item's open amount by due date. Whatever settles an invoice payable in
 * instalments settles the oldest due first, so the open amount is held by the latest instalments:
 * each holds the least of its amount and what is open beyond the instalments due after it; the
 * last also holds what a debit note added above the amount. Without instalments: one part, due on
 * the item's due date (or its issue date without one).
 */
export function instalmentsOpen(item: LedgerItem, outstanding: number): { dueDate: string; open: number }[] {
  const plan = [...(item.instalments ?? [])].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (!plan.length) return [{ dueDate: item.dueDate ?? item.issueDate, open: outstanding }];
  const total = plan.reduce((sum, k) => sum + k.amountPaise, 0);
  let later = 0;
  const parts: { dueDate: string; open: number }[] = [];
  for (let k = plan.length - 1; k >= 0; k--) {
    const { dueDate, amountPaise } = plan[k]!;
    const held = Math.min(amountPaise, Math.max(outstanding - later, 0));
    parts.unshift({ dueDate, open: later === 0 ? held + Math.max(outstanding - total, 0) : held });
    later += amountPaise;
  }
  return parts;
}

/** A document as the ledger files give it: its number and, for a note raised against an invoice, that invoice's. */
export interface NumberedLedgerItem extends LedgerItem {
  ref: string;
  against?: string | null;
}

/**
 * Notes raised against an invoice, as every figure reads them (the settlements view holds the same
 * rows): from the note's issue date the invoice is settled by the note's amount (a credit note
 * lowers what is owed on it, a debit note raises it: a negative settlement), so the change is aged
 * by the invoice's own dates; and the note is settled by its own amount that day (it is applied),
 * so it never stands alone in a bucket. A note standing alone (no `against`) is an item as before.
 */
export function applyNotes(items: NumberedLedgerItem[]): LedgerItem[] {
  const byRef = new Map(items.map((item) => [item.ref, { ...item, payments: [...item.payments] }]));
  for (const note of items) {
    if (!note.against) continue;
    const invoice = byRef.get(note.against);
    if (!invoice) throw new Error(`note ${note.ref} is against ${note.against}, which is not in the ledger`);
    invoice.payments.push({ paidDate: note.issueDate, amountPaise: -note.amountPaise });
    byRef.get(note.ref)!.payments.push({ paidDate: note.issueDate, amountPaise: note.amountPaise });
  }
  return [...byRef.values()];
}

/**
 * Money received without naming a bill (an advance or on account), with the parts of it applied to
 * invoices (`allocations`, from their date): until applied it is owed back to the customer.
 */
export interface LedgerReceipt {
  paidDate: string;
  amountPaise: number;
  allocations: { allocatedDate: string; amountPaise: number }[];
}

/**
 * Receipts not applied to an item at D, as the negative amount the spec's `unallocated` holds: each
 * receipt received on or before D less its allocations dated on or before D. Zero when none.
 * The net balance (what the customer owes once its unapplied money is counted) = outstanding + this.
 */
export function unallocatedAt(receipts: LedgerReceipt[], asOf: string): number {
  let unapplied = 0;
  for (const receipt of receipts) {
    if (receipt.paidDate > asOf) continue;
    const applied = receipt.allocations
      .filter((a) => a.allocatedDate <= asOf)
      .reduce((sum, a) => sum + a.amountPaise, 0);
    unapplied += receipt.amountPaise - applied;
  }
  return unapplied === 0 ? 0 : -unapplied;
}

/** Outstanding at D: the amount less payments dated on or before D; null when issued after D. */
export function outstandingAt(item: LedgerItem, asOf: string): number | null {
  if (item.issueDate > asOf) return null;
  const paid = item.payments.filter((p) => p.paidDate <= asOf).reduce((sum, p) => sum + p.amountPaise, 0);
  return item.amountPaise - paid;
}

/** Outstanding (the buckets' sum) plus the unallocated receipts (zero or negative), to the paisa. */
export function netBalanceOf(figures: { outstanding: number; unallocated: number }): number {
  return Math.round((figures.outstanding + figures.unallocated) * 100) / 100;
}

/**
 * What a customer is still asked to pay of an amount `due` (its overdue, or the amount a reminder
 * asks for) once the receipts it has not yet had allocated to bills (`unallocated`, zero or
 * negative) are deducted: due + unallocated to the paisa, never below zero (money left over is the
 * customer's, not a reason to chase). Reminders and the worklist both net by this one rule.
 */
export function netDue(due: number, unallocated: number): number {
  const paise = Math.round(due * 100) + Math.round(unallocated * 100);
  return paise > 0 ? paise / 100 : 0;
}

export type AgeingTotals = Record<CreditBucket | InvoiceBucket, number> &
  Record<`${CreditBucket | InvoiceBucket}Num`, number> & { outstanding: number; overdue: number; unallocated: number };

export function emptyAgeingTotals(): AgeingTotals {
  const totals = { outstanding: 0, overdue: 0, unallocated: 0 } as AgeingTotals;
  for (const bucket of [...CREDIT_BUCKETS, ...INVOICE_BUCKETS]) {
    totals[bucket] = 0;
    totals[`${bucket}Num`] = 0;
  }
  return totals;
}

/**
 * Ages every item open at D into both bases. An item without a due date is aged from its issue
 * date, an instalment by its own due date; an item whose outstanding is zero at D is closed and
 * appears nowhere. Buckets of each basis
 * always sum to the outstanding; overdue is the sum of credit buckets 1..4. Receipts not yet applied
 * at D are in no bucket: they are `unallocated` (zero or negative).
 */
export function ageItems(
  items: LedgerItem[],
  asOf: string,
  boundaries: AgeingBoundaries,
  receipts: LedgerReceipt[] = [],
): AgeingTotals {
  const totals = emptyAgeingTotals();
  totals.unallocated = unallocatedAt(receipts, asOf);
  for (const item of items) {
    const itemOpen = outstandingAt(item, asOf);
    if (itemOpen === null || itemOpen === 0) continue;
    // An invoice payable in instalments is aged part by part, each by its own due date.
    // The item counts once in the bucket counts, by its oldest open part.
    let counted = false;
    for (const { dueDate, open: outstanding } of instalmentsOpen(item, itemOpen)) {
      if (outstanding === 0) continue;
      const count = counted ? 0 : 1;
      counted = true;
      const credit = creditBucket(daysBetween(dueDate, asOf), boundaries);
      const invoice = invoiceBucket(daysBetween(item.issueDate, asOf), boundaries);
      totals[credit] += outstanding;
      totals[`${credit}Num`] += count;
      totals[invoice] += outstanding;
      totals[`${invoice}Num`] += count;
      totals.outstanding += outstanding;
      if (credit !== 'current') totals.overdue += outstanding;
    }
  }
  return totals;
}
