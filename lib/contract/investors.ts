import { z } from 'zod';
import { ZId } from './common';
import { CREDIT_BUCKETS } from '@/lib/domain/ageing';
import { ZCount, ZMoney } from './ageing';
import { call, json } from './call';

/** One unit of a receivable-backed security has ₹1,00,000 face value (the seed and the subscription agree). */
export const UNIT_FACE_VALUE = 100_000;

export const ZIdParam = ZId;
/** A holding, offering or originator named in the path. */
export const ZIdParams = z.object({ id: ZIdParam });

export const ZSubscribeBody = z.object({
  amount: z.coerce
    .number({ message: 'enter the amount to invest' })
    .positive('the amount must be more than zero')
    .refine(
      (v) => Number.isInteger(v / UNIT_FACE_VALUE),
      `invest in whole units of ₹${UNIT_FACE_VALUE.toLocaleString('en-IN')}`,
    ),
});
export type TSubscribeBody = z.infer<typeof ZSubscribeBody>;

// ---- Answers ----

/** A percentage a year (coupon, yield), 2 decimals. */
const ZRate = z.number().finite();
const ZSecurityStatus = z.enum(['ACTIVE', 'MATURED', 'OFFERED']);

export const ZHolding = z.strictObject({
  id: z.number().int(),
  securityId: z.number().int(),
  securityName: z.string(),
  isin: z.string(),
  originatorId: z.number().int(),
  originatorName: z.string(),
  rating: z.string(),
  status: ZSecurityStatus,
  units: ZCount,
  investedAmount: ZMoney,
  investedOn: z.string(),
  couponRate: ZRate,
  currentValue: ZMoney,
  realisedYield: ZRate.nullable(),
  received: ZMoney,
  nextPaymentDate: z.string().nullable(),
  nextPaymentAmount: ZMoney.nullable(),
  maturityDate: z.string(),
});
export type THolding = z.infer<typeof ZHolding>;

export const ZHoldingTotals = z.strictObject({
  investedAmount: ZMoney,
  /** Invested in the holdings not yet repaid: what the current value compares with. */
  liveInvested: ZMoney,
  currentValue: ZMoney,
  received: ZMoney,
  /** Coupon rates weighted by the amount invested. */
  weightedCoupon: ZRate.nullable(),
});
export type THoldingTotals = z.infer<typeof ZHoldingTotals>;

/** GET /investors/holdings: My Securities, valued at `date`. */
export const ZHoldings = z.strictObject({ rows: z.array(ZHolding), totals: ZHoldingTotals, date: z.string() });
export type THoldings = z.infer<typeof ZHoldings>;

export const ZCashflowRow = z.strictObject({
  dueDate: z.string(),
  expectedAmount: ZMoney,
  receivedAmount: ZMoney.nullable(),
  receivedDate: z.string().nullable(),
  /** 'RECEIVED' on time and in full, 'LATE', 'SHORT', 'OVERDUE' (due, nothing received) or 'UPCOMING'. */
  state: z.enum(['RECEIVED', 'LATE', 'SHORT', 'OVERDUE', 'UPCOMING']),
});
export type TCashflowRow = z.infer<typeof ZCashflowRow>;

/** GET /investors/holdings/{id}: one holding and its cash-flow schedule against receipts. */
export const ZHoldingDetail = z.strictObject({ holding: ZHolding, cashflows: z.array(ZCashflowRow), date: z.string() });
export type THoldingDetail = z.infer<typeof ZHoldingDetail>;

export const ZOffering = z.strictObject({
  id: z.number().int(),
  securityId: z.number().int(),
  securityName: z.string(),
  isin: z.string(),
  originatorId: z.number().int(),
  originatorName: z.string(),
  rating: z.string(),
  couponRate: ZRate,
  tenorMonths: ZCount,
  issueDate: z.string(),
  maturityDate: z.string(),
  poolSize: ZMoney,
  size: ZMoney,
  minTicket: ZMoney,
  amountTaken: ZMoney,
  amountLeft: ZMoney,
  openDate: z.string(),
  closeDate: z.string(),
  /** OPEN between open and close dates with something left; FULL when taken; CLOSED after the close date; UPCOMING before it opens. */
  state: z.enum(['OPEN', 'FULL', 'CLOSED', 'UPCOMING']),
});
export type TOffering = z.infer<typeof ZOffering>;

/** GET /investors/offerings/{id}: the terms, with what this firm already subscribed. */
export const ZOfferingDetail = z.strictObject({
  offering: ZOffering,
  subscribed: z.strictObject({ units: ZCount, investedAmount: ZMoney }),
});
export type TOfferingDetail = z.infer<typeof ZOfferingDetail>;

/** POST /investors/offerings/{id}/subscribe: the holding made and how many cash flows it expects. */
export const ZSubscription = z.strictObject({
  holdingId: z.number().int(),
  units: ZCount,
  amount: ZMoney,
  cashflows: ZCount,
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** A receivables pool's aggregates: never an obligor's name, code or amount. */
export const ZPoolPerformance = z.strictObject({
  originatorId: z.number().int(),
  originatorName: z.string(),
  date: z.string(),
  currency: z.string(),
  outstanding: ZMoney,
  overdue: ZMoney,
  overdueShare: z.number().nullable(),
  ageing: z.array(z.strictObject({ key: z.enum(CREDIT_BUCKETS), label: z.string(), amount: ZMoney })),
  collectedThisMonth: ZMoney,
  invoicedThisMonth: ZMoney,
  /** DSO today (12 months' sales) of the originator's book at `date`: balance ÷ 12-month sales × 365. */
  dso: z.number().nullable(),
  openObligors: ZCount,
  months: z.array(
    z.strictObject({
      month: z.string(),
      outstanding: ZMoney,
      overdue: ZMoney,
      collected: ZMoney,
      invoiced: ZMoney,
      overdueShare: z.number().nullable(),
    }),
  ),
});
export type TPoolPerformance = z.infer<typeof ZPoolPerformance>;

const ZOriginatorProfile = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  sector: z.string(),
  rating: z.string(),
  description: z.string().nullable(),
});

/** GET /investors/originators: each originator with its securities, those the firm holds and those on offer. */
export const ZOriginatorSummary = z.strictObject({
  ...ZOriginatorProfile.shape,
  securities: ZCount,
  held: ZCount,
  onOffer: ZCount,
});
export type TOriginatorSummary = z.infer<typeof ZOriginatorSummary>;

/** GET /investors/originators/{id}: the profile and the terms of its securities (no other firm's holdings). */
export const ZOriginator = z.strictObject({
  ...ZOriginatorProfile.shape,
  securities: z.array(
    z.strictObject({
      id: z.number().int(),
      isin: z.string(),
      name: z.string(),
      poolSize: ZMoney,
      couponRate: ZRate,
      tenorMonths: ZCount,
      issueDate: z.string(),
      maturityDate: z.string(),
      rating: z.string(),
      status: ZSecurityStatus,
    }),
  ),
});
export type TOriginator = z.infer<typeof ZOriginator>;

// ---- Calls ----

/** The marketplace is for investor firms only; each sees its own holdings (the tenant is the firm). */
const investorAccess = { userType: 'investors', requirement: null } as const;

export const investorCalls = {
  holdings: call({
    method: 'GET',
    path: '/investors/holdings',
    access: investorAccess,
    summary:
      "My Securities: the firm's holdings with invested, current value, yield, next payment, maturity and totals",
    answer: json(ZHoldings),
  }),
  holding: call({
    method: 'GET',
    path: '/investors/holdings/{id}',
    access: investorAccess,
    params: ZIdParams,
    summary: 'One holding of the firm and its cash-flow schedule against receipts',
    answer: json(ZHoldingDetail),
  }),
  holdingPerformance: call({
    method: 'GET',
    path: '/investors/holdings/{id}/performance',
    access: investorAccess,
    params: ZIdParams,
    summary: "The pool behind one of the firm's holdings: aggregates of the originator's receivables only",
    answer: json(ZPoolPerformance),
  }),
  offerings: call({
    method: 'GET',
    path: '/investors/offerings',
    access: investorAccess,
    summary: 'Offerings with what is left and their state: open and upcoming first, then the closed ones',
    answer: json(z.array(ZOffering)),
  }),
  offering: call({
    method: 'GET',
    path: '/investors/offerings/{id}',
    access: investorAccess,
    params: ZIdParams,
    summary: "An offering's terms, with what this firm already subscribed",
    answer: json(ZOfferingDetail),
  }),
  offeringPerformance: call({
    method: 'GET',
    path: '/investors/offerings/{id}/performance',
    access: investorAccess,
    params: ZIdParams,
    summary: "The pool behind an offering: aggregates of the originator's receivables only",
    answer: json(ZPoolPerformance),
  }),
  subscribe: call({
    method: 'POST',
    path: '/investors/offerings/{id}/subscribe',
    access: investorAccess,
    params: ZIdParams,
    body: ZSubscribeBody,
    summary:
      'The firm takes an amount of an open offering: whole units, the minimum ticket at least, what is left at most',
    answer: json(ZSubscription),
  }),
  originators: call({
    method: 'GET',
    path: '/investors/originators',
    access: investorAccess,
    summary: 'The originators, with their securities, those the firm holds and those on offer',
    answer: json(z.array(ZOriginatorSummary)),
  }),
  originator: call({
    method: 'GET',
    path: '/investors/originators/{id}',
    access: investorAccess,
    params: ZIdParams,
    summary: "An originator's profile and securities (terms only)",
    answer: json(ZOriginator),
  }),
  originatorPerformance: call({
    method: 'GET',
    path: '/investors/originators/{id}/performance',
    access: investorAccess,
    params: ZIdParams,
    summary: "The originator's book, monthly: only for a pool the firm holds or that is on offer",
    answer: json(ZPoolPerformance),
  }),
};
