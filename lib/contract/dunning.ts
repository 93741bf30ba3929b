import { z } from 'zod';
import {
  DEFAULT_REMITTANCE_GRACE_DAYS,
  DUNNING_CHANNELS,
  DUNNING_GROUPINGS,
  LEVEL_DAYS_MAX,
  LEVEL_DAYS_MIN,
  MAX_LEVELS,
  PLACEHOLDERS,
  QUIET_DAYS_MAX,
  REMITTANCE_GRACE_DAYS_MAX,
  TASK_FOR,
  unknownPlaceholders,
} from '@/lib/domain/dunning';
import { IFSC_PATTERN, MAX_UPI_LIMIT, VPA_PATTERN } from '@/lib/domain/upi';
import { API_ACCESS } from './access';
import { call, file, json, paged } from './call';
import { ZClientIdParam, ZId, ZPaging } from './common';
import { blankAsAbsent, ZObligorCode } from './communications';
import { ZLetterhead, ZLetterheadBody } from './letterhead';
import {
  ZStatementPeriodRun,
  ZStatementRun,
  ZStatementRunBody,
  ZStatementSchedule,
  ZStatementScheduleBody,
} from './statement-schedule';

const TEMPLATE_MAX = 5000;

const knownPlaceholders = (text: string) => unknownPlaceholders(text).length === 0;
const placeholderMessage = (text: string) =>
  `unknown placeholder ${unknownPlaceholders(text)
    .map((p) => `{{${p}}}`)
    .join(', ')}; use ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}`;

const ZTemplate = (what: string, max: number) =>
  z
    .string({ error: `write the ${what}` })
    .trim()
    .min(1, `write the ${what}`)
    .max(max, `at most ${max} characters`)
    .superRefine((text, ctx) => {
      if (!knownPlaceholders(text)) ctx.addIssue({ code: 'custom', message: placeholderMessage(text) });
    });

/** A level as the policy page sends it; its number is its place in the list. */
export const ZDunningLevelInput = z.object({
  days: z.coerce
    .number({ error: 'enter the days as a whole number' })
    .int('enter the days as a whole number')
    .min(LEVEL_DAYS_MIN, `at least ${LEVEL_DAYS_MIN} (days before the due date)`)
    .max(LEVEL_DAYS_MAX, `at most ${LEVEL_DAYS_MAX} days after the due date`),
  channel: z.enum(DUNNING_CHANNELS, { error: 'choose email, WhatsApp or task' }),
  taskFor: blankAsAbsent(z.enum(TASK_FOR, { error: 'choose the collector or the manager' })),
  subject: ZTemplate('subject', 200),
  body: ZTemplate('message', TEMPLATE_MAX),
});

const ZMinAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : v),
  z
    .number({ error: 'enter the minimum amount as a number' })
    .finite('enter the minimum amount as a number')
    .min(0, 'the minimum amount cannot be negative')
    .max(1e13, 'the amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'use at most two decimals (paise)'),
);

/** PUT /dunning/policy: the whole policy; the levels replace the saved ones. */
export const ZDunningPolicyBody = z
  .object({
    clientId: ZClientIdParam,
    enabled: z.boolean({ error: 'say whether reminders are on' }),
    grouping: z.enum(DUNNING_GROUPINGS, { error: 'choose one message per family or per account' }),
    minAmount: ZMinAmount,
    quietDays: z.coerce
      .number({ error: 'enter the quiet period in days' })
      .int('enter the quiet period as a whole number of days')
      .min(0, 'the quiet period cannot be negative')
      .max(QUIET_DAYS_MAX, `at most ${QUIET_DAYS_MAX} days`),
    remittanceGraceDays: z.coerce
      .number({ error: 'enter the grace period in days' })
      .int('enter the grace period as a whole number of days')
      .min(0, 'the grace period cannot be negative')
      .max(REMITTANCE_GRACE_DAYS_MAX, `at most ${REMITTANCE_GRACE_DAYS_MAX} days`)
      .default(DEFAULT_REMITTANCE_GRACE_DAYS),
    levels: z
      .array(ZDunningLevelInput, { error: 'add at least one level' })
      .min(1, 'add at least one level')
      .max(MAX_LEVELS, `at most ${MAX_LEVELS} levels`),
  })
  .superRefine((body, ctx) => {
    body.levels.forEach((level, i) => {
      const previous = body.levels[i - 1];
      if (previous && level.days <= previous.days) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', i, 'days'],
          message: `each level comes later than the one before: more than ${previous.days} days`,
        });
      }
      if (level.channel === 'TASK' && !level.taskFor) {
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'taskFor'], message: 'choose who gets the task' });
      }
      if (level.channel !== 'TASK' && level.taskFor) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', i, 'taskFor'],
          message: 'only a task level names who gets the task',
        });
      }
    });
  });
export type TDunningPolicyBody = z.infer<typeof ZDunningPolicyBody>;

export const ZDunningLevel = z.strictObject({
  level: z.number().int(),
  days: z.number().int(),
  channel: z.enum(DUNNING_CHANNELS),
  taskFor: z.enum(TASK_FOR).nullable(),
  subject: z.string(),
  body: z.string(),
});
export type TDunningLevel = z.infer<typeof ZDunningLevel>;

export const ZDunningPolicy = z.strictObject({
  enabled: z.boolean(),
  grouping: z.enum(DUNNING_GROUPINGS),
  minAmount: z.number(),
  quietDays: z.number().int(),
  /** Days a customer's remittance advice holds back reminders of its bills. */
  remittanceGraceDays: z.number().int(),
  levels: z.array(ZDunningLevel),
  /** True while the client has not saved a policy of its own. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TDunningPolicy = z.infer<typeof ZDunningPolicy>;

/** POST /dunning/runs: a preview (dryRun) or a real run, of every customer or of one. */
export const ZDunningRunBody = z.object({
  clientId: ZClientIdParam,
  dryRun: z.boolean({ error: 'say whether this is a preview (dryRun: true) or a real run' }),
  sysObligorCode: blankAsAbsent(ZObligorCode),
});
export type TDunningRunBody = z.infer<typeof ZDunningRunBody>;

/** PREVIEW: would go (a preview); SENDING: claimed and on its way; SENT; FAILED; SKIPPED (and why). */
export const DUNNING_MESSAGE_STATUSES = ['PREVIEW', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;

export const ZDunningMessage = z.strictObject({
  sysObligorCode: z.string(),
  obligorName: z.string(),
  level: z.number().int(),
  channel: z.enum(DUNNING_CHANNELS),
  amountDue: z.number(),
  oldestDays: z.number().int(),
  recipient: z.string().nullable(),
  status: z.enum(DUNNING_MESSAGE_STATUSES),
  error: z.string().nullable(),
  communicationId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
});
export type TDunningMessage = z.infer<typeof ZDunningMessage>;

const ZRunHead = {
  /** Null for a preview: nothing of it is stored. */
  id: z.number().int().nullable(),
  runDate: z.string(),
  trigger: z.enum(['DAILY', 'MANUAL']),
  dryRun: z.boolean(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  userName: z.string().nullable(),
};

export const ZDunningRun = z.strictObject({
  ...ZRunHead,
  /** What a reader should know: nothing to send, everyone already reminded today… */
  note: z.string().nullable(),
  messages: z.array(ZDunningMessage),
});
export type TDunningRun = z.infer<typeof ZDunningRun>;

export const ZDunningRunRow = z.strictObject({
  ...ZRunHead,
  id: z.number().int(),
  messages: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type TDunningRunRow = z.infer<typeof ZDunningRunRow>;

export const ZDunningRunsQuery = ZPaging.extend({ clientId: ZClientIdParam });
export const ZDunningRunParam = z.object({ id: ZId });
/** The customer (its family's parent under FAMILY grouping) whose reminder of today is wanted as a PDF. */
export const ZReminderPdfQuery = z.object({ clientId: ZClientIdParam, sysObligorCode: ZObligorCode });

/** The client's payment details: UPI address and bank account, printed on reminders and statements. */
export const ZPaymentDetails = z.strictObject({
  upiVpa: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankIfsc: z.string().nullable(),
  /** Rupees: above it, reminders and portal pages offer bank transfer instead of a UPI link and QR code. */
  upiLimit: z.number(),
});
export type TPaymentDetails = z.infer<typeof ZPaymentDetails>;

const optionalText = (max: number, message: string) =>
  blankAsAbsent(z.string({ error: message }).trim().min(1, message).max(max, `at most ${max} characters`));

export const ZPaymentDetailsBody = z.object({
  clientId: ZClientIdParam,
  upiVpa: blankAsAbsent(
    z
      .string({ error: 'enter the UPI address as name@bank' })
      .trim()
      .regex(VPA_PATTERN, 'enter the UPI address as name@bank, e.g. vardhmanfoods@icici'),
  ),
  bankName: optionalText(100, 'enter the bank name'),
  bankAccountName: optionalText(140, 'enter the account holder name'),
  bankAccountNumber: blankAsAbsent(
    z
      .string({ error: 'enter the account number' })
      .trim()
      .regex(/^\d{6,18}$/, 'enter the account number: 6 to 18 digits'),
  ),
  bankIfsc: blankAsAbsent(
    z
      .string({ error: 'enter the IFSC' })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(IFSC_PATTERN, 'enter the 11-character IFSC, e.g. HDFC0001234')),
  ),
  /** Whole rupees; blank: the default ₹1,00,000. A form may send "1,00,000". */
  upiLimit: blankAsAbsent(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v.replace(/,/g, '').trim()) : v),
      z
        .number({ error: 'enter the UPI limit in rupees, e.g. 100000' })
        .int('enter the UPI limit in whole rupees')
        .min(1, 'the UPI limit must be at least ₹1')
        .max(MAX_UPI_LIMIT, 'UPI apps take at most ₹5,00,000 in one payment'),
    ),
  ),
});
export type TPaymentDetailsBody = z.infer<typeof ZPaymentDetailsBody>;

const adminAccess = { userType: 'borrowers', requirement: API_ACCESS.integrations } as const;
const runAccess = { userType: 'borrowers', requirement: API_ACCESS.dunningRuns } as const;
/** A preview needs the Worklist page; sending also needs MANAGE_REMINDERS (checked with the body: dryRun false). */
const previewAccess = { userType: 'borrowers', requirement: API_ACCESS.previewReminders } as const;

export const dunningCalls = {
  policy: call({
    method: 'GET',
    path: '/dunning/policy',
    access: runAccess,
    summary: "The client's reminder policy (the default one until it saves its own)",
    answer: json(ZDunningPolicy),
  }),
  savePolicy: call({
    method: 'PUT',
    path: '/dunning/policy',
    access: adminAccess,
    body: ZDunningPolicyBody,
    summary: 'Saves the reminder policy: grouping, minimum amount, quiet period and its levels (administrators)',
    answer: json(ZDunningPolicy),
  }),
  run: call({
    method: 'POST',
    path: '/dunning/runs',
    access: previewAccess,
    body: ZDunningRunBody,
    summary:
      "Previews the reminders (dryRun: nothing sent or stored), or sends them now with MANAGE_REMINDERS, for the user's customers",
    answer: json(ZDunningRun, 201),
  }),
  runs: call({
    method: 'GET',
    path: '/dunning/runs',
    access: runAccess,
    query: ZDunningRunsQuery,
    summary: 'Recent reminder runs, newest first, with their counts of messages sent, failed and skipped',
    answer: paged(ZDunningRunRow),
  }),
  getRun: call({
    method: 'GET',
    path: '/dunning/runs/{id}',
    access: runAccess,
    params: ZDunningRunParam,
    summary: "One reminder run with its messages (a scoped user sees their customers' only)",
    answer: json(ZDunningRun),
  }),
  reminderPdf: call({
    method: 'GET',
    path: '/dunning/reminder.pdf',
    access: previewAccess,
    query: ZReminderPdfQuery,
    summary:
      "The reminder a customer of the user's is due today, as the PDF its reminder mail attaches (its bills, ageing, UPI QR); 404 when none is due",
    answer: file('application/pdf'),
  }),
  paymentDetails: call({
    method: 'GET',
    path: '/clients/payment_details',
    access: { userType: 'borrowers', requirement: API_ACCESS.clientSettings, customers: true },
    summary: "The client's UPI address and bank account, printed on reminders, statements and the portal",
    answer: json(ZPaymentDetails),
  }),
  savePaymentDetails: call({
    method: 'PUT',
    path: '/clients/payment_details',
    access: adminAccess,
    body: ZPaymentDetailsBody,
    summary: "Saves the client's UPI address and bank account (administrators)",
    answer: json(ZPaymentDetails),
  }),
  letterhead: call({
    method: 'GET',
    path: '/clients/letterhead',
    access: adminAccess,
    summary: "The client's letterhead on statements and reminder PDFs: postal address, GSTIN and logo (administrators)",
    answer: json(ZLetterhead),
  }),
  saveLetterhead: call({
    method: 'PUT',
    path: '/clients/letterhead',
    access: adminAccess,
    body: ZLetterheadBody,
    summary:
      "Saves the client's postal address, GSTIN (its check character verified) and logo (PNG or JPEG, under 100 KB) (administrators)",
    answer: json(ZLetterhead),
  }),
  statementSchedule: call({
    method: 'GET',
    path: '/dunning/statements/schedule',
    access: adminAccess,
    summary:
      "The client's statement schedule (administrators): when and to which customers statements go by themselves",
    answer: json(ZStatementSchedule),
  }),
  saveStatementSchedule: call({
    method: 'PUT',
    path: '/dunning/statements/schedule',
    access: adminAccess,
    body: ZStatementScheduleBody,
    summary:
      'Saves the statement schedule: monthly on a day or weekly on a weekday, which customers, open items or all lines (administrators)',
    answer: json(ZStatementSchedule),
  }),
  statementRun: call({
    method: 'POST',
    path: '/dunning/statements/runs',
    access: adminAccess,
    body: ZStatementRunBody,
    summary:
      "Previews (dryRun: nothing sent or stored) or sends now this period's statements, PDF and XLSX, to each chosen customer's accounts contact (administrators)",
    answer: json(ZStatementRun, 201),
  }),
  statementRuns: call({
    method: 'GET',
    path: '/dunning/statements/runs',
    access: adminAccess,
    summary:
      'The statements of the last 12 periods, newest first: how many went, how many failed and why (administrators)',
    answer: json(z.array(ZStatementPeriodRun)),
  }),
};
