/**
 * The filters the spec names without defining them, defined once here (docs/glossary.md):
 * - risk: the obligor's risk class from its latest rating on or before the date: LOW (1), MEDIUM (2),
 *   HIGH (3) or UNRATED.
 * - salesSegment, riskSalesSegment, collectionRisk, openStatus: see ./segments.ts.
 * - ageingFilter: an ageing bucket name; keeps items in that bucket, or rows with an amount in it.
 * - docType: INVOICE, CREDIT_NOTE, DEBIT_NOTE or WRITE_OFF (a bad debt written off); keeps those items only.
 * 'ALL' (the spec's default) or an empty value means no filter.
 */
import { BUCKET_KEYS } from './ageing';

export const ALL = 'ALL';
export const RISK_CLASSES = ['LOW', 'MEDIUM', 'HIGH', 'UNRATED'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];
export const RISK_CLASS_RATING: Record<RiskClass, number | null> = { LOW: 1, MEDIUM: 2, HIGH: 3, UNRATED: null };

export const AGEING_FILTERS = BUCKET_KEYS;
export type AgeingFilter = (typeof AGEING_FILTERS)[number];

export const DOC_TYPES = ['INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'WRITE_OFF'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/**
 * groupingKey (GET /v4/dim/receivables/current): which of the client's dimensions the receivables
 * are summed by: dim1, dim2 or dim3 (named per client, demo Region, Branch, Channel). Customers
 * without a value of that dimension form one row of their own ('Not assigned').
 */
export const GROUPING_KEYS = ['dim1', 'dim2', 'dim3'] as const;
export type GroupingKey = (typeof GROUPING_KEYS)[number];
