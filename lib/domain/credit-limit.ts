/**
 * Credit-limit utilisation bands (spec: breached over 100%, near breach over 90%). The one place
 * the thresholds live: the list's SQL, its badges and the Excel report all read them from here.
 */
export const CREDIT_LIMIT_THRESHOLDS = { near: 90, breached: 100 } as const;

export const CREDIT_LIMIT_STATUSES = ['BREACHED', 'NEAR', 'WITHIN', 'NO_LIMIT'] as const;
export type CreditLimitStatus = (typeof CREDIT_LIMIT_STATUSES)[number];

export const CREDIT_LIMIT_STATUS_LABELS: Record<CreditLimitStatus, string> = {
  BREACHED: 'Breached (over 100%)',
  NEAR: `Near breach (over ${CREDIT_LIMIT_THRESHOLDS.near}%)`,
  WITHIN: 'Within limit',
  NO_LIMIT: 'No limit',
};

/** Exposure over limit in percent; null without a (positive) limit. Not rounded: bands compare exactly. */
export function utilisationPercent(exposure: number, limit: number | null): number | null {
  return limit != null && limit > 0 ? (exposure / limit) * 100 : null;
}

/** The band of an exposure against its limit: strictly over 100% is a breach, strictly over 90% near. */
export function creditLimitStatus(exposure: number, limit: number | null): CreditLimitStatus {
  const used = utilisationPercent(exposure, limit);
  if (used == null) return 'NO_LIMIT';
  if (used > CREDIT_LIMIT_THRESHOLDS.breached) return 'BREACHED';
  if (used > CREDIT_LIMIT_THRESHOLDS.near) return 'NEAR';
  return 'WITHIN';
}

/**
 * Utilisation to one decimal that never crosses a band's line by rounding: a figure over 100% (a
 * breach) reads at least 100.1%, one under 90% at most 89.9%; elsewhere it rounds as usual.
 */
export function formatUtilisation(percent: number): string {
  const tenths = percent * 10;
  const thresholds = [CREDIT_LIMIT_THRESHOLDS.near, CREDIT_LIMIT_THRESHOLDS.breached].map((t) => t * 10);
  let shown = Math.round(tenths);
  for (const t of thresholds) {
    if (percent * 10 > t && shown <= t) shown = t + 1; // over the line: shown over it
    if (percent * 10 < t && shown >= t) shown = t - 1; // under the line: shown under it
  }
  return `${(shown / 10).toFixed(1)}%`;
}

/** What is left to draw; negative once the limit is breached, null without a limit. */
export function availableCredit(exposure: number, limit: number | null): number | null {
  return limit != null && limit > 0 ? Math.round((limit - exposure) * 100) / 100 : null;
}
