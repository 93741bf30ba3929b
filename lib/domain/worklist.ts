/**
 * The collector's worklist: which families to work first today and what to do with each. One
 * documented rule (docs/collections.md), applied to the facts the server reads for each family
 * with something overdue. Points add up to at most 100 (a total above is cut to 100):
 *
 * - Overdue amount, 0-35: 35 x ln(1 + overdue) / ln(1 + the largest overdue in the list). A log
 *   scale, so that the largest family does not flatten everyone else to zero.
 * - Age, 0-25: by the oldest overdue bucket: 1-b1 days 5, b1+1-b2 12, b2+1-b3 18, over b3 25.
 * - Risk, 0-10: the family's weighted rating, high 10, medium 5, unrated 3, low 0.
 * - Broken promises, 0-10: 5 for each promise broken (or only partly kept) in the last 90 days.
 * - A promise falling due today, 10: it must be checked today.
 * - Days since the last contact, 0-10: one point for every 3 days, 10 when never contacted.
 * - Cheques returned unpaid in the last 12 months, 0-6: 3 for each (the total stays at most 100).
 *
 * A family with an open promise not yet due, or whose whole overdue is in dispute, waits: its
 * points are halved, so it sinks below families that need a call, but stays on the list.
 */

export type OldestBucket = 1 | 2 | 3 | 4;
export type WorklistRating = 'high' | 'medium' | 'low' | null;

export interface WorklistFacts {
  overdue: number;
  /** The oldest non-empty overdue bucket on the credit basis. */
  oldestBucket: OldestBucket;
  rating: WorklistRating;
  /** Promises of the family broken or partly kept in the last 90 days. */
  brokenPromises: number;
  /** The amount of the family's open promises falling due today (0: none). */
  promisedToday: number;
  /** The earliest open promise falling due after today, if any. */
  nextPromiseDate: string | null;
  nextPromiseAmount: number;
  /** Open disputes on the family's invoices. */
  disputed: number;
  /** Cheques of the family returned unpaid (bounced) in the last 12 months. */
  chequesReturned: number;
  /** Days since the last call, email, visit, WhatsApp or promise; null when never. */
  daysSinceContact: number | null;
}

export const NEXT_ACTIONS = [
  'CHECK_PROMISE',
  'CALL_BROKEN_PROMISE',
  'ESCALATE',
  'CALL',
  'SEND_REMINDER',
  'RESOLVE_DISPUTE',
  'WAIT_FOR_PROMISE',
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const NEXT_ACTION_LABELS: Record<NextAction, string> = {
  CHECK_PROMISE: 'Check the payment promised for today',
  CALL_BROKEN_PROMISE: 'Call about the broken promise',
  ESCALATE: 'Escalate: call the owner',
  CALL: 'Call',
  SEND_REMINDER: 'Send a reminder',
  RESOLVE_DISPUTE: 'Resolve the dispute',
  WAIT_FOR_PROMISE: 'Wait for the promised payment',
};

const AGE_POINTS: Record<OldestBucket, number> = { 1: 5, 2: 12, 3: 18, 4: 25 };
const RISK_POINTS = { high: 10, medium: 5, low: 0, unrated: 3 } as const;
/** Contacted this many days ago or less, a family gets a written reminder rather than another call. */
export const RECENT_CONTACT_DAYS = 2;
/** Without contact for this many days a family needs a call rather than another message. */
export const CALL_AFTER_DAYS = 7;

/** True when nothing should be chased now: a promise is running, or everything overdue is disputed. */
export function isWaiting(f: WorklistFacts): boolean {
  return (f.nextPromiseDate !== null && f.promisedToday === 0 && f.brokenPromises === 0) || f.disputed >= f.overdue;
}

/** The family's priority, 0-100 (one decimal), given the largest overdue amount of the list. */
export function worklistPriority(f: WorklistFacts, largestOverdue: number): number {
  const amount = largestOverdue > 0 ? (35 * Math.log1p(Math.max(f.overdue, 0))) / Math.log1p(largestOverdue) : 0;
  const age = AGE_POINTS[f.oldestBucket];
  const risk = f.rating === null ? RISK_POINTS.unrated : RISK_POINTS[f.rating];
  const broken = Math.min(10, 5 * f.brokenPromises);
  const today = f.promisedToday > 0 ? 10 : 0;
  const silence = f.daysSinceContact === null ? 10 : Math.min(10, Math.floor(f.daysSinceContact / 3));
  const bounced = Math.min(6, 3 * f.chequesReturned);
  const points = Math.min(100, amount + age + risk + broken + today + silence + bounced);
  return Math.round((isWaiting(f) ? points / 2 : points) * 10) / 10;
}

/** What the collector should do next, the first that applies, most pressing first. */
export function nextAction(f: WorklistFacts): NextAction {
  if (f.promisedToday > 0) return 'CHECK_PROMISE';
  if (f.brokenPromises > 0 && (f.daysSinceContact === null || f.daysSinceContact > 0)) return 'CALL_BROKEN_PROMISE';
  if (f.disputed > 0 && f.disputed >= f.overdue) return 'RESOLVE_DISPUTE';
  if (f.nextPromiseDate !== null) return 'WAIT_FOR_PROMISE';
  // Spoken to in the last two days: put it in writing rather than call again.
  if (f.daysSinceContact !== null && f.daysSinceContact <= RECENT_CONTACT_DAYS) return 'SEND_REMINDER';
  if (f.oldestBucket >= 3) return 'ESCALATE';
  if (f.daysSinceContact === null || f.daysSinceContact >= CALL_AFTER_DAYS) return 'CALL';
  return 'SEND_REMINDER';
}
