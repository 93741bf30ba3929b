/**
 * Collection KPIs by month (docs/glossary.md; docs/collections.md). Each month m is measured at its
 * end (a month still running: to the day it is measured to, over as many days) from:
 * receivables at the end of m (`closing`) and of the month before (`opening`), the part of the
 * closing receivables not yet due (`closingCurrent`), and the credit sales of m (documents issued,
 * net of credit notes, as the simple DSO uses them).
 *
 * - Countback DSO: the closing receivables consumed by the sales of m, then of m-1, m-2, …; each
 *   month wholly consumed counts all its days, the last one the share consumed of its days.
 * - CEI = (opening + sales - closing) / (opening + sales - closing current) x 100: what was
 *   collected of what could have been.
 * - Best possible DSO = closing current / sales x days: the DSO if nothing were overdue.
 * - ADD (average days delinquent) = countback DSO - best possible DSO.
 * - Simple DSO = closing / sales x days (lib/domain/dso.ts), kept beside them under that name.
 * - Current share = closing current / closing x 100.
 * - Average days to pay: over the invoices settled in m, the days from issue to settlement,
 *   weighted by amount (computed in SQL, passed in).
 * A figure whose denominator is not positive is null, never a division by zero.
 */

export interface KpiMonthFacts {
  /** YYYY-MM */
  month: string;
  /** Days the month is measured over: its length, or up to the day for a month still running. */
  days: number;
  closing: number;
  closingCurrent: number;
  sales: number;
  /** Amount-weighted days from issue to settlement of the invoices settled in the month; null if none. */
  averageDaysToPay: number | null;
}

export interface KpiMonth {
  month: string;
  countbackDso: number | null;
  cei: number | null;
  bestPossibleDso: number | null;
  add: number | null;
  simpleDso: number | null;
  averageDaysToPay: number | null;
  currentShare: number | null;
}

const one = (n: number) => Math.round(n * 10) / 10;

/**
 * Countback DSO of `closing` against `months`, the month measured first, then the ones before it.
 * When the sales of every month given do not cover the receivables, the days of all of them (a
 * lower bound; the caller gives enough months for that to be rare).
 */
export function countbackDso(closing: number, months: readonly { sales: number; days: number }[]): number | null {
  if (!months.length) return null;
  if (closing <= 0) return 0;
  let left = closing;
  let days = 0;
  for (const m of months) {
    const sales = Math.max(m.sales, 0);
    if (left <= sales) return one(days + (left / sales) * m.days);
    days += m.days;
    left -= sales;
  }
  return one(days);
}

export function collectionEffectiveness(
  opening: number,
  sales: number,
  closing: number,
  closingCurrent: number,
): number | null {
  const collectible = opening + sales - closingCurrent;
  if (!(collectible > 0)) return null;
  return one(((opening + sales - closing) / collectible) * 100);
}

export function bestPossibleDso(closingCurrent: number, sales: number, days: number): number | null {
  return sales > 0 ? one((closingCurrent / sales) * days) : null;
}

export function simpleDso(closing: number, sales: number, days: number): number | null {
  return sales > 0 ? one((closing / sales) * days) : null;
}

export function currentShare(closingCurrent: number, closing: number): number | null {
  return closing > 0 ? one((closingCurrent / closing) * 100) : null;
}

/**
 * The KPIs of each month of `history` (oldest first) from `firstIndex` on: the months before it
 * give the opening receivables and the sales that countback DSO consumes.
 */
export function monthlyKpis(history: readonly KpiMonthFacts[], firstIndex: number): KpiMonth[] {
  const out: KpiMonth[] = [];
  for (let i = Math.max(firstIndex, 1); i < history.length; i++) {
    const m = history[i]!;
    const opening = history[i - 1]!.closing;
    const back = history.slice(0, i + 1).reverse();
    const countback = countbackDso(m.closing, back);
    const best = bestPossibleDso(m.closingCurrent, m.sales, m.days);
    out.push({
      month: m.month,
      countbackDso: countback,
      cei: collectionEffectiveness(opening, m.sales, m.closing, m.closingCurrent),
      bestPossibleDso: best,
      add: countback !== null && best !== null ? one(countback - best) : null,
      simpleDso: simpleDso(m.closing, m.sales, m.days),
      averageDaysToPay: m.averageDaysToPay,
      currentShare: currentShare(m.closingCurrent, m.closing),
    });
  }
  return out;
}
