import { z } from 'zod';
import { LATENESS_BANDS } from '@/lib/domain/payment-behaviour';
import { API_ACCESS } from './access';
import { call, json } from './call';
import { ZObligorCode } from './communications';
import { ZClientIdParam, ZIsoDate } from './common';

/**
 * GET /v3/clients/payment_behaviour: how a family (its parent's code) or an account paid in the 12
 * months up to `date` (today by default).
 */
export const ZPaymentBehaviourQuery = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: ZObligorCode,
  date: ZIsoDate.optional(),
});

export const ZPaymentBehaviour = z.strictObject({
  sysObligorCode: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  invoicesPaid: z.number().int(),
  amountPaid: z.number(),
  averageDaysLate: z.number().nullable(),
  lateShare: z.number().nullable(),
  distribution: z.array(
    z.strictObject({
      band: z.enum(LATENESS_BANDS.map((b) => b.key) as [string, ...string[]]),
      label: z.string(),
      count: z.number().int(),
      amount: z.number(),
      share: z.number(),
    }),
  ),
  months: z.array(z.strictObject({ month: z.string(), averageDaysLate: z.number(), amount: z.number() })),
});
export type TPaymentBehaviour = z.infer<typeof ZPaymentBehaviour>;

export const paymentBehaviourCalls = {
  behaviour: call({
    method: 'GET',
    path: '/v3/clients/payment_behaviour',
    query: ZPaymentBehaviourQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customers },
    summary:
      'How a family or an account paid in the 12 months up to the date (today by default): days from due date to settlement by band, the share paid late, the monthly trend',
    answer: json(ZPaymentBehaviour),
    cachedByParams: true,
  }),
};
