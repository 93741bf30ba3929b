import { z } from 'zod';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZId, ZPaging } from './common';
import { blankAsAbsent } from './communications';

const ZCode = z.string().trim().min(1).max(64);

export const DISPUTE_REASONS = ['PRICING', 'QUANTITY', 'QUALITY', 'NOT_RECEIVED', 'DUPLICATE', 'OTHER'] as const;
export type TDisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<TDisputeReason, string> = {
  PRICING: 'Pricing',
  QUANTITY: 'Quantity',
  QUALITY: 'Quality',
  NOT_RECEIVED: 'Goods not received',
  DUPLICATE: 'Duplicate invoice',
  OTHER: 'Other',
};

export const DISPUTE_OUTCOMES = ['CREDIT_NOTE', 'CUSTOMER_TO_PAY', 'WRITTEN_OFF'] as const;
export type TDisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<TDisputeOutcome, string> = {
  CREDIT_NOTE: 'Credit note to come',
  CUSTOMER_TO_PAY: 'Customer to pay',
  WRITTEN_OFF: 'Written off',
};

export const DISPUTE_STATUSES = ['OPEN', 'RESOLVED'] as const;

const ZDisputedAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : v),
  z
    .number({ error: 'enter the disputed amount as a number' })
    .finite('enter the disputed amount as a number')
    .positive('the disputed amount must be more than zero')
    .max(1e15, 'the amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'use at most two decimals (paise)'),
);

/** POST /disputes: some open invoices of one customer, the reason and the amount contested. */
export const ZOpenDisputeBody = z.object({
  clientId: ZClientIdParam,
  sysInvoiceNums: z
    .array(ZCode, { error: 'choose the invoices in dispute' })
    .min(1, 'choose the invoices in dispute')
    .max(50, 'at most 50 invoices per dispute'),
  reason: z.enum(DISPUTE_REASONS, {
    error: 'choose pricing, quantity, quality, not received, duplicate or other',
  }),
  amount: ZDisputedAmount,
  note: blankAsAbsent(z.string().trim().max(1000, 'at most 1000 characters')),
});
export type TOpenDisputeBody = z.infer<typeof ZOpenDisputeBody>;

export const ZResolveDisputeBody = z.object({
  clientId: ZClientIdParam,
  outcome: z.enum(DISPUTE_OUTCOMES, { error: 'choose credit note to come, customer to pay or written off' }),
  resolution: blankAsAbsent(z.string().trim().max(1000, 'at most 1000 characters')),
});
export type TResolveDisputeBody = z.infer<typeof ZResolveDisputeBody>;

export const ZDisputeIdParam = z.object({ id: ZId });

export const ZDisputesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  status: z.enum(DISPUTE_STATUSES).optional(),
  /** One customer's disputes; a parent's code lists its whole family's. */
  sysObligorCode: ZCode.optional(),
});
export type TDisputesQuery = z.infer<typeof ZDisputesQuery>;

export const ZDispute = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  sysInvoiceNums: z.array(z.string()),
  /** The invoices' own numbers, in the order of sysInvoiceNums. */
  invoiceNums: z.array(z.string()),
  reason: z.enum(DISPUTE_REASONS),
  amount: z.number(),
  note: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  openedOn: z.string(),
  /** Days open (today - openedOn) while open; null once resolved. */
  ageDays: z.number().int().nullable(),
  /** Who raised it: a collector, or the customer on the portal. */
  raisedBy: z.enum(['COLLECTOR', 'PORTAL']),
  userName: z.string().nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolvedOn: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type TDispute = z.infer<typeof ZDispute>;

export const disputeCalls = {
  list: call({
    method: 'GET',
    path: '/disputes',
    query: ZDisputesQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: "Disputes in the user's scope, open first, each aged in days while open",
    answer: paged(ZDispute),
  }),
  open: call({
    method: 'POST',
    path: '/disputes',
    body: ZOpenDisputeBody,
    // A customer user raises one on their own bill (their scope).
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication, customers: true },
    summary: 'Opens a dispute on open invoices of one customer (also from the customer portal)',
    answer: json(ZDispute, 201),
  }),
  resolve: call({
    method: 'POST',
    path: '/disputes/{id}/resolve',
    params: ZDisputeIdParam,
    body: ZResolveDisputeBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.resolveDisputes },
    summary: 'Resolves an open dispute with its outcome',
    answer: json(ZDispute),
  }),
};
