import { applyNotes, type LedgerItem, type LedgerReceipt } from '@/lib/domain/ageing';
import { daysFrom } from './dates';

/**
 * Varied ledgers for the tests that hold each rule's SQL twin to its TypeScript (tests/twins/):
 * families and solo customers with credit limits and regions; invoices, debit and credit notes (on
 * their own and against an invoice), instalments; payments against bills (partial, in full, some
 * before the issue day, adjustments of a credit note), receipts on account and advances with their
 * allocations; ratings over time; promises (on bills, an account or a family; kept, broken or open
 * as the payments fall) and disputes. A seeded generator (mulberry32), so a seed is the same ledger
 * on every run; dates are offsets from `today`, so the same seed ages the same way whatever the day.
 *
 * generated-ledger-load.ts loads it through the product's own import (obligors, invoices,
 * instalments, payments, allocations, ratings) and its tables (promises, disputes: their services
 * refuse past dates). The tests compute the TypeScript rules from this model, never from what the
 * database stored.
 */

/** Amounts are whole paise throughout, so sums are exact; files write rupees with two decimals. */
export interface GenObligor {
  code: string;
  parent: string | null;
  creditLimit: number | null;
  dim1: string | null;
}
export interface GenInvoice {
  ref: string;
  obligor: string;
  docType: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';
  issueDate: string;
  dueDate: string | null;
  amount: number;
  against: string | null;
}
export interface GenPayment {
  ref: string;
  kind: 'AGAINST' | 'ON_ACCOUNT' | 'ADVANCE';
  /** Against a bill: its number; a receipt: null (it belongs to `obligor`). */
  invoice: string | null;
  obligor: string;
  paidDate: string;
  amount: number;
}
export interface GenPromise {
  obligor: string;
  onFamily: boolean;
  amount: number;
  takenOn: string;
  promisedDate: string;
  invoices: string[];
}
export interface GeneratedLedger {
  seed: number;
  today: string;
  obligors: GenObligor[];
  invoices: GenInvoice[];
  instalments: { invoice: string; dueDate: string; amount: number }[];
  payments: GenPayment[];
  allocations: { paymentRef: string; invoice: string; amount: number; allocatedDate: string }[];
  ratings: { obligor: string; date: string; rating: number }[];
  promises: GenPromise[];
  disputes: { obligor: string; amount: number; openedOn: string; invoices: string[]; resolved: boolean }[];
}

/** mulberry32: a small, fast, seeded PRNG in [0, 1). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, chance, pick };
}

const REGIONS = ['North', 'South', 'West'] as const;

/** A ledger of about 15 customers and 100 documents over the 500 days before `today` (a few after). */
export function generateLedger(seed: number, today: string): GeneratedLedger {
  const r = prng(seed);
  const at = (offset: number) => daysFrom(today, offset);
  const ledger: GeneratedLedger = {
    seed,
    today,
    obligors: [],
    invoices: [],
    instalments: [],
    payments: [],
    allocations: [],
    ratings: [],
    promises: [],
    disputes: [],
  };
  const limit = () => (r.chance(0.25) ? null : r.int(1, 40) * 10_000_00);
  for (let f = 1; f <= 8; f++) {
    const parent = `F${f}`;
    ledger.obligors.push({
      code: parent,
      parent: null,
      creditLimit: limit(),
      dim1: r.chance(0.8) ? r.pick(REGIONS) : null,
    });
    for (let c = 1; c <= (f <= 5 ? r.int(1, 3) : 0); c++)
      ledger.obligors.push({ code: `${parent}C${c}`, parent, creditLimit: limit(), dim1: r.pick(REGIONS) });
  }
  // What can still settle each debt (its amount less what settles it already), in paise.
  const room = new Map<string, number>();
  let n = 0;
  let p = 0;
  for (const o of ledger.obligors) {
    const docs = r.int(0, 9);
    for (let k = 0; k < docs; k++) {
      const issue = r.int(-500, 8);
      const roll = r.next();
      const docType = roll < 0.8 ? 'INVOICE' : roll < 0.92 ? 'CREDIT_NOTE' : 'DEBIT_NOTE';
      const amount = r.int(500, 250_000) * 100 + (r.chance(0.3) ? r.int(1, 99) : 0);
      const dueDate =
        docType === 'CREDIT_NOTE' || r.chance(0.1) ? null : at(issue + r.pick([0, 7, 15, 30, 45, 60, 90]));
      const ref = `D${++n}`;
      ledger.invoices.push({ ref, obligor: o.code, docType, issueDate: at(issue), dueDate, amount, against: null });
      if (docType !== 'CREDIT_NOTE') room.set(ref, amount);
      // An invoice payable in instalments: two or three parts, each due a month after the last.
      if (docType === 'INVOICE' && r.chance(0.15)) {
        const parts = r.int(2, 3);
        const share = Math.floor(amount / parts);
        for (let i = 0; i < parts; i++)
          ledger.instalments.push({
            invoice: ref,
            dueDate: at(issue + 15 + 30 * i),
            amount: i === parts - 1 ? amount - share * (parts - 1) : share,
          });
      }
      // A note against the invoice, on or after its day (a credit note lowers it, a debit note raises it).
      if (docType === 'INVOICE' && r.chance(0.12)) {
        const credit = r.chance(0.7);
        const noteAmount = Math.floor(amount * (credit ? r.int(5, 40) : r.int(5, 20))) / 100;
        const noteIssue = Math.min(issue + r.int(0, 60), 0);
        ledger.invoices.push({
          ref: `D${++n}`,
          obligor: o.code,
          docType: credit ? 'CREDIT_NOTE' : 'DEBIT_NOTE',
          issueDate: at(Math.max(noteIssue, issue)),
          dueDate: null,
          amount: Math.round(noteAmount),
          against: ref,
        });
        if (credit) room.set(ref, amount - Math.round(noteAmount));
      }
      // Payments against the bill: none, part or all of it, in one or two, now and then before its day.
      const left = room.get(ref);
      if (left !== undefined && issue < 0 && r.chance(0.7)) {
        const full = r.chance(0.55);
        const payments = r.int(1, 2);
        let toPay = full ? left : Math.floor((left * r.int(10, 90)) / 100);
        for (let i = 0; i < payments && toPay > 0; i++) {
          const amount = i === payments - 1 ? toPay : Math.floor(toPay / 2);
          const day = Math.min(issue + r.int(-5, 150), 0);
          ledger.payments.push({
            ref: `P${++p}`,
            kind: 'AGAINST',
            invoice: ref,
            obligor: o.code,
            paidDate: at(day),
            amount,
          });
          toPay -= amount;
          room.set(ref, room.get(ref)! - amount);
        }
      }
      // A credit note on its own adjusted in part (a payment on it carries its sign).
      if (docType === 'CREDIT_NOTE' && issue < 0 && r.chance(0.25))
        ledger.payments.push({
          ref: `P${++p}`,
          kind: 'AGAINST',
          invoice: ref,
          obligor: o.code,
          paidDate: at(Math.min(issue + r.int(0, 60), 0)),
          amount: Math.floor(amount / 2),
        });
    }
    // Money on account or in advance, some of it allocated to the customer's open bills later; a
    // family's head without bills of its own may hold some too (the family's money, paid centrally).
    const headAlone = docs === 0 && ledger.obligors.some((c) => c.parent === o.code);
    if (r.chance(0.35) || headAlone) {
      const day = r.int(-300, -1);
      const amount = r.int(1_000, 120_000) * 100;
      const ref = `P${++p}`;
      ledger.payments.push({
        ref,
        kind: r.pick(['ON_ACCOUNT', 'ADVANCE'] as const),
        invoice: null,
        obligor: o.code,
        paidDate: at(day),
        amount,
      });
      let unapplied = amount;
      const debts = ledger.invoices.filter((i) => i.obligor === o.code && i.docType !== 'CREDIT_NOTE' && !i.against);
      for (const debt of debts) {
        const open = room.get(debt.ref) ?? 0;
        if (!r.chance(0.4) || open <= 0 || unapplied <= 0) continue;
        const from = Math.max(day, daysBetweenToday(today, debt.issueDate));
        if (from > 0) continue;
        const applied = Math.min(open, r.chance(0.5) ? unapplied : Math.floor(unapplied / 3) + 1);
        ledger.allocations.push({
          paymentRef: ref,
          invoice: debt.ref,
          amount: applied,
          allocatedDate: at(r.int(from, 0)),
        });
        unapplied -= applied;
        room.set(debt.ref, open - applied);
      }
    }
    // Ratings: none, or one to four on days of their own (1 low to 3 high risk).
    const days = new Set(Array.from({ length: r.chance(0.75) ? r.int(1, 4) : 0 }, () => r.int(-480, 0)));
    for (const day of days) ledger.ratings.push({ obligor: o.code, date: at(day), rating: r.int(1, 3) });
  }
  addPromisesAndDisputes(ledger, r);
  return ledger;
}

function daysBetweenToday(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

function addPromisesAndDisputes(ledger: GeneratedLedger, r: ReturnType<typeof prng>): void {
  const at = (offset: number) => daysFrom(ledger.today, offset);
  for (const o of ledger.obligors) {
    const debts = ledger.invoices.filter((i) => i.obligor === o.code && i.docType === 'INVOICE');
    if (!debts.length) continue;
    const hasChildren = ledger.obligors.some((c) => c.parent === o.code);
    for (let k = r.int(0, 3); k > 0; k--) {
      const takenOn = r.int(-150, -1);
      const kind = r.next();
      ledger.promises.push({
        obligor: o.code,
        onFamily: hasChildren && kind > 0.6,
        amount: r.int(100, r.chance(0.5) ? 60_000 : 400_000) * 100,
        takenOn: at(takenOn),
        promisedDate: at(takenOn + r.int(0, 45)),
        invoices: kind < 0.35 ? [...new Set([r.pick(debts).ref, r.pick(debts).ref])] : [],
      });
    }
    // A promise met to the paisa: its amount is a payment made on the bill it names, in its window.
    const paid = ledger.payments.filter((p) => p.kind === 'AGAINST' && debts.some((d) => d.ref === p.invoice));
    if (paid.length && r.chance(0.4)) {
      const payment = r.pick(paid);
      const day = daysBetweenToday(ledger.today, payment.paidDate);
      ledger.promises.push({
        obligor: o.code,
        onFamily: false,
        amount: payment.amount,
        takenOn: at(day - r.int(0, 10)),
        promisedDate: at(day + r.int(0, 10)),
        invoices: [payment.invoice!],
      });
    }
    if (r.chance(0.2)) {
      const invoice = r.pick(debts);
      ledger.disputes.push({
        obligor: o.code,
        amount: Math.max(100, Math.floor(invoice.amount / r.int(2, 5))),
        openedOn: at(r.int(-60, 0)),
        invoices: [invoice.ref],
        resolved: r.chance(0.3),
      });
    }
  }
}

/** The customers of a family: the parent and its children (a solo customer alone). */
export function familyOf(ledger: GeneratedLedger, parent: string): string[] {
  return ledger.obligors.filter((o) => o.code === parent || o.parent === parent).map((o) => o.code);
}

/**
 * A customer's items in the domain's terms (signed amounts; what settles each: payments against it,
 * allocations to it, notes against it by applyNotes) and its receipts with their allocations.
 */
export function domainLedgerOf(
  ledger: GeneratedLedger,
  code: string,
): { items: LedgerItem[]; receipts: LedgerReceipt[] } {
  const sign = (i: GenInvoice) => (i.docType === 'CREDIT_NOTE' ? -1 : 1);
  const items = ledger.invoices
    .filter((i) => i.obligor === code)
    .map((i) => ({
      ref: i.ref,
      against: i.against,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      amountPaise: sign(i) * i.amount,
      payments: [
        ...ledger.payments
          .filter((p) => p.invoice === i.ref)
          .map((p) => ({ paidDate: p.paidDate, amountPaise: sign(i) * p.amount })),
        ...ledger.allocations
          .filter((a) => a.invoice === i.ref)
          .map((a) => ({ paidDate: a.allocatedDate, amountPaise: a.amount })),
      ],
      instalments: ledger.instalments
        .filter((k) => k.invoice === i.ref)
        .map((k) => ({ dueDate: k.dueDate, amountPaise: k.amount })),
    }));
  const receipts = ledger.payments
    .filter((p) => p.kind !== 'AGAINST' && p.obligor === code)
    .map((p) => ({
      paidDate: p.paidDate,
      amountPaise: p.amount,
      allocations: ledger.allocations
        .filter((a) => a.paymentRef === p.ref)
        .map((a) => ({ allocatedDate: a.allocatedDate, amountPaise: a.amount })),
    }));
  return { items: applyNotes(items), receipts };
}

/** The rating in force on `asOf` (the latest dated on or before it) and the one before it. */
export function ratingsAt(
  ledger: GeneratedLedger,
  code: string,
  asOf: string,
): { rating: number | null; previous: number | null } {
  const held = ledger.ratings
    .filter((g) => g.obligor === code && g.date <= asOf)
    .sort((a, b) => a.date.localeCompare(b.date));
  return { rating: held.at(-1)?.rating ?? null, previous: held.at(-2)?.rating ?? null };
}
