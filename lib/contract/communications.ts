import { z } from 'zod';
import { COMMUNICATIONS_DEFAULT_ORDER } from '@/lib/constants';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZIsoDate, ZPaging, zRequiredDay } from './common';

export const COMMUNICATION_CHANNELS = ['CALL', 'EMAIL', 'VISIT', 'PROMISE_TO_PAY', 'WHATSAPP'] as const;
export type TChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<TChannel, string> = {
  CALL: 'Call',
  EMAIL: 'Email',
  VISIT: 'Visit',
  PROMISE_TO_PAY: 'Promise to pay',
  WHATSAPP: 'WhatsApp',
};

export const SUMMARY_MAX_LENGTH = 2000;

/** An obligor code in a path or body. */
export const ZObligorCode = z.string().trim().min(1, 'choose a customer').max(64);

/** Forms send '' (and some clients null) for a field left blank: both mean "not given". */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * GET /communications/obligors/{code}. The spec's default order is spelled 'DECS' (sections 7 and
 * 9); we read it as DESC, newest first, and accept the correct spellings too.
 */
export const ZCommunicationsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  order: z
    .enum(['DECS', 'DESC', 'ASC'])
    .default(COMMUNICATIONS_DEFAULT_ORDER)
    .transform((o): 'ASC' | 'DESC' => (o === 'ASC' ? 'ASC' : 'DESC')),
});
export type TCommunicationsQuery = z.infer<typeof ZCommunicationsQuery>;

export const ZObligorCodeParam = z.object({ code: ZObligorCode });

const ZAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : v),
  z
    .number({ error: 'enter the promised amount as a number' })
    .finite()
    .max(1e15, 'the amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'use at most two decimals (paise)'),
);

/** POST /communications/obligors/{code}: a call, email, visit or promise to pay, logged by the session user. */
export const ZLogCommunicationBody = z
  .object({
    clientId: ZClientIdParam,
    commDate: zRequiredDay('enter the date of the call, email or visit'),
    channel: z.enum(COMMUNICATION_CHANNELS, { error: 'choose call, email, visit, promise to pay or WhatsApp' }),
    summary: z
      .string({ error: 'write what was said or agreed' })
      .trim()
      .min(1, 'write what was said or agreed')
      .max(SUMMARY_MAX_LENGTH, `at most ${SUMMARY_MAX_LENGTH} characters`),
    followUpDate: blankAsAbsent(ZIsoDate),
    promisedAmount: blankAsAbsent(ZAmount),
  })
  .superRefine((body, ctx) => {
    if (body.followUpDate && body.followUpDate < body.commDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['followUpDate'],
        message: 'the follow-up cannot be before the communication',
      });
    }
    if (body.channel === 'PROMISE_TO_PAY') {
      if (body.promisedAmount === undefined)
        ctx.addIssue({ code: 'custom', path: ['promisedAmount'], message: 'enter the amount promised' });
      else if (!(body.promisedAmount > 0))
        ctx.addIssue({
          code: 'custom',
          path: ['promisedAmount'],
          message: 'the promised amount must be more than zero',
        });
      // The promised date: the promise it makes (lib/server/promises) is checked by it.
      if (!body.followUpDate)
        ctx.addIssue({
          code: 'custom',
          path: ['followUpDate'],
          message: 'enter the date the payment was promised for',
        });
    } else if (body.promisedAmount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['promisedAmount'],
        message: 'only a promise to pay has a promised amount',
      });
    }
  });
export type TLogCommunicationBody = z.infer<typeof ZLogCommunicationBody>;

/** One row of the communications list (and the answer of a POST). */
export const ZCommunication = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  commDate: z.string(),
  channel: z.enum(COMMUNICATION_CHANNELS),
  summary: z.string(),
  promisedAmount: z.number().nullable(),
  followUpDate: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TCommunication = z.infer<typeof ZCommunication>;

// ---- Calls ----

export const communicationCalls = {
  list: call({
    method: 'GET',
    path: '/communications/obligors/{code}',
    params: ZObligorCodeParam,
    query: ZCommunicationsQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: "An obligor's notes, or a parent's whole family, newest first by default",
    answer: paged(ZCommunication),
  }),
  log: call({
    method: 'POST',
    path: '/communications/obligors/{code}',
    params: ZObligorCodeParam,
    body: ZLogCommunicationBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary: "Logs a call, email, visit or promise to pay on one obligor in the user's scope",
    answer: json(ZCommunication, 201),
  }),
};
