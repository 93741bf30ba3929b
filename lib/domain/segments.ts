/**
 * Customer segments of the customer analysis (docs/glossary.md), defined once here; the SQL in
 * lib/server/receivables/ageing-source.ts applies the same thresholds and the tests compare them.
 *
 * - salesSegment: customers ranked by their sales of the 12 months up to the date (documents issued,
 *   net of credit notes). The top customers that make the first 80% of sales are LARGE (the one that
 *   crosses 80% included), the next ones up to 95% MEDIUM, the rest (and anyone without positive
 *   sales) SMALL.
 * - riskSalesSegment: the risk class (LOW, MEDIUM, HIGH, UNRATED) crossed with the sales segment,
 *   written RISK_SEGMENT, e.g. HIGH_LARGE: a large customer with a high risk rating.
 * - collectionRisk: the share of a balance overdue past b2 (credit buckets 3 and 4): under 10% LOW,
 *   under 30% MEDIUM, otherwise HIGH; nothing owed is LOW.
 * - openStatus: OPEN when something is outstanding (balance not zero), otherwise CLOSED.
 */
import { RISK_CLASSES, type RiskClass } from './filters';

export const SALES_SEGMENTS = ['LARGE', 'MEDIUM', 'SMALL'] as const;
export type SalesSegment = (typeof SALES_SEGMENTS)[number];

/** Cumulative share of 12-month sales reached before a customer, below which it is LARGE / MEDIUM. */
export const SEGMENT_CUMULATIVE_SHARE = { LARGE: 0.8, MEDIUM: 0.95 } as const;

export const RISK_SALES_SEGMENTS = RISK_CLASSES.flatMap((risk) =>
  SALES_SEGMENTS.map((segment) => `${risk}_${segment}` as const),
);
export type RiskSalesSegment = (typeof RISK_SALES_SEGMENTS)[number];

export function splitRiskSalesSegment(value: RiskSalesSegment): { risk: RiskClass; salesSegment: SalesSegment } {
  const [risk, salesSegment] = value.split('_') as [RiskClass, SalesSegment];
  return { risk, salesSegment };
}

export function segmentForShareBefore(salesBefore: number, total: number, sales: number): SalesSegment {
  if (sales <= 0 || total <= 0) return 'SMALL';
  if (salesBefore < SEGMENT_CUMULATIVE_SHARE.LARGE * total) return 'LARGE';
  if (salesBefore < SEGMENT_CUMULATIVE_SHARE.MEDIUM * total) return 'MEDIUM';
  return 'SMALL';
}

/** Segments of a set of customers from their 12-month sales (ties ranked by code, as in SQL). */
export function salesSegments(rows: { code: string; sales: number }[]): Map<string, SalesSegment> {
  const positive = rows
    .filter((r) => r.sales > 0)
    .sort((a, b) => b.sales - a.sales || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const total = positive.reduce((sum, r) => sum + r.sales, 0);
  const segments = new Map<string, SalesSegment>(rows.map((r) => [r.code, 'SMALL']));
  let before = 0;
  for (const row of positive) {
    segments.set(row.code, segmentForShareBefore(before, total, row.sales));
    before += row.sales;
  }
  return segments;
}

export const COLLECTION_RISKS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type CollectionRisk = (typeof COLLECTION_RISKS)[number];

/** Share of the balance overdue past b2 at which collection risk becomes MEDIUM / HIGH. */
export const COLLECTION_RISK_SHARE = { MEDIUM: 0.1, HIGH: 0.3 } as const;

export function collectionRisk(balance: number, overduePastB2: number): CollectionRisk {
  if (balance <= 0) return 'LOW';
  const share = overduePastB2 / balance;
  if (share >= COLLECTION_RISK_SHARE.HIGH) return 'HIGH';
  if (share >= COLLECTION_RISK_SHARE.MEDIUM) return 'MEDIUM';
  return 'LOW';
}

export const OPEN_STATUSES = ['OPEN', 'CLOSED'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

export function openStatus(balance: number): OpenStatus {
  return balance !== 0 ? 'OPEN' : 'CLOSED';
}
