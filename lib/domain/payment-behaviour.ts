/**
 * How a customer pays (docs/collections.md): over the invoices it settled in the last 12 months,
 * the days from the due date (the issue date without one) to settlement, amount-weighted. The
 * lateness bands below are the one place that says where "late" starts and how it is split.
 */

export const LATENESS_BANDS = [
  { key: 'ON_TIME', label: 'On time or early', from: -Infinity, to: 0 },
  { key: 'D1_15', label: '1-15 days late', from: 1, to: 15 },
  { key: 'D16_30', label: '16-30 days late', from: 16, to: 30 },
  { key: 'D31_60', label: '31-60 days late', from: 31, to: 60 },
  { key: 'D61_90', label: '61-90 days late', from: 61, to: 90 },
  { key: 'OVER_90', label: 'Over 90 days late', from: 91, to: Infinity },
] as const;
export type LatenessBand = (typeof LATENESS_BANDS)[number]['key'];

export function bandOf(daysLate: number): LatenessBand {
  return LATENESS_BANDS.find((b) => daysLate >= b.from && daysLate <= b.to)!.key;
}

/** Invoices settled in one month with the same lateness: their count and amount. */
export interface SettledGroup {
  month: string;
  daysLate: number;
  count: number;
  amount: number;
}

export interface PaymentBehaviour {
  invoicesPaid: number;
  amountPaid: number;
  /** Amount-weighted days from due date to settlement (negative: early); null with nothing paid. */
  averageDaysLate: number | null;
  /** Share of the amount paid after its due date, in %. */
  lateShare: number | null;
  distribution: { band: LatenessBand; label: string; count: number; amount: number; share: number }[];
  /** Per month of settlement: the amount-weighted days late, oldest first (months without payment left out). */
  months: { month: string; averageDaysLate: number; amount: number }[];
}

const one = (n: number) => Math.round(n * 10) / 10;

export function paymentBehaviour(groups: readonly SettledGroup[]): PaymentBehaviour {
  const amountPaid = groups.reduce((s, g) => s + g.amount, 0);
  const invoicesPaid = groups.reduce((s, g) => s + g.count, 0);
  const weighted = (gs: readonly SettledGroup[]) => gs.reduce((s, g) => s + g.amount * g.daysLate, 0);
  const byBand = new Map<LatenessBand, { count: number; amount: number }>();
  for (const g of groups) {
    const band = byBand.get(bandOf(g.daysLate)) ?? { count: 0, amount: 0 };
    band.count += g.count;
    band.amount += g.amount;
    byBand.set(bandOf(g.daysLate), band);
  }
  const monthsSeen = [...new Set(groups.map((g) => g.month))].sort();
  const late = groups.filter((g) => g.daysLate > 0).reduce((s, g) => s + g.amount, 0);
  return {
    invoicesPaid,
    amountPaid: Math.round(amountPaid * 100) / 100,
    averageDaysLate: amountPaid > 0 ? one(weighted(groups) / amountPaid) : null,
    lateShare: amountPaid > 0 ? one((late / amountPaid) * 100) : null,
    distribution: LATENESS_BANDS.map((b) => {
      const found = byBand.get(b.key) ?? { count: 0, amount: 0 };
      return {
        band: b.key,
        label: b.label,
        count: found.count,
        amount: Math.round(found.amount * 100) / 100,
        share: amountPaid > 0 ? one((found.amount / amountPaid) * 100) : 0,
      };
    }),
    months: monthsSeen.map((month) => {
      const gs = groups.filter((g) => g.month === month);
      const amount = gs.reduce((s, g) => s + g.amount, 0);
      return { month, averageDaysLate: one(weighted(gs) / amount), amount: Math.round(amount * 100) / 100 };
    }),
  };
}
