import { z } from 'zod';
import { ZIsoDate } from './common';

/** One unit of a receivable-backed security has ₹1,00,000 face value (the seed and the subscription agree). */
export const UNIT_FACE_VALUE = 100_000;

export const ZIdParam = z.coerce.number().int().positive();

export const ZSubscribeBody = z.object({
  amount: z.coerce.number({ message: 'enter the amount to invest' }).positive('the amount must be more than zero')
    .refine((v) => Number.isInteger(v / UNIT_FACE_VALUE), `invest in whole units of ₹${UNIT_FACE_VALUE.toLocaleString('en-IN')}`),
});
export type TSubscribeBody = z.infer<typeof ZSubscribeBody>;

export const ZPerformanceQuery = z.object({ date: ZIsoDate.optional() });

export interface THolding {
  id: number;
  securityId: number;
  securityName: string;
  isin: string;
  originatorId: number;
  originatorName: string;
  rating: string;
  status: 'ACTIVE' | 'MATURED' | 'OFFERED';
  units: number;
  investedAmount: number;
  investedOn: string;
  couponRate: number;
  currentValue: number;
  realisedYield: number | null;
  received: number;
  nextPaymentDate: string | null;
  nextPaymentAmount: number | null;
  maturityDate: string;
}

export interface THoldingTotals {
  investedAmount: number;
  /** Invested in the holdings not yet repaid: what the current value compares with. */
  liveInvested: number;
  currentValue: number;
  received: number;
  /** Coupon rates weighted by the amount invested. */
  weightedCoupon: number | null;
}

export interface TCashflowRow {
  dueDate: string;
  expectedAmount: number;
  receivedAmount: number | null;
  receivedDate: string | null;
  /** 'RECEIVED' on time and in full, 'LATE', 'SHORT', 'OVERDUE' (due, nothing received) or 'UPCOMING'. */
  state: 'RECEIVED' | 'LATE' | 'SHORT' | 'OVERDUE' | 'UPCOMING';
}

export interface TOffering {
  id: number;
  securityId: number;
  securityName: string;
  isin: string;
  originatorId: number;
  originatorName: string;
  rating: string;
  couponRate: number;
  tenorMonths: number;
  issueDate: string;
  maturityDate: string;
  poolSize: number;
  size: number;
  minTicket: number;
  amountTaken: number;
  amountLeft: number;
  openDate: string;
  closeDate: string;
  /** OPEN between open and close dates with something left; FULL when taken; CLOSED after the close date; UPCOMING before it opens. */
  state: 'OPEN' | 'FULL' | 'CLOSED' | 'UPCOMING';
}

/** A receivables pool's aggregates: never an obligor's name, code or amount. */
export interface TPoolPerformance {
  originatorId: number;
  originatorName: string;
  date: string;
  currency: string;
  outstanding: number;
  overdue: number;
  overdueShare: number | null;
  ageing: { key: string; label: string; amount: number }[];
  collectedThisMonth: number;
  invoicedThisMonth: number;
  dso: number | null;
  openObligors: number;
  months: { month: string; outstanding: number; overdue: number; collected: number; invoiced: number; overdueShare: number | null }[];
}
