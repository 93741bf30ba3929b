/**
 * Promises to pay (issue 19 item 5). A promise is `amount` by `promisedDate`, taken on `takenOn`.
 * Paid = the payments (not credit-note adjustments) dated from takenOn to promisedDate on the
 * promised invoices, or on the account, or on every account of the family. The status:
 * - KEPT as soon as paid reaches the amount, even before the date;
 * - once the date has passed (today > promisedDate): PARTIAL when something but not all was paid,
 *   BROKEN when nothing was;
 * - OPEN otherwise.
 * The SQL of lib/server/promises/check-promises.ts applies the same rule to the stored promises.
 */
import { addDays, parseISO } from 'date-fns';
import { iso } from './dates';

export const PROMISE_STATUSES = ['OPEN', 'KEPT', 'PARTIAL', 'BROKEN'] as const;
export type TPromiseStatus = (typeof PROMISE_STATUSES)[number];

/**
 * The channels a promise comes by: the four a collector takes one on (a promise logged as a
 * communication counts as a call), and a post-dated cheque, which the cheque register records.
 */
export const TAKEN_CHANNELS = ['CALL', 'EMAIL', 'VISIT', 'WHATSAPP'] as const;
export const PROMISE_CHANNELS = [...TAKEN_CHANNELS, 'PDC'] as const;
export type TPromiseChannel = (typeof PROMISE_CHANNELS)[number];

export const PROMISE_CHANNEL_LABELS: Record<TPromiseChannel, string> = {
  CALL: 'Call',
  EMAIL: 'Email',
  VISIT: 'Visit',
  WHATSAPP: 'WhatsApp',
  PDC: 'Post-dated cheque',
};

/** How far ahead a promise may be dated. */
export const PROMISE_MAX_DAYS_AHEAD = 90;

export const PROMISE_STATUS_LABELS: Record<TPromiseStatus, string> = {
  OPEN: 'Open',
  KEPT: 'Kept',
  PARTIAL: 'Partly kept',
  BROKEN: 'Broken',
};

/** Whole paise, so that 0.1 + 0.2 compares as money does. */
const paise = (rupees: number) => Math.round(rupees * 100);

export function promiseStatus(p: {
  amount: number;
  paid: number;
  promisedDate: string;
  today: string;
}): TPromiseStatus {
  const paid = paise(p.paid);
  if (paid >= paise(p.amount)) return 'KEPT';
  if (p.today > p.promisedDate) return paid > 0 ? 'PARTIAL' : 'BROKEN';
  return 'OPEN';
}

/** The last day a promise taken today may be dated. */
export function latestPromiseDate(today: string): string {
  return iso(addDays(parseISO(today), PROMISE_MAX_DAYS_AHEAD));
}

/** Why a promised date is refused, or null: not before today, at most PROMISE_MAX_DAYS_AHEAD days ahead. */
export function promisedDateProblem(promisedDate: string, today: string): string | null {
  if (promisedDate < today) return 'the promised date cannot be in the past';
  if (promisedDate > latestPromiseDate(today))
    return `the promised date can be at most ${PROMISE_MAX_DAYS_AHEAD} days ahead`;
  return null;
}

/** kept / (kept + partial + broken): the promises whose date has come; null before any has. */
export function keptRate(c: { kept: number; partial: number; broken: number }): number | null {
  const decided = c.kept + c.partial + c.broken;
  return decided === 0 ? null : c.kept / decided;
}

/**
 * Promises whose date is at most this many days gone are checked again after each import (a
 * payment dated before the promised date may arrive late); older ones keep their status.
 */
export const PROMISE_RECHECK_DAYS = 30;
