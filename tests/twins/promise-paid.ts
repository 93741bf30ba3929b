import { familyOf, type GeneratedLedger, type GenPromise } from '../helpers/generated-ledger';

/**
 * What a promise has been paid, by its rule (docs/collections.md; check-promises.ts paidSql):
 * payments against debts (not a credit note's adjustments, nor allocations of receipts) dated from
 * the day it was taken to the promised day, on its invoices when it names some, else on the
 * account, or on the family's accounts. In paise.
 */
export function paidOn(ledger: GeneratedLedger, promise: GenPromise): number {
  const accounts = promise.onFamily ? familyOf(ledger, promise.obligor) : [promise.obligor];
  const debts = new Map(ledger.invoices.filter((i) => i.docType !== 'CREDIT_NOTE').map((i) => [i.ref, i]));
  return ledger.payments
    .filter((p) => p.kind === 'AGAINST' && p.invoice && debts.has(p.invoice))
    .filter((p) => p.paidDate >= promise.takenOn && p.paidDate <= promise.promisedDate)
    .filter((p) =>
      promise.invoices.length
        ? promise.invoices.includes(p.invoice!)
        : accounts.includes(debts.get(p.invoice!)!.obligor),
    )
    .reduce((sum, p) => sum + p.amount, 0);
}
