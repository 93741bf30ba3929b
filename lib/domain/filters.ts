/**
 * The filters the spec names without defining them, defined once here (README glossary):
 * - salesSegment: the obligor's sales segment (General Trade, Modern Trade, Institutional, ...).
 * - riskSalesSegment / risk: the obligor's risk class from its latest rating on or before the date:
 *   LOW (1), MEDIUM (2), HIGH (3) or UNRATED.
 * - ageingFilter: an ageing bucket name; keeps items in that bucket, or rows with an amount in it.
 * - docType: INVOICE, CREDIT_NOTE or DEBIT_NOTE; keeps those items only.
 * 'ALL' (the spec's default) or an empty value means no filter.
 */
import { CREDIT_BUCKETS, INVOICE_BUCKETS } from './ageing';

export const ALL = 'ALL';
export const RISK_CLASSES = ['LOW', 'MEDIUM', 'HIGH', 'UNRATED'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];
export const RISK_CLASS_RATING: Record<RiskClass, number | null> = { LOW: 1, MEDIUM: 2, HIGH: 3, UNRATED: null };

export const AGEING_FILTERS = [...CREDIT_BUCKETS, ...INVOICE_BUCKETS] as const;
export type AgeingFilter = (typeof AGEING_FILTERS)[number];

export const DOC_TYPES = ['INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export const SALES_SEGMENTS = ['General Trade', 'Modern Trade', 'Institutional', 'Export'] as const;
