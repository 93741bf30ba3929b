import { z } from 'zod';
import { PROFILE_LEVELS } from '@/lib/domain/payment-prediction';
import { API_ACCESS } from './access';
import { call, json } from './call';
import { ZObligorCode } from './communications';
import { ZClientIdParam } from './common';

/** GET /v3/clients/payment_predictions: when each open debt of a family (its parent's code) or an account is expected to be paid. */
export const ZPaymentPredictionsQuery = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: ZObligorCode,
});

export const ZPaymentPrediction = z.strictObject({
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  sysObligorCode: z.string(),
  /** The due date, or the issue date without one. */
  dueDate: z.string(),
  open: z.number(),
  basis: z.enum(['DISPUTED', 'PROMISED', 'HISTORY', 'DUE_DATE', 'NOT_EXPECTED']),
  /** Expected payment day; null for a disputed debt or one later than any payment of the last 12 months. */
  date: z.string().nullable(),
  low: z.string().nullable(),
  high: z.string().nullable(),
  /** Whose payments predicted it (HISTORY only): the account's, its family's, its dim1 value's or the client's. */
  level: z.enum(PROFILE_LEVELS).nullable(),
  reason: z.string(),
});
export type TPaymentPrediction = z.infer<typeof ZPaymentPrediction>;

export const ZPaymentPredictions = z.strictObject({
  sysObligorCode: z.string(),
  asOf: z.string(),
  predictions: z.array(ZPaymentPrediction),
});
export type TPaymentPredictions = z.infer<typeof ZPaymentPredictions>;

export const forecastCalls = {
  paymentPredictions: call({
    method: 'GET',
    path: '/v3/clients/payment_predictions',
    query: ZPaymentPredictionsQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customers },
    summary:
      'When each open invoice of a family or an account is expected to be paid, with a low-high band and the reason in words',
    answer: json(ZPaymentPredictions),
    cachedByParams: true,
  }),
};
