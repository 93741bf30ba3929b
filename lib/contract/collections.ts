import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { NEXT_ACTIONS } from '@/lib/domain/worklist';
import { API_ACCESS } from './access';
import { call, paged } from './call';
import { ZClientIdParam, ZId, ZPaging } from './common';

/** GET /collections/worklist: the families to work today, most pressing first. */
export const ZWorklistQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  /** One collector's families (a field officer's id); a field officer always sees only their own. */
  collectorId: ZId.optional(),
  /** Words of the family's name or its code (3+ characters). */
  search: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`)
    .max(100)
    .optional(),
});
export type TWorklistQuery = z.infer<typeof ZWorklistQuery>;

export const ZWorklistRow = z.strictObject({
  rank: z.number().int(),
  sysObligorCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  collectorId: z.number().int().nullable(),
  collectorName: z.string().nullable(),
  priority: z.number(),
  nextAction: z.enum(NEXT_ACTIONS),
  nextActionLabel: z.string(),
  /** Past due today (credit buckets 1-4), the dashboard's and the receivables list's overdue of the family. */
  overdue: z.number(),
  /**
   * "Overdue net of money on account": the overdue less the family's receipts on account not yet
   * allocated to bills (never below zero). What the worklist ranks by and the reminders ask for.
   */
  overdueNet: z.number(),
  /** Owed in all, less the same receipts (never below zero). */
  outstanding: z.number(),
  /** The family's receipts on account and advances not yet allocated to bills (zero or negative), deducted above. */
  unallocated: z.number(),
  /** The oldest overdue bucket on the credit basis, 1-4, and its label ("61-90 days"). */
  oldestBucket: z.number().int(),
  oldestBucketLabel: z.string(),
  rating: z.enum(['high', 'medium', 'low']).nullable(),
  brokenPromises: z.number().int(),
  promisedToday: z.number(),
  nextPromiseDate: z.string().nullable(),
  nextPromiseAmount: z.number(),
  disputed: z.number(),
  /** Cheques of the family returned unpaid in the last 12 months (a part of the priority). */
  chequesReturned: z.number().int(),
  lastContactDate: z.string().nullable(),
  daysSinceContact: z.number().int().nullable(),
  /** How late the family paid its bills over the last 12 months, amount-weighted (payment behaviour); null: none paid. */
  averageDaysLate: z.number().nullable(),
  /**
   * The account the row's actions (a note, a promise, a dispute, WhatsApp) write on: the family's
   * parent, or for a user who sees only some of its accounts, their account with the most open debt.
   */
  actOnCode: z.string(),
  actOnName: z.string(),
  /** That account's first contact with a phone (else its own phone), for WhatsApp and calls. */
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The customer's latest remittance advice ("I have paid") not yet matched to a receipt. */
  remittance: z
    .strictObject({
      amount: z.number(),
      paidOn: z.string(),
      reference: z.string(),
      bills: z.number().int(),
      holdsUntil: z.string(),
    })
    .nullable(),
});
export type TWorklistRow = z.infer<typeof ZWorklistRow>;

export const collectionCalls = {
  worklist: call({
    method: 'GET',
    path: '/collections/worklist',
    query: ZWorklistQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.tasks },
    summary: "The collector's worklist: families with overdue debt in the user's scope, ranked by priority",
    answer: paged(ZWorklistRow),
  }),
};
