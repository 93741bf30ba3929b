import { formatMoney } from './format';

/** Whole paise, so that sums of open amounts compare as money does. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * Why an amount claimed against open debts is refused, or null: a dispute or a promise to pay may
 * not be for more than is still owed on what it covers (`openPaise`, in paise), which `what` names
 * ("on these invoices", "by this customer"). One rule for both, so that the two cannot drift.
 */
export function aboveOpenProblem(amount: number, openPaise: number, what: string): string | null {
  if (toPaise(amount) <= openPaise) return null;
  return `at most ${formatMoney(openPaise / 100)}, what is still owed ${what}`;
}
