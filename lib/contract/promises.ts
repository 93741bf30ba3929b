import { z } from 'zod';
import { PROMISE_CHANNELS, PROMISE_STATUSES, TAKEN_CHANNELS } from '@/lib/domain/promises';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZIsoDate, ZPaging, checkDateRange, zRequiredDay } from './common';
import { blankAsAbsent } from './communications';

const ZCode = z.string().trim().min(1).max(64);

/** Rupees with at most two decimals (paise), more than zero; forms may send "1,25,000.50". */
export const ZPromisedAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : v),
  z
    .number({ error: 'enter the promised amount as a number' })
    .finite('enter the promised amount as a number')
    .positive('the promised amount must be more than zero')
    .max(1e15, 'the amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'use at most two decimals (paise)'),
);

/** POST /promises: a promise to pay taken by the session user on a customer in their scope. */
export const ZTakePromiseBody = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: z.string({ error: 'choose a customer' }).trim().min(1, 'choose a customer').max(64),
  amount: ZPromisedAmount,
  promisedDate: zRequiredDay('enter the date the payment was promised for'),
  sysInvoiceNums: z.array(ZCode).max(50, 'at most 50 invoices per promise').default([]),
  /** Payments by any account of the family count (the customer is a parent). */
  onFamily: z.boolean().default(false),
  channel: z.enum(TAKEN_CHANNELS, { error: 'choose call, email, visit or WhatsApp' }).default('CALL'),
  promisedBy: blankAsAbsent(z.string().trim().max(200, 'at most 200 characters')),
  note: blankAsAbsent(z.string().trim().max(1000, 'at most 1000 characters')),
});
export type TTakePromiseBody = z.infer<typeof ZTakePromiseBody>;

export const ZPromisesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  /** One customer's promises; a parent's code lists its whole family's. */
  sysObligorCode: ZCode.optional(),
  status: z.enum(PROMISE_STATUSES).optional(),
});
export type TPromisesQuery = z.infer<typeof ZPromisesQuery>;

export const ZPromise = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  onFamily: z.boolean(),
  amount: z.number(),
  promisedDate: z.string(),
  takenOn: z.string(),
  channel: z.enum(PROMISE_CHANNELS),
  promisedBy: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  status: z.enum(PROMISE_STATUSES),
  paidAmount: z.number(),
  sysInvoiceNums: z.array(z.string()),
});
export type TPromise = z.infer<typeof ZPromise>;

export const ZPromiseStatsQuery = z
  .object({ clientId: ZClientIdParam, fromDate: ZIsoDate.optional(), toDate: ZIsoDate.optional() })
  .superRefine(checkDateRange);
export type TPromiseStatsQuery = z.infer<typeof ZPromiseStatsQuery>;

/** A collector's promises whose date fell in the range, by status. */
export const ZPromiseStatsRow = z.strictObject({
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  kept: z.number().int(),
  partial: z.number().int(),
  broken: z.number().int(),
  open: z.number().int(),
  /** kept / (kept + partial + broken); null while none has come due. */
  keptRate: z.number().nullable(),
});
export type TPromiseStatsRow = z.infer<typeof ZPromiseStatsRow>;

export const promiseCalls = {
  list: call({
    method: 'GET',
    path: '/promises',
    query: ZPromisesQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: "Promises to pay in the user's scope, newest promised date first (a parent's code lists its family's)",
    answer: paged(ZPromise),
  }),
  take: call({
    method: 'POST',
    path: '/promises',
    body: ZTakePromiseBody,
    // A customer user takes one on their own customer (their scope).
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication, customers: true },
    summary: 'Takes a promise to pay on a customer, its account or some of its open invoices, and logs it',
    answer: json(ZPromise, 201),
  }),
  stats: call({
    method: 'GET',
    path: '/promises/stats',
    query: ZPromiseStatsQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: 'The kept rate per collector: promises whose date fell in the range, by status',
    answer: json(z.array(ZPromiseStatsRow)),
  }),
};
