import { describe, expect, it } from 'vitest';
import { daysBetween, instalmentsOpen, outstandingAt } from '@/lib/domain/ageing';
import { DEFAULT_HOLD_RULES, HOLD_PROMISE_DAYS, holdReasons, type HoldFacts } from '@/lib/domain/credit-holds';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { promiseStatus } from '@/lib/domain/promises';
import { creditHolds } from '@/lib/server/credit-holds/list-holds';
import { checkPromises } from '@/lib/server/promises/check-promises';
import { daysFrom } from '../helpers/dates';
import { domainLedgerOf, familyOf, type GeneratedLedger } from '../helpers/generated-ledger';
import { paidOn } from './promise-paid';
import { type Twins } from './twin-helpers';

/**
 * Credit holds: the accounts list-holds.ts picks in SQL (a switched-on rule holds: over its own
 * limit by its net balance, a debt past the rule's days, broken promises) and the facts it reads
 * for each, against lib/domain/credit-holds.ts holdReasons over facts worked out from the
 * generated ledger by the domain's rules (ageing, instalments, promiseStatus), today, under the
 * default rules.
 */
/** An account's hold facts today by the domain's rules. */
function factsOf(ledger: GeneratedLedger, code: string): HoldFacts {
  const today = ledger.today;
  const { items, receipts } = domainLedgerOf(ledger, code);
  let balance = 0;
  let oldest: number | null = null;
  let beyond = 0;
  for (const item of items) {
    const open = outstandingAt(item, today);
    if (open === null || open === 0) continue;
    balance += open;
    if (item.amountPaise <= 0) continue;
    for (const part of instalmentsOpen(item, open)) {
      const late = daysBetween(part.dueDate, today);
      if (part.open <= 0 || late <= 0) continue;
      oldest = Math.max(oldest ?? late, late);
      if (late > DEFAULT_HOLD_RULES.daysPastDue!) beyond += part.open;
    }
  }
  const unallocated = receipts
    .filter((r) => r.paidDate <= today)
    .reduce(
      (s, r) =>
        s +
        r.amountPaise -
        r.allocations.filter((a) => a.allocatedDate <= today).reduce((t, a) => t + a.amountPaise, 0),
      0,
    );
  const own = ledger.obligors.find((o) => o.code === code)!;
  const brokenPromises = ledger.promises.filter((p) => {
    const covers = p.obligor === code || (p.onFamily && familyOf(ledger, p.obligor).includes(code));
    const status = promiseStatus({
      amount: p.amount / 100,
      paid: paidOn(ledger, p) / 100,
      promisedDate: p.promisedDate,
      today,
    });
    return (
      covers && (status === 'BROKEN' || status === 'PARTIAL') && p.promisedDate >= daysFrom(today, -HOLD_PROMISE_DAYS)
    );
  }).length;
  return {
    balance: balance / 100,
    unallocated: unallocated === 0 ? 0 : -unallocated / 100,
    creditLimit: own.creditLimit === null ? null : own.creditLimit / 100,
    oldestDaysPastDue: oldest,
    overdueBeyond: beyond / 100,
    brokenPromises,
    // The generated ledgers hold no cheques.
    returnedCheques: 0,
  };
}

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function creditHoldTwin(twins: Twins): void {
  describe('credit holds: lib/domain/credit-holds.ts holdReasons and list-holds.ts', () => {
    it('the accounts on hold today and the facts and reasons of each are the rule over the ledger', async () => {
      let held = 0;
      const kinds = new Set<string>();
      for (const { ledger, clientId } of twins.clients) {
        await checkPromises(twins.db, clientId, ledger.today);
        const holds = await creditHolds(twins.db, clientId, ALL_OBLIGORS);
        const expected = ledger.obligors
          .map((o) => ({ code: o.code, facts: factsOf(ledger, o.code) }))
          .map(({ code, facts }) => ({ code, facts, reasons: holdReasons(facts, DEFAULT_HOLD_RULES) }))
          .filter((h) => h.reasons.length > 0);
        expect(
          holds
            .map((h) => ({
              code: h.sysObligorCode,
              facts: {
                balance: h.balance,
                unallocated: h.unallocated,
                creditLimit: h.creditLimit,
                oldestDaysPastDue: h.oldestDaysPastDue,
                overdueBeyond: h.overdueBeyond,
                brokenPromises: h.brokenPromises,
                returnedCheques: h.returnedCheques,
              },
              reasons: h.reasons,
            }))
            .sort((a, b) => a.code.localeCompare(b.code)),
          `seed ${ledger.seed}`,
        ).toEqual(expected.sort((a, b) => a.code.localeCompare(b.code)));
        held += expected.length;
        for (const h of expected)
          for (const reason of h.reasons)
            kinds.add(reason.split(' ').find((w) => ['Over', 'past', 'promises'].includes(w))!);
      }
      expect(held).toBeGreaterThan(5);
      // Each rule holds some account.
      expect([...kinds].sort()).toEqual(['Over', 'past', 'promises']);
    });
  });
}
