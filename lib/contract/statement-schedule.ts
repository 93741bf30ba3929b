import { z } from 'zod';
import { ZClientIdParam } from './common';

export const STATEMENT_FREQUENCIES = ['MONTHLY', 'WEEKLY'] as const;

/**
 * A client's statement schedule: monthly on a day of the month (1 to 28, so every month has it) or
 * weekly on a weekday (1 Monday to 7 Sunday); every customer family with a balance, only those of
 * one dimension value, or a hand-picked list of customers (families' heads or accounts alone); the
 * open items only (the statement of the day) or every line of the period.
 */
export const ZStatementSchedule = z.strictObject({
  enabled: z.boolean(),
  frequency: z.enum(STATEMENT_FREQUENCIES),
  day: z.number().int(),
  dimLevel: z.number().int().nullable(),
  dimValueId: z.number().int().nullable(),
  /** Hand-picked customers' codes, in the order given; null: every customer with a balance (of the dimension value). */
  customerCodes: z.array(z.string()).nullable(),
  openItemsOnly: z.boolean(),
});
export type TStatementSchedule = z.infer<typeof ZStatementSchedule>;

export const ZStatementScheduleBody = z
  .object({
    clientId: ZClientIdParam,
    enabled: z.boolean({ error: 'say whether statements go out (true or false)' }),
    frequency: z.enum(STATEMENT_FREQUENCIES, { error: 'MONTHLY or WEEKLY' }),
    day: z.coerce.number({ error: 'a day' }).int('a whole day').min(1, 'from 1').max(28, 'at most 28'),
    dimLevel: z.coerce.number().int().min(1, 'a dimension from 1 to 6').max(6, 'a dimension from 1 to 6').nullish(),
    dimValueId: z.coerce.number().int().positive('no such dimension value').nullish(),
    /** A form may send the codes as one text, split by commas, spaces or new lines. */
    customerCodes: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(/[\s,;]+/)
              .map((c) => c.trim())
              .filter(Boolean)
          : v,
      z
        .array(z.string().trim().min(1).max(64, 'a customer code has at most 64 characters'), {
          error: 'list the customer codes',
        })
        .min(1, 'pick at least one customer')
        .max(500, 'at most 500 customers: choose a dimension value instead')
        .nullish(),
    ),
    openItemsOnly: z.boolean({ error: 'say whether the statement holds the open items only' }),
  })
  .refine((b) => b.frequency === 'MONTHLY' || b.day <= 7, {
    message: 'a weekday from 1 (Monday) to 7 (Sunday)',
    path: ['day'],
  })
  .refine((b) => (b.dimLevel == null) === (b.dimValueId == null), {
    message: 'give both the dimension and its value, or neither',
    path: ['dimValueId'],
  })
  .refine((b) => b.dimValueId == null || b.customerCodes == null, {
    message: 'pick customers by a dimension value or by hand, not both',
    path: ['customerCodes'],
  });
export type TStatementScheduleBody = z.infer<typeof ZStatementScheduleBody>;

export const ZStatementRunBody = z.object({
  clientId: ZClientIdParam,
  dryRun: z.boolean({ error: 'say whether this is a preview (dryRun: true) or a real run' }),
});

/** PREVIEW: would go; SENT; FAILED (and why); SKIPPED: this period's statement went already. */
export const STATEMENT_SEND_STATUSES = ['PREVIEW', 'SENT', 'FAILED', 'SKIPPED'] as const;

export const ZStatementSend = z.strictObject({
  sysObligorCode: z.string(),
  obligorName: z.string(),
  balance: z.number(),
  recipient: z.string().nullable(),
  status: z.enum(STATEMENT_SEND_STATUSES),
  error: z.string().nullable(),
});
export type TStatementSend = z.infer<typeof ZStatementSend>;

export const ZStatementRun = z.strictObject({
  period: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  dryRun: z.boolean(),
  sends: z.array(ZStatementSend),
});
export type TStatementRun = z.infer<typeof ZStatementRun>;

/** One period's statements as they went: how many were sent, how many failed and why. */
export const ZStatementPeriodRun = z.strictObject({
  period: z.string(),
  /** The first and the last send of the period (instants). */
  firstAt: z.string(),
  lastAt: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Still being sent (a run that stopped half way leaves them; the next run of the period retries). */
  sending: z.number().int(),
  failures: z.array(
    z.strictObject({ sysObligorCode: z.string(), obligorName: z.string(), error: z.string().nullable() }),
  ),
});
export type TStatementPeriodRun = z.infer<typeof ZStatementPeriodRun>;
