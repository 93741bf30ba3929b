import { z } from 'zod';
import { API_ACCESS } from './access';
import { ZMoney } from './ageing';
import { ZOk } from './auth';
import { call, json, redirect } from './call';
import { ZId, zRequiredDay } from './common';
import { ZCode } from './receivables';

/**
 * The customer's own door: customer users (bound to one customer, invited from its contacts),
 * their signed single-use sign-in links, paying chosen bills, and "I have paid" remittance advice.
 */

export const CUSTOMER_USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export const ZCustomerUser = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The customer they are bound to: a parent's user sees the whole family. */
  sysObligorCode: z.string(),
  status: z.enum(CUSTOMER_USER_STATUSES),
  lastSignInAt: z.string().nullable(),
});
export type TCustomerUser = z.infer<typeof ZCustomerUser>;

export const ZCodeParams = z.object({ code: ZCode });
export const ZIdParams = z.object({ id: ZId });

export const ZInviteCustomerUserBody = z.object({ contactId: ZId });
export const ZCustomerUserStatusBody = z.object({ status: z.enum(CUSTOMER_USER_STATUSES) });

export const ZCustomerLinkQuery = z.object({ token: z.string().max(200).catch('') });

const ZBills = z
  .array(ZCode)
  .min(1, 'choose at least one bill')
  .max(200, 'at most 200 bills at once')
  .transform((v) => [...new Set(v)]);

/** "Pay all overdue" (every overdue bill of the customer) or "Pay selected" (the bills named). */
export const ZPayBody = z.object({
  sysObligorCode: ZCode,
  overdue: z.boolean().default(false),
  sysInvoiceNums: z.array(ZCode).max(200, 'at most 200 bills at once').default([]),
});
export type TPayBody = z.infer<typeof ZPayBody>;

export const ZPayment = z.strictObject({
  /** What is still owed on the bills, to the paisa. */
  amount: ZMoney,
  /** The payment's note: names the bills (their numbers, shortened with "+N more" past the limit). */
  reference: z.string(),
  invoiceNums: z.array(z.string()),
  /** Null when the client has no UPI address or the amount is above what UPI takes. */
  upiLink: z.string().nullable(),
  /** The QR of the link as an SVG document, made on the server. */
  qrSvg: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

const ZReference = z
  .string({ error: 'enter the UTR or cheque number' })
  .trim()
  .min(4, 'enter the UTR or cheque number')
  .max(40, 'at most 40 characters')
  .regex(/^[A-Za-z0-9/-]+$/, 'letters, digits, "/" and "-" only');

export const ZRemittanceBody = z.object({
  sysObligorCode: ZCode,
  amount: z.coerce
    .number({ error: 'enter the amount paid' })
    .positive('enter the amount paid')
    .max(1e12, 'too large')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals'),
  paidOn: zRequiredDay('enter the day you paid'),
  reference: ZReference,
  sysInvoiceNums: ZBills,
});
export type TRemittanceBody = z.infer<typeof ZRemittanceBody>;

export const ZRemittance = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  amount: ZMoney,
  paidOn: z.string(),
  reference: z.string(),
  invoiceNums: z.array(z.string()),
  status: z.enum(['OPEN', 'MATCHED']),
  /** Reminders of its bills wait until this day (the client's grace period after the advice). */
  holdsUntil: z.string(),
  createdAt: z.string(),
  by: z.string().nullable(),
});
export type TRemittance = z.infer<typeof ZRemittance>;

export const ZRemittancesQuery = z.object({ sysObligorCode: ZCode });

// ---- Calls ----

const door = { userType: 'borrowers', requirement: API_ACCESS.customerPortal, customers: true } as const;

export const customerDoorCalls = {
  listUsers: call({
    method: 'GET',
    path: '/obligors/{code}/customer_users',
    params: ZCodeParams,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary: "A customer's portal users (its family's too when it is a parent)",
    answer: json(z.array(ZCustomerUser)),
  }),
  invite: call({
    method: 'POST',
    path: '/obligors/{code}/customer_users',
    params: ZCodeParams,
    body: ZInviteCustomerUserBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary:
      "Invites one of the customer's contacts to its portal: a user bound to the customer, mailed a set-password link",
    answer: json(ZCustomerUser, 201),
  }),
  setStatus: call({
    method: 'PUT',
    path: '/customer_users/{id}/status',
    params: ZIdParams,
    body: ZCustomerUserStatusBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary: 'Suspends (sessions and sign-in links stop at once) or reactivates a customer user',
    answer: json(ZCustomerUser),
  }),
  remove: call({
    method: 'DELETE',
    path: '/customer_users/{id}',
    params: ZIdParams,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary: 'Removes a customer user (kept suspended when what they did on the portal names them)',
    answer: json(ZOk),
  }),
  revokeLinks: call({
    method: 'POST',
    path: '/customer_users/{id}/revoke_links',
    params: ZIdParams,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary: 'Revokes every unused sign-in link of a customer user (mails already sent stop working)',
    answer: json(ZOk),
  }),
  openLink: call({
    method: 'GET',
    path: '/auth/customer_link',
    query: ZCustomerLinkQuery,
    access: 'public',
    summary:
      'A reminder\'s "See your account and pay" link: signs its customer user in once (15 minutes) and opens their statement',
    answer: redirect,
  }),
  pay: call({
    method: 'POST',
    path: '/customerportal/pay',
    body: ZPayBody,
    access: door,
    summary:
      'The UPI link and QR for the overdue bills or the chosen ones: their exact open amount, a reference naming the bills',
    answer: json(ZPayment),
  }),
  remit: call({
    method: 'POST',
    path: '/customerportal/remittances',
    body: ZRemittanceBody,
    access: door,
    summary:
      '"I have paid": amount, day, UTR or cheque number and bills; holds back their reminders for the grace period',
    answer: json(ZRemittance, 201),
  }),
  remittances: call({
    method: 'GET',
    path: '/customerportal/remittances',
    query: ZRemittancesQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes, customers: true },
    summary: "A customer's remittance advices (its family's for a parent), newest first",
    answer: json(z.array(ZRemittance)),
  }),
};
