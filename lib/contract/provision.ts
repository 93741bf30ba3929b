import { z } from 'zod';
import { MAX_HISTORY_MONTHS, MIN_HISTORY_MONTHS, PROVISION_METHODS } from '@/lib/domain/provision';
import { API_ACCESS } from './access';
import { call, file, json } from './call';
import { ZClientIdParam, ZIsoDate } from './common';
import { XLSX_CONTENT_TYPE } from './downloads';

/**
 * How the customers are segmented: not at all, by a dimension (dim1..dim3), or by risk rating (each
 * customer's balance of a date in the segment of its rating as of that date).
 */
export const PROVISION_SEGMENTS = ['NONE', 'dim1', 'dim2', 'dim3', 'RATING'] as const;
export type ProvisionSegmentation = (typeof PROVISION_SEGMENTS)[number];

/** GET /provision: the matrix as of a date, by a method, optionally per segment. */
export const ZProvisionQuery = z.object({
  clientId: ZClientIdParam,
  /** The day of the close (a quarter end, usually); absent: the client's today. */
  date: ZIsoDate.optional(),
  method: z.enum(PROVISION_METHODS).default('ROLL_RATE'),
  segment: z.enum(PROVISION_SEGMENTS).default('NONE'),
  /** How many month ends of history the rates read. */
  months: z.coerce
    .number()
    .int()
    .min(MIN_HISTORY_MONTHS, `read at least ${MIN_HISTORY_MONTHS} month ends`)
    .max(MAX_HISTORY_MONTHS, `read at most ${MAX_HISTORY_MONTHS} month ends`)
    .default(24),
});
export type TProvisionQuery = z.infer<typeof ZProvisionQuery>;

const ZWorking = z.strictObject({ numerator: z.number(), denominator: z.number(), rate: z.number() });

const ZProvisionBucket = z.strictObject({
  bucket: z.string(),
  balance: z.number(),
  lossRate: z.number(),
  adjustment: z.number(),
  allowance: z.number(),
  /** The sums the historical rate divides (ROLL_RATE: this bucket's own roll rate). */
  working: ZWorking,
});

const ZProvisionSegment = z.strictObject({
  segment: z.string(),
  /** The segment's key: '' for all customers, a dimension value's id (0: none), a rating 1-3 (0: unrated). */
  key: z.string(),
  buckets: z.array(ZProvisionBucket),
  balance: z.number(),
  allowance: z.number(),
  adjustment: z.strictObject({ percent: z.number(), reason: z.string() }).nullable(),
});

export const ZProvision = z.strictObject({
  date: z.string(),
  method: z.enum(PROVISION_METHODS),
  segmentBy: z.enum(PROVISION_SEGMENTS),
  /** The month ends the rates read, oldest first. */
  monthEnds: z.array(z.string()),
  segments: z.array(ZProvisionSegment),
  /** Written off over the month ends read (0: no history of losses, every historical rate 0). */
  writtenOff: z.number(),
  balance: z.number(),
  allowance: z.number(),
  /** The quarter end before `date`, and the allowance the same way then. */
  previousDate: z.string(),
  previousAllowance: z.number(),
  journal: z.string(),
});
export type TProvision = z.infer<typeof ZProvision>;

/** PUT /provision/adjustments: a segment's forward-looking adjustment, with the reason. */
export const ZProvisionAdjustmentBody = z.object({
  clientId: ZClientIdParam,
  segmentBy: z.enum(PROVISION_SEGMENTS),
  /** The segment's key, as the matrix gives it (ignored for NONE). */
  key: z.string().trim().max(40),
  percent: z.coerce
    .number({ error: 'enter the adjustment in percent, e.g. 10 or -5' })
    .min(-100, 'an adjustment cannot take more than the whole rate away (-100%)')
    .max(500, 'at most +500%'),
  reason: z
    .string({ error: 'say why' })
    .trim()
    .min(5, 'say why, in a few words (what is expected, and from what source)')
    .max(500),
});
export type TProvisionAdjustmentBody = z.infer<typeof ZProvisionAdjustmentBody>;

const access = { userType: 'borrowers', requirement: API_ACCESS.viewProvision } as const;

export const provisionCalls = {
  matrix: call({
    method: 'GET',
    path: '/provision',
    query: ZProvisionQuery,
    access,
    summary:
      'The expected-credit-loss provision matrix as of a date: loss rates per ageing bucket from the ageing history (roll-rate or written-off-later), per segment, with the forward-looking adjustment, the allowance, its movement since the last quarter end and the journal entry',
    answer: json(ZProvision),
  }),
  workbook: call({
    method: 'GET',
    path: '/provision/workbook.xlsx',
    query: ZProvisionQuery,
    access,
    summary: "The same matrix as an Excel workbook with every rate's working (month-end balances and sums)",
    answer: file(XLSX_CONTENT_TYPE),
  }),
  adjust: call({
    method: 'PUT',
    path: '/provision/adjustments',
    body: ZProvisionAdjustmentBody,
    access,
    summary: "Sets a segment's forward-looking adjustment (percent of its loss rates) with the reason; in the edit log",
    answer: json(ZProvisionSegment.pick({ key: true, adjustment: true })),
  }),
};
