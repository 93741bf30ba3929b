/**
 * A group its money on account covers: a task asks which bills the money pays, instead of a
 * reminder (the reason the run gives it).
 */
import { amountText } from './dunning';

/** The name of the task that asks a customer which bills its money on account pays (and finds an open one). */
export const ASK_ALLOCATION_TASK = 'Ask which bills the receipt pays';
const ASK_ALLOCATION_NOTE = 'no reminder; a task asks which bills it pays';

/**
 * Why a group covered by its money on account (unallocated, negative) gets that task rather than a
 * reminder (its run message's reason): the money covers the whole `due`, or leaves `amountDue`, under
 * the minimum.
 */
export function askAllocationReason(due: number, unallocated: number, amountDue: number): string {
  const received = `₹${amountText(-unallocated)} received on account, not yet allocated to bills,`;
  const covers =
    amountDue > 0
      ? `leaves ₹${amountText(amountDue)} of the ₹${amountText(due)} due, under the minimum`
      : `covers the ₹${amountText(due)} due`;
  return `${received} ${covers}: ${ASK_ALLOCATION_NOTE}`;
}

/** True for the reason askAllocationReason gives. */
export function isAskAllocationReason(reason: string | null): boolean {
  return reason !== null && reason.includes(ASK_ALLOCATION_NOTE);
}
