import { describe, expect, it } from 'vitest';
import { ZInvoicesQuery } from '@/lib/contract/receivables';
import {
  BUCKET_KEYS,
  creditBucket,
  daysBetween,
  instalmentsOpen,
  invoiceBucket,
  outstandingAt,
  type BucketKey,
} from '@/lib/domain/ageing';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { domainLedgerOf, ratingsAt, type GeneratedLedger } from '../helpers/generated-ledger';
import { B, datesOf, type Twins } from './twin-helpers';

/**
 * The open-invoice list (list-invoices.ts: what is open on each item at a date, how late it is by
 * dueDayOf (an invoice in instalments as late as its oldest open instalment), its buckets, and the
 * bucket filter of bucketRules) against lib/domain/ageing.ts (outstandingAt, instalmentsOpen,
 * creditBucket, invoiceBucket) item by item on generated ledgers at several dates; the dispute
 * filter against the ledger's disputes open on the date.
 */
/** Every item open at `asOf` by the domain's rules, as the list answers it. */
function openItems(ledger: GeneratedLedger, asOf: string) {
  // In dispute on the date: opened by then and not resolved by then (the loader resolves a
  // resolved dispute on its opening day, so it is never open at a date).
  const disputed = new Set(ledger.disputes.filter((d) => !d.resolved && d.openedOn <= asOf).flatMap((d) => d.invoices));
  return ledger.obligors.flatMap((o) => {
    const refs = ledger.invoices.filter((i) => i.obligor === o.code).map((i) => i.ref);
    // applyNotes keeps the items in the order they came.
    return domainLedgerOf(ledger, o.code).items.flatMap((item, k) => {
      const open = outstandingAt(item, asOf);
      if (open === null || open === 0) return [];
      const dueDay = instalmentsOpen(item, open)
        .filter((part) => part.open > 0)
        .map((part) => part.dueDate)
        .sort()[0];
      const daysPastDue = daysBetween(dueDay ?? item.dueDate ?? item.issueDate, asOf);
      return [
        {
          sysInvoiceNum: refs[k]!,
          outstanding: open / 100,
          daysPastDue,
          bucket: creditBucket(daysPastDue, B),
          invoiceBucket: invoiceBucket(daysBetween(item.issueDate, asOf), B),
          rating: ratingsAt(ledger, o.code, asOf).rating,
          inDispute: disputed.has(refs[k]!),
        },
      ];
    });
  });
}

const bySysNum = <T extends { sysInvoiceNum: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.sysInvoiceNum.localeCompare(b.sysInvoiceNum));

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function openInvoiceTwin(twins: Twins): void {
  describe('open invoices: lib/domain/ageing.ts and list-invoices.ts (dueDayOf, bucketRules)', () => {
    it('every open item, its days past due, buckets, rating and dispute; each bucket and dispute filter picks its own', async () => {
      const buckets = new Set<BucketKey>();
      let disputedSeen = 0;
      for (const { ledger, clientId } of twins.clients) {
        for (const [n, asOf] of datesOf(ledger).entries()) {
          const list = async (filters: Record<string, string> = {}) =>
            (
              await listOpenInvoices(
                twins.db,
                clientId,
                ZInvoicesQuery.parse({ clientId, date: asOf, count: 500, ...filters }),
              )
            ).rows;
          const expected = bySysNum(openItems(ledger, asOf));
          const where = `seed ${ledger.seed} at ${asOf}`;
          expect(
            bySysNum(await list()).map((r) => ({
              sysInvoiceNum: r.sysInvoiceNum,
              outstanding: r.outstanding,
              daysPastDue: r.daysPastDue,
              bucket: r.bucket,
              invoiceBucket: r.invoiceBucket,
              rating: r.rating,
              inDispute: r.inDispute,
            })),
            where,
          ).toEqual(expected);
          // Every bucket filter on every other date: each bucket still meets items of its own.
          for (const key of n % 2 ? [] : BUCKET_KEYS) {
            const picked = (await list({ ageingFilter: key })).map((r) => r.sysInvoiceNum).sort();
            const own = expected.filter((r) => r.bucket === key || r.invoiceBucket === key).map((r) => r.sysInvoiceNum);
            expect(picked, `${where}, ${key}`).toEqual(own);
            if (own.length) buckets.add(key);
          }
          const disputed = (await list({ inDispute: 'true' })).map((r) => r.sysInvoiceNum).sort();
          disputedSeen += disputed.length;
          expect(disputed, `${where}, in dispute`).toEqual(
            expected.filter((r) => r.inDispute).map((r) => r.sysInvoiceNum),
          );
        }
      }
      expect([...buckets].sort()).toEqual([...BUCKET_KEYS].sort());
      expect(disputedSeen).toBeGreaterThan(0);
    });
  });
}
