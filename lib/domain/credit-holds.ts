import { netBalanceOf } from './ageing';
import { formatMoney } from './format';

/**
 * Credit holds (docs/collections.md): a customer account goes on hold, and the dispatch desk stops
 * shipping to it, when any switched-on rule holds today. A rule set to null is off.
 */
export interface HoldRules {
  /** Net balance (balance less money on account) over the account's own credit limit. */
  overLimit: boolean;
  /** Some open debt more than this many days past its due date. */
  daysPastDue: number | null;
  /** This many promises broken or only partly kept in the last 90 days. */
  brokenPromises: number | null;
  /** This many cheques returned unpaid (bounced) in the last `returnedChequeDays` days. */
  returnedCheques: number | null;
  returnedChequeDays: number;
}

/**
 * Two cheques bounced in six months: one return can be a bank's slip or a timing error, a second
 * within the half-year is a pattern the dispatch desk should not ship into.
 */
export const DEFAULT_HOLD_RULES: HoldRules = {
  overLimit: true,
  daysPastDue: 90,
  brokenPromises: 2,
  returnedCheques: 2,
  returnedChequeDays: 180,
};
/** How far back broken promises count towards a hold. */
export const HOLD_PROMISE_DAYS = 90;
/** The longest a release may run before the hold comes back by itself. */
export const MAX_RELEASE_DAYS = 90;

export interface HoldFacts {
  balance: number;
  /** Money received on account and not yet allocated to its bills (zero or negative). */
  unallocated: number;
  creditLimit: number | null;
  /** Days past due of the oldest open debt; null with none. */
  oldestDaysPastDue: number | null;
  /** What is owed on debts past the rule's days. */
  overdueBeyond: number;
  brokenPromises: number;
  /** Cheques of the account returned unpaid in the rule's last days. */
  returnedCheques: number;
}

/** Why the account is on hold, one sentence per rule that holds; empty when none does. */
export function holdReasons(f: HoldFacts, rules: HoldRules): string[] {
  const reasons: string[] = [];
  // The limit is drawn on by the net balance: money paid on account counts before it is allocated.
  const exposure = netBalanceOf({ outstanding: f.balance, unallocated: f.unallocated });
  if (rules.overLimit && f.creditLimit !== null && exposure > f.creditLimit)
    reasons.push(
      `Over its credit limit of ${formatMoney(f.creditLimit)} by ${formatMoney(exposure - f.creditLimit)}` +
        (f.unallocated ? ` (after ${formatMoney(-f.unallocated)} received on account)` : ''),
    );
  if (rules.daysPastDue !== null && f.oldestDaysPastDue !== null && f.oldestDaysPastDue > rules.daysPastDue)
    reasons.push(
      `${formatMoney(f.overdueBeyond)} more than ${rules.daysPastDue} days past due (oldest ${f.oldestDaysPastDue} days)`,
    );
  if (rules.brokenPromises !== null && f.brokenPromises >= rules.brokenPromises)
    reasons.push(`${f.brokenPromises} promises to pay broken in the last ${HOLD_PROMISE_DAYS} days`);
  if (rules.returnedCheques !== null && f.returnedCheques >= rules.returnedCheques)
    reasons.push(
      `${f.returnedCheques} cheque${f.returnedCheques === 1 ? '' : 's'} returned unpaid in the last ${rules.returnedChequeDays} days`,
    );
  return reasons;
}
