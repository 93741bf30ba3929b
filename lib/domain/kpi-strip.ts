import type { TKpiMonth } from '@/lib/contract/kpis';

export type KpiKey = Exclude<keyof TKpiMonth, 'month' | 'simpleDso'>;

/**
 * The dashboard's KPI strip: its measures, how each reads and which way is better (lib/domain/kpis.ts,
 * README glossary). Shared by the strip and the email digest, so both show the same measures.
 * `better`: which way is good news; best possible DSO moves with the terms given, neither good nor bad.
 */
export const KPI_STRIP: {
  key: KpiKey;
  label: string;
  unit: 'days' | '%';
  better: 'up' | 'down' | 'neither';
  hint: string;
}[] = [
  {
    key: 'countbackDso',
    label: 'Countback DSO',
    unit: 'days',
    better: 'down',
    hint: 'Days of the latest sales that the month-end receivables amount to',
  },
  {
    key: 'cei',
    label: 'Collection effectiveness',
    unit: '%',
    better: 'up',
    hint: 'Collected of what could have been collected in the month',
  },
  {
    key: 'bestPossibleDso',
    label: 'Best possible DSO',
    unit: 'days',
    better: 'neither',
    hint: 'The DSO if nothing were overdue: current receivables over the month’s sales',
  },
  {
    key: 'add',
    label: 'Days delinquent (ADD)',
    unit: 'days',
    better: 'down',
    hint: 'Countback DSO less best possible DSO: the days lost to late payment',
  },
  {
    key: 'averageDaysToPay',
    label: 'Average days to pay',
    unit: 'days',
    better: 'down',
    hint: 'Issue to settlement of the invoices paid off in the month, weighted by amount',
  },
  {
    key: 'currentShare',
    label: 'Current share',
    unit: '%',
    better: 'up',
    hint: 'Part of the month-end receivables not yet due',
  },
];

/** The strip's months: the month still running is measured to today, so the strip reads the last 12 whole months. */
export function stripMonths(months: readonly TKpiMonth[]): TKpiMonth[] {
  return months.slice(0, -1).slice(-12);
}

/** A measure as the strip shows it: 12.3 days, 45.6%, '-' without one. */
export function kpiFigure(v: number | null, unit: 'days' | '%'): string {
  return v === null ? '-' : unit === '%' ? `${v.toFixed(1)}%` : `${v.toFixed(1)} days`;
}

/** Its change on the month before, to one decimal (null when either month has none). */
export function kpiChange(value: number | null, previous: number | null): number | null {
  return value !== null && previous !== null ? Math.round((value - previous) * 10) / 10 : null;
}

/** ▲ 1.2 days, ▼ 0.5 pts, = 0.0 days; 'no change to show' without one. */
export function kpiChangeText(change: number | null, unit: 'days' | '%'): string {
  return change === null
    ? 'no change to show'
    : `${change > 0 ? '▲' : change < 0 ? '▼' : '='} ${Math.abs(change).toFixed(1)}${unit === '%' ? ' pts' : ' days'}`;
}
