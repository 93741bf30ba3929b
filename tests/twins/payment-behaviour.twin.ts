import { describe, expect, it } from 'vitest';
import { daysBetween } from '@/lib/domain/ageing';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { paymentBehaviour, type SettledGroup } from '@/lib/domain/payment-behaviour';
import { behaviourFrom, customerPaymentBehaviour } from '@/lib/server/behaviour/payment-behaviour';
import { domainLedgerOf, familyOf, type GeneratedLedger } from '../helpers/generated-ledger';
import { type Twins, settledDay } from './twin-helpers';

/**
 * Payment behaviour (lib/domain/payment-behaviour.ts over the bills paid off in the 12 months, each
 * with its days late) against its SQL twin in lib/server/behaviour/payment-behaviour.ts (daysLate,
 * paidOffIn, and the settled day the import and the refresh keep: settlementOf): for every family
 * and every account of generated ledgers, the whole answer.
 */
/** The groups the rule reads for some customers: debts paid off after `from` up to `today`, by month and days late. */
function settledGroups(ledger: GeneratedLedger, codes: string[], from: string, today: string): SettledGroup[] {
  const groups = new Map<string, SettledGroup>();
  for (const code of codes)
    for (const item of domainLedgerOf(ledger, code).items) {
      const settled = settledDay(item);
      if (item.amountPaise <= 0 || settled === null || settled <= from || settled > today) continue;
      const group = { month: settled.slice(0, 7), daysLate: daysBetween(item.dueDate ?? item.issueDate, settled) };
      const key = `${group.month} ${group.daysLate}`;
      const found = groups.get(key) ?? { ...group, count: 0, amount: 0 };
      found.count++;
      found.amount = Math.round(found.amount * 100 + item.amountPaise) / 100;
      groups.set(key, found);
    }
  return [...groups.values()].sort((a, b) => a.month.localeCompare(b.month) || a.daysLate - b.daysLate);
}

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function paymentBehaviourTwin(twins: Twins): void {
  describe('payment behaviour: lib/domain/payment-behaviour.ts and lib/server/behaviour/payment-behaviour.ts', () => {
    it('every family and account answers what the rule makes of its paid-off bills', async () => {
      let paid = 0;
      for (const { ledger, clientId } of twins.clients) {
        const from = behaviourFrom(ledger.today);
        for (const o of ledger.obligors) {
          const codes = o.parent ? [o.code] : familyOf(ledger, o.code);
          const answer = await customerPaymentBehaviour(twins.db, clientId, ALL_OBLIGORS, o.code);
          const expected = paymentBehaviour(settledGroups(ledger, codes, from, ledger.today));
          expect(answer, `seed ${ledger.seed}, ${o.code}`).toEqual({
            sysObligorCode: o.code,
            fromDate: from,
            toDate: ledger.today,
            ...expected,
          });
          paid += expected.invoicesPaid;
        }
      }
      expect(paid).toBeGreaterThan(30);
    });
  });
}
