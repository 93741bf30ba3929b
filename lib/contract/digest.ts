import { z } from 'zod';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZIsoDate, ZPaging } from './common';
import { DISPUTE_REASONS } from './disputes';

export const DIGEST_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;

/** SENDING while a run has it; SENT; FAILED (and why: the next run of the period tries again). */
export const DIGEST_SEND_STATUSES = ['SENDING', 'SENT', 'FAILED'] as const;

export const ZDigestSendRow = z.strictObject({
  period: z.string(),
  asOf: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(DIGEST_SEND_STATUSES),
  error: z.string().nullable(),
  sentAt: z.string(),
});
export type TDigestSendRow = z.infer<typeof ZDigestSendRow>;

/** The signed-in user's digest: how often, on which weekday (weekly), on or off, and its last sends. */
export const ZDigestSubscription = z.strictObject({
  frequency: z.enum(DIGEST_FREQUENCIES),
  weekday: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Whether the user ever saved one (false: the defaults, nothing goes). */
  saved: z.boolean(),
  /** The hour of the client's day it goes at, and the client's time zone. */
  hour: z.number().int(),
  timeZone: z.string(),
  email: z.string(),
  sends: z.array(ZDigestSendRow),
});
export type TDigestSubscription = z.infer<typeof ZDigestSubscription>;

export const ZDigestSubscriptionBody = z
  .object({
    clientId: ZClientIdParam,
    frequency: z.enum(DIGEST_FREQUENCIES, { error: 'DAILY or WEEKLY' }),
    weekday: z.coerce
      .number({ error: 'a weekday from 1 (Monday) to 7 (Sunday)' })
      .int('a weekday from 1 (Monday) to 7 (Sunday)')
      .min(1, 'a weekday from 1 (Monday) to 7 (Sunday)')
      .max(7, 'a weekday from 1 (Monday) to 7 (Sunday)')
      .nullish(),
    enabled: z.boolean({ error: 'say whether the digest goes out (true or false)' }),
  })
  .refine((b) => b.frequency === 'DAILY' || b.weekday != null, {
    message: 'a weekly digest needs its weekday, 1 (Monday) to 7 (Sunday)',
    path: ['weekday'],
  });
export type TDigestSubscriptionBody = z.infer<typeof ZDigestSubscriptionBody>;

/** POST /digest/preview: the digest as it would go now (or as of a past day), for the signed-in user. */
export const ZDigestPreviewBody = z.object({
  clientId: ZClientIdParam,
  frequency: z.enum(DIGEST_FREQUENCIES, { error: 'DAILY or WEEKLY' }).optional(),
  date: ZIsoDate.optional(),
});

export const ZDigestRunBody = z.object({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  /** Only the digests that failed (each as of its own day, newest first, a bounded number); nothing new goes. */
  retryFailed: z.boolean({ error: 'say whether only the failed digests are tried again (true or false)' }).optional(),
});

/** GET /digest/runs: the client's digest sends, filtered by status and by the day they went (the client's days). */
export const ZDigestSendsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  status: z.enum(DIGEST_SEND_STATUSES, { error: 'SENDING, SENT or FAILED' }).optional(),
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
}).refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
  path: ['toDate'],
  message: 'the end date is before the start date',
});
export type TDigestSendsQuery = z.infer<typeof ZDigestSendsQuery>;

/** One digest of one user and period, as the administrators' list shows it. */
export const ZDigestSendListRow = z.strictObject({
  id: z.number().int(),
  userName: z.string(),
  recipient: z.string(),
  period: z.string(),
  asOf: z.string(),
  status: z.enum(DIGEST_SEND_STATUSES),
  error: z.string().nullable(),
  subject: z.string().nullable(),
  sentAt: z.string(),
});
export type TDigestSendListRow = z.infer<typeof ZDigestSendListRow>;

const ZKpiLine = z.strictObject({
  key: z.string(),
  label: z.string(),
  unit: z.enum(['days', '%']),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});

const ZPromiseLine = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  amount: z.number(),
  promisedDate: z.string(),
});

/** The digest's figures: each from the dashboard's own call, for the user's scope and the date. */
export const ZDigestFigures = z.strictObject({
  asOf: z.string(),
  previousDate: z.string(),
  period: z.string(),
  frequency: z.enum(DIGEST_FREQUENCIES),
  balance: z.number(),
  overdue: z.number(),
  previousBalance: z.number(),
  previousOverdue: z.number(),
  /** The KPI strip's month (yyyy-mm, the last whole month) and measures; null before a whole month of data. */
  kpiMonth: z.string().nullable(),
  kpis: z.array(ZKpiLine),
  forecast: z.array(
    z.strictObject({
      weekStart: z.string(),
      weekEnd: z.string(),
      expected: z.number(),
      low: z.number(),
      high: z.number(),
    }),
  ),
  /** Open promises falling due today (daily) or in the coming week (weekly); null: the user's pages do not show promises. */
  promisesDue: z.array(ZPromiseLine).nullable(),
  /** Promises broken since the previous digest (their date fell in the period). */
  promisesBroken: z.array(ZPromiseLine).nullable(),
  movers: z.array(
    z.strictObject({
      sysObligorCode: z.string(),
      name: z.string(),
      balance: z.number(),
      overdue: z.number(),
      balanceChange: z.number(),
      overdueChange: z.number(),
    }),
  ),
  /** Disputes opened since the previous digest; null: the user's pages do not show disputes. */
  newDisputes: z
    .array(
      z.strictObject({
        id: z.number().int(),
        sysObligorCode: z.string(),
        obligorName: z.string(),
        amount: z.number(),
        reason: z.enum(DISPUTE_REASONS),
        openedOn: z.string(),
      }),
    )
    .nullable(),
});
export type TDigestFigures = z.infer<typeof ZDigestFigures>;

export const ZDigestPreview = z.strictObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The attached workbook's file name. */
  attachment: z.string(),
  figures: ZDigestFigures,
});
export type TDigestPreview = z.infer<typeof ZDigestPreview>;

export const ZDigestRun = z.strictObject({
  sends: z.array(
    z.strictObject({
      userId: z.number().int(),
      userName: z.string(),
      recipient: z.string(),
      period: z.string(),
      asOf: z.string(),
      /** SKIPPED: this period's digest went already (a retry: no failure to retry); NOT_DUE: a weekly digest before its weekday. */
      status: z.enum(['SENT', 'FAILED', 'SKIPPED', 'NOT_DUE']),
      error: z.string().nullable(),
    }),
  ),
});
export type TDigestRun = z.infer<typeof ZDigestRun>;

const digestAccess = { userType: 'borrowers', requirement: API_ACCESS.dashboard } as const;
/** Running the digests and reading every user's sends: administrators (the permission of the integrations page). */
const runsAccess = { userType: 'borrowers', requirement: API_ACCESS.integrations } as const;

export const digestCalls = {
  subscription: call({
    method: 'GET',
    path: '/digest/subscription',
    access: digestAccess,
    summary: "The signed-in user's email digest of the dashboard: daily or weekly, on or off, and its last sends",
    answer: json(ZDigestSubscription),
  }),
  saveSubscription: call({
    method: 'PUT',
    path: '/digest/subscription',
    access: digestAccess,
    body: ZDigestSubscriptionBody,
    summary: 'Subscribes the signed-in user to the digest (DAILY, or WEEKLY on a weekday 1-7) or switches it off',
    answer: json(ZDigestSubscription),
  }),
  preview: call({
    method: 'POST',
    path: '/digest/preview',
    access: digestAccess,
    body: ZDigestPreviewBody,
    summary: "The signed-in user's digest as it would go (subject, text and HTML body, figures), without sending it",
    answer: json(ZDigestPreview),
  }),
  run: call({
    method: 'POST',
    path: '/digest/runs',
    access: runsAccess,
    body: ZDigestRunBody,
    summary:
      "Sends now the due digests of the client's subscribed users, once per user and period, or (retryFailed) tries the failed ones again (administrators); the daily job sends at 07:00 client time",
    answer: json(ZDigestRun, 201),
  }),
  sends: call({
    method: 'GET',
    path: '/digest/runs',
    access: runsAccess,
    query: ZDigestSendsQuery,
    summary:
      "The digests sent to the client's users, newest first, with each failure's reason; by status and days sent (administrators)",
    answer: paged(ZDigestSendListRow),
  }),
};
