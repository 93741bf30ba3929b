import type { MoneyFormat } from '@/components/ui/money';

/** Investor amounts are in rupees, Indian grouping (the marketplace is INR only). */
export const INR: MoneyFormat = { currency: 'INR', locale: 'en-IN' };

export const pct = (v: number | null | undefined, digits = 2) => (v == null ? '-' : `${v.toFixed(digits)}%`);
