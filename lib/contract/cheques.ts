import { z } from 'zod';
import { CHEQUE_STATUSES } from '@/lib/domain/cheques';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZId, ZPaging, zRequiredDay } from './common';
import { blankAsAbsent } from './communications';
import { ZPromisedAmount } from './promises';

const ZCode = z.string().trim().min(1).max(64);

/** POST /cheques: a cheque received from a customer (a post-dated one is also a promise to pay on its date). */
export const ZReceiveChequeBody = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: z.string({ error: 'choose a customer' }).trim().min(1, 'choose a customer').max(64),
  chequeNumber: z
    .string({ error: 'enter the cheque number' })
    .trim()
    .regex(/^\d{6}$/, 'a cheque number has six digits'),
  bankName: z.string({ error: 'enter the bank' }).trim().min(1, 'enter the bank').max(120, 'at most 120 characters'),
  chequeDate: zRequiredDay('enter the date written on the cheque'),
  amount: ZPromisedAmount,
  /** The day it was received; default the client's today. */
  receivedOn: blankAsAbsent(zRequiredDay('enter the day it was received')),
  sysInvoiceNums: z.array(ZCode).max(50, 'at most 50 invoices per cheque').default([]),
  note: blankAsAbsent(z.string().trim().max(1000, 'at most 1000 characters')),
});
export type TReceiveChequeBody = z.infer<typeof ZReceiveChequeBody>;

export const ZChequesQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  sysObligorCode: ZCode.optional(),
  status: z.enum(CHEQUE_STATUSES).optional(),
  /** The "due to deposit" list: cheques not yet deposited, oldest cheque date first. */
  dueToDeposit: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TChequesQuery = z.infer<typeof ZChequesQuery>;

export const ZChequeIdParam = z.object({ id: ZId });

export const ZChequeEventBody = z.object({
  clientId: ZClientIdParam,
  /** The day it happened; default the client's today. */
  date: blankAsAbsent(zRequiredDay('enter the date')),
});
export type TChequeEventBody = z.infer<typeof ZChequeEventBody>;

export const ZReturnChequeBody = ZChequeEventBody.extend({
  /** The bank's reason on the return memo ("Funds insufficient", "Payment stopped by drawer"...). */
  reason: z
    .string({ error: "enter the bank's reason" })
    .trim()
    .min(1, "enter the bank's reason")
    .max(200, 'at most 200 characters'),
});
export type TReturnChequeBody = z.infer<typeof ZReturnChequeBody>;

export const ZS138 = z.strictObject({
  noticeDueBy: z.string(),
  drawerPaysBy: z.string(),
  causeOfAction: z.string(),
  complaintDueBy: z.string(),
});

export const ZCheque = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  chequeNumber: z.string(),
  bankName: z.string(),
  chequeDate: z.string(),
  amount: z.number(),
  receivedOn: z.string(),
  status: z.enum(CHEQUE_STATUSES),
  postDated: z.boolean(),
  /** Last day it may be presented (three months from its date). */
  validUntil: z.string(),
  depositedOn: z.string().nullable(),
  clearedOn: z.string().nullable(),
  returnedOn: z.string().nullable(),
  returnReason: z.string().nullable(),
  promiseId: z.number().int().nullable(),
  sysInvoiceNums: z.array(z.string()),
  /** The s138 dates of a returned cheque. */
  s138: ZS138.nullable(),
});
export type TCheque = z.infer<typeof ZCheque>;

export const chequeCalls = {
  list: call({
    method: 'GET',
    path: '/cheques',
    query: ZChequesQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary:
      "The cheque register in the user's scope (one customer's, by status, or the due-to-deposit list), latest cheque date first",
    answer: paged(ZCheque),
  }),
  receive: call({
    method: 'POST',
    path: '/cheques',
    body: ZReceiveChequeBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary: 'Records a cheque received from a customer; a post-dated one is also a promise to pay on its date',
    answer: json(ZCheque, 201),
  }),
  deposit: call({
    method: 'POST',
    path: '/cheques/{id}/deposit',
    params: ZChequeIdParam,
    body: ZChequeEventBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary: 'Marks a received cheque deposited (on or after its date, within its three months)',
    answer: json(ZCheque),
  }),
  clear: call({
    method: 'POST',
    path: '/cheques/{id}/clear',
    params: ZChequeIdParam,
    body: ZChequeEventBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary: 'Marks a deposited cheque cleared (the receipt itself comes with the ERP import)',
    answer: json(ZCheque),
  }),
  return: call({
    method: 'POST',
    path: '/cheques/{id}/return',
    params: ZChequeIdParam,
    body: ZReturnChequeBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary:
      "Records a cheque returned unpaid with the bank's reason: breaks its promise, counts a bounce and makes the dated s138 tasks",
    answer: json(ZCheque),
  }),
};
