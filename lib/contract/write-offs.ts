import { z } from 'zod';
import { API_ACCESS } from './access';
import { ZMoney } from './ageing';
import { call, json } from './call';
import { ZId } from './common';

export const WRITE_OFF_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TWriteOffStatus = (typeof WRITE_OFF_STATUSES)[number];

/** A request to write off (part of) an invoice as a bad debt, and what became of it. */
export const ZWriteOff = z.strictObject({
  id: z.number(),
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  /** What the invoice has open now (0 once written off in full). */
  outstanding: ZMoney,
  amount: ZMoney,
  reason: z.string(),
  status: z.enum(WRITE_OFF_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The WRITE_OFF document written on approval, and its ledger date. */
  writeOffNum: z.string().nullable(),
  writtenOffOn: z.string().nullable(),
  /** The requester cannot decide their own request (four eyes). */
  mine: z.boolean(),
});
export type TWriteOff = z.infer<typeof ZWriteOff>;

export const ZWriteOffQuery = z.object({
  /** Absent: every request, pending first. */
  status: z.enum(WRITE_OFF_STATUSES).optional(),
});

export const ZWriteOffBody = z.strictObject({
  sysInvoiceNum: z.string({ error: 'name the invoice' }).trim().min(1, 'name the invoice').max(64),
  amount: z.coerce
    .number({ error: 'enter the amount to write off' })
    .finite()
    .positive('the amount to write off must be above zero')
    .multipleOf(0.01, 'to the paisa at most'),
  reason: z
    .string({ error: 'say why the debt is bad' })
    .trim()
    .min(5, 'say why the debt is bad, in a few words (the customer closed, the court case lost...)')
    .max(500),
});
export type TWriteOffBody = z.infer<typeof ZWriteOffBody>;

const access = { userType: 'borrowers', requirement: API_ACCESS.writeOff } as const;

export const writeOffCalls = {
  list: call({
    method: 'GET',
    path: '/writeoffs',
    query: ZWriteOffQuery,
    access,
    summary: 'Requests to write off bad debts: pending (to approve or reject), approved and rejected',
    answer: json(z.array(ZWriteOff)),
  }),
  request: call({
    method: 'POST',
    path: '/writeoffs',
    body: ZWriteOffBody,
    access,
    summary:
      "Asks to write off (part of) an open invoice's outstanding as a bad debt, with the reason; another holder of the permission approves it; in the edit log",
    answer: json(ZWriteOff),
  }),
  approve: call({
    method: 'POST',
    path: '/writeoffs/{id}/approve',
    params: z.object({ id: ZId }),
    access,
    summary:
      "Approves a pending write-off (not one's own): a WRITE_OFF document against the invoice is written in one transaction and the ageing rebuilt; in the edit log with before and after",
    answer: json(ZWriteOff),
  }),
  reject: call({
    method: 'POST',
    path: '/writeoffs/{id}/reject',
    params: z.object({ id: ZId }),
    access,
    summary: "Rejects a pending write-off (not one's own); in the edit log",
    answer: json(ZWriteOff),
  }),
};
