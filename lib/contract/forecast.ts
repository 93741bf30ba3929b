import { z } from 'zod';
import { DEFAULT_WEEKS, MAX_WEEKS } from '@/lib/domain/cash-forecast';
import { PROFILE_LEVELS } from '@/lib/domain/payment-prediction';
import { API_ACCESS } from './access';
import { call, json } from './call';
import { ZObligorCode } from './communications';
import { ZClientIdParam, ZId, ZIsoDate } from './common';

/**
 * GET /v3/clients/payment_predictions: when each open debt of a family (its parent's code) or an
 * account is expected to be paid; as of `date` (today by default), from the ledger as it stood then.
 */
export const ZPaymentPredictionsQuery = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: ZObligorCode,
  date: ZIsoDate.optional(),
});

/** A debt's (or an instalment's) expected payment. */
const ZExpected = z.strictObject({
  basis: z.enum(['DISPUTED', 'PROMISED', 'HISTORY', 'DUE_DATE', 'NOT_EXPECTED']),
  /** Expected payment day; null for a disputed debt or one later than any payment of the last 12 months. */
  date: z.string().nullable(),
  low: z.string().nullable(),
  high: z.string().nullable(),
  /** Whose payments predicted it (HISTORY only): the account's, its family's, its dim1 value's or the client's. */
  level: z.enum(PROFILE_LEVELS).nullable(),
  reason: z.string(),
});

export const ZPaymentPrediction = ZExpected.extend({
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  sysObligorCode: z.string(),
  /** The due date, or the issue date without one; an invoice in instalments: its oldest open instalment's. */
  dueDate: z.string(),
  /** What the debt owes (all its open instalments). */
  open: z.number(),
  /**
   * An invoice payable in instalments with more than one open: each open instalment, oldest first,
   * with what it holds and its own expected payment; the debt's own fields are its first one's.
   */
  instalments: z.array(ZExpected.extend({ dueDate: z.string(), open: z.number() })).optional(),
});
export type TPaymentPrediction = z.infer<typeof ZPaymentPrediction>;

export const ZPaymentPredictions = z.strictObject({
  sysObligorCode: z.string(),
  asOf: z.string(),
  predictions: z.array(ZPaymentPrediction),
});
export type TPaymentPredictions = z.infer<typeof ZPaymentPredictions>;

/**
 * GET /v3/clients/forecast: the cash expected from today's open debts, week by week, with its
 * back-test; as of `date`, from the debts open then and what was known then.
 */
export const ZForecastQuery = z
  .object({
    clientId: ZClientIdParam,
    date: ZIsoDate.optional(),
    weeks: z.coerce
      .number()
      .int('weeks must be a whole number')
      .min(1, 'weeks must be at least 1')
      .max(MAX_WEEKS, `weeks may be at most ${MAX_WEEKS}`)
      .default(DEFAULT_WEEKS),
    dim1Id: ZId.optional(),
    /** A family (its parent's code) or one account. */
    sysObligorCode: ZObligorCode.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dim1Id !== undefined && q.sysObligorCode !== undefined)
      ctx.addIssue({ code: 'custom', path: ['dim1Id'], message: 'give dim1Id or sysObligorCode, not both' });
  });
export type TForecastQuery = z.infer<typeof ZForecastQuery>;

const ZBand = z.strictObject({ expected: z.number(), low: z.number(), high: z.number() });

export const ZForecast = z.strictObject({
  /** The first day of week 1: the client's today, or the date asked for. */
  asOf: z.string(),
  weeks: z.array(ZBand.extend({ weekStart: z.string(), weekEnd: z.string() })),
  total: ZBand,
  /**
   * What the open debts owe in all (invoices and debit notes, credit notes left out): the weeks'
   * expected cash + later + the three excluded parts, to the paisa.
   */
  openDebts: z.number(),
  /** Open credit notes (and bills credited beyond their amount) not yet set against a bill: negative. */
  credits: z.number(),
  /** The balance of the same customers today, as the Balance card says it: openDebts + credits. */
  balance: z.number(),
  /** Expected after the last week. */
  later: z.number(),
  /**
   * Owed but not in the weeks: in an open dispute; later than any payment of the last 12 months;
   * and the share that comparable bills of the last 12 months were never paid (unlikely to be paid).
   */
  excluded: z.strictObject({ disputed: z.number(), notExpected: z.number(), unlikely: z.number() }),
  backtest: z.strictObject({
    /** Mean absolute percentage error of the weekly points with cash collected, in %. */
    mape: z.number().nullable(),
    weeks: z.number().int(),
    /**
     * The two simple rules on the same debts and weeks (lib/domain/cash-forecast.ts RULES): each
     * debt paid on its due date; each paid its customer's own mean days to settle after its issue.
     * `improvement`: how much lower the model's error is, in % of the rule's (negative: higher).
     */
    rules: z.strictObject({
      dueDate: z.strictObject({ mape: z.number().nullable(), improvement: z.number().nullable() }),
      customerMean: z.strictObject({ mape: z.number().nullable(), improvement: z.number().nullable() }),
    }),
    /** The share of the weeks with cash collected whose cash fell inside the forecast's 80% band, in %. */
    bandShare: z.number().nullable(),
    points: z.array(
      z.strictObject({
        monthEnd: z.string(),
        weekStart: z.string(),
        forecast: z.number(),
        low: z.number(),
        high: z.number(),
        dueDateRule: z.number(),
        customerMeanRule: z.number(),
        actual: z.number(),
      }),
    ),
  }),
});
export type TForecast = z.infer<typeof ZForecast>;

export const forecastCalls = {
  paymentPredictions: call({
    method: 'GET',
    path: '/v3/clients/payment_predictions',
    query: ZPaymentPredictionsQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customers },
    summary:
      'When each invoice of a family or an account open at the date (today by default) is expected to be paid, with a low-high band and the reason in words',
    answer: json(ZPaymentPredictions),
    cachedByParams: true,
  }),
  forecast: call({
    method: 'GET',
    path: '/v3/clients/forecast',
    query: ZForecastQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.summary },
    summary:
      'Cash-in forecast by week (1-26, default 13) from the invoices open at the date (today by default), with a low-high band and its back-test over the 6 month ends before it',
    answer: json(ZForecast),
    cachedByParams: true,
  }),
};
