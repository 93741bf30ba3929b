import { parseISO, subMonths } from 'date-fns';
import { ageItems, type AgeingBoundaries, type AgeingTotals, type LedgerItem } from '@/lib/domain/ageing';
import { iso } from '@/lib/domain/dates';
import type { Db } from '@/lib/db/client';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { fromLedger } from '../helpers/history';
import { daysFrom } from '../helpers/dates';
import { domainLedgerOf, generateLedger, type GeneratedLedger } from '../helpers/generated-ledger';
import { loadGeneratedLedger } from '../helpers/generated-ledger-load';
import { CLIENT_TODAY } from '../helpers/ledger-client';

/** The seeds every twin is held on: three different ledgers. */
export const SEEDS = [11, 29, 47] as const;
export const B: AgeingBoundaries = { b1: 30, b2: 60, b3: 90 };

export interface TwinClient {
  ledger: GeneratedLedger;
  clientId: number;
}

/** What every twin reads: the database and its generated clients (filled by twins.test.ts's beforeAll). */
export interface Twins {
  db: Db;
  clients: TwinClient[];
}

/**
 * One database holding a client per seed, each with its generated ledger imported as of the
 * client's today (CLIENT_TODAY: the services that read the client's day read that one) and its
 * ageing history built, as a running server has it.
 */
export async function twinClients(): Promise<{ database: TestDatabase; clients: TwinClient[] }> {
  const database = await createTestDatabase();
  const clients: TwinClient[] = [];
  for (const seed of SEEDS) {
    const ledger = generateLedger(seed, CLIENT_TODAY);
    const clientId = await loadGeneratedLedger(database.db, `TWIN${seed}`, ledger);
    await refreshAgeingHistory(database.db, clientId);
    clients.push({ ledger, clientId });
  }
  return { database, clients };
}

/**
 * `read` on each path a date's figures may take: the ageing history (or a rollup date's rollups)
 * and the ledger (the history marked stale). A service's figures must follow the rule on both.
 */
export async function onEachPath(db: Db, clientId: number, read: (path: string) => Promise<void>): Promise<void> {
  await read('history');
  await fromLedger(db, clientId, () => read('ledger'));
}

/**
 * The dates a twin is compared on: the client's today, the month end before it (both have
 * rollups), tomorrow, and dates spread over the ledger's span drawn from the seed.
 */
export function datesOf(ledger: GeneratedLedger): string[] {
  const t = ledger.today;
  const monthEnd = daysFrom(`${t.slice(0, 8)}01`, -1);
  let s = ledger.seed;
  const offsets = Array.from({ length: 4 }, () => {
    s = (s * 48271) % 2147483647;
    return -(s % 480);
  });
  return [...new Set([t, monthEnd, daysFrom(t, 1), daysFrom(t, 25), ...offsets.map((o) => daysFrom(t, o))])].sort();
}

/** A customer's ageing at `asOf` by the domain's rule, in paise. */
export function domainAgeing(ledger: GeneratedLedger, code: string, asOf: string): AgeingTotals {
  const { items, receipts } = domainLedgerOf(ledger, code);
  return ageItems(items, asOf, B, receipts);
}

/** The 12 months up to `asOf` start after this day (as the SQL's `asOf - interval '12 months'`). */
export const yearBefore = (asOf: string) => iso(subMonths(parseISO(asOf), 12));

/** A customer's sales of the 12 months up to `asOf`: documents issued in them, credit notes negative, in paise. */
export function sales12m(ledger: GeneratedLedger, code: string, asOf: string): number {
  return ledger.invoices
    .filter((i) => i.obligor === code && i.issueDate > yearBefore(asOf) && i.issueDate <= asOf)
    .reduce((sum, i) => sum + (i.docType === 'CREDIT_NOTE' ? -i.amount : i.amount), 0);
}

/** Rupees as read from SQL, in whole paise. */
export const paise = (rupees: number | string | null | undefined) => Math.round(Number(rupees ?? 0) * 100);

/**
 * A customer's month to date at `asOf`, in paise: documents issued (credit notes negative), and
 * cash collected (payments against debts, receipts on account and advances; not allocations,
 * which move money already collected, nor a credit note's adjustments).
 */
export function monthToDate(ledger: GeneratedLedger, code: string, asOf: string): { invoiced: number; paid: number } {
  const from = `${asOf.slice(0, 8)}01`;
  const within = (day: string) => day >= from && day <= asOf;
  const docs = new Map(ledger.invoices.map((i) => [i.ref, i]));
  const invoiced = ledger.invoices
    .filter((i) => i.obligor === code && within(i.issueDate))
    .reduce((sum, i) => sum + (i.docType === 'CREDIT_NOTE' ? -i.amount : i.amount), 0);
  const paid = ledger.payments
    .filter((p) => within(p.paidDate))
    .filter((p) =>
      p.invoice === null
        ? p.obligor === code
        : docs.get(p.invoice)!.obligor === code && docs.get(p.invoice)!.docType !== 'CREDIT_NOTE',
    )
    .reduce((sum, p) => sum + p.amount, 0);
  return { invoiced, paid };
}

/**
 * The day an item was paid off: the first day of the last run of days at whose end what settled it
 * (running total by day) equals its amount; null while it is open.
 */
export function settledDay(item: LedgerItem): string | null {
  const days = [...new Set(item.payments.map((p) => p.paidDate))].sort();
  let settled: string | null = null;
  let total = 0;
  for (const day of days) {
    total += item.payments.filter((p) => p.paidDate === day).reduce((s, p) => s + p.amountPaise, 0);
    if (total !== item.amountPaise) settled = null;
    else settled ??= day;
  }
  return settled;
}
