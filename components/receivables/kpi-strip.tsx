import { format, parseISO } from 'date-fns';
import { Loaded } from '@/components/ui/loaded';
import { Sparkline } from '@/components/ui/sparkline';
import { pageGate } from '@/lib/backend/page-gate';
import type { TKpiMonth } from '@/lib/contract/kpis';

type KpiKey = Exclude<keyof TKpiMonth, 'month' | 'simpleDso'>;

/** The strip's measures: how each reads and which way is better (lib/domain/kpis.ts, README glossary). */
/** `better`: which way is good news; best possible DSO moves with the terms given, neither good nor bad. */
const KPIS: { key: KpiKey; label: string; unit: 'days' | '%'; better: 'up' | 'down' | 'neither'; hint: string }[] = [
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

const figure = (v: number | null, unit: 'days' | '%') =>
  v === null ? '-' : unit === '%' ? `${v.toFixed(1)}%` : `${v.toFixed(1)} days`;

async function loadKpis() {
  const { backend } = await pageGate();
  const { months } = await backend.kpis.kpis();
  // The month still running is measured to today: the strip reads the last whole month.
  const whole = months.slice(0, -1);
  return { months: whole.slice(-12) };
}

/** The collection KPIs of the last whole month, each with its change on the month before and its 12-month trend. */
export function KpiStrip() {
  return (
    <Loaded load={loadKpis} isEmpty={({ months }) => months.length === 0}>
      {({ months }) => {
        const last = months.at(-1)!;
        const before = months.at(-2);
        return (
          <div>
            <p className="mb-3 text-xs text-slate-500">
              {format(parseISO(`${last.month}-01`), 'MMMM yyyy')}, against the month before; the line is the last{' '}
              {months.length} months. Monthly DSO (month-end receivables over the month&apos;s sales):{' '}
              <span className="font-medium text-slate-700" data-testid="simple-dso">
                {figure(last.simpleDso, 'days')}
              </span>
              .
            </p>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="kpi-strip">
              {KPIS.map((k) => {
                const value = last[k.key];
                const previous = before?.[k.key] ?? null;
                const change = value !== null && previous !== null ? Math.round((value - previous) * 10) / 10 : null;
                const good = change === null || change === 0 ? null : change < 0 === (k.better === 'down');
                return (
                  <div key={k.key} className="rounded-lg border border-slate-100 bg-slate-50/60 p-3" title={k.hint}>
                    <dt className="text-xs font-medium text-slate-500">{k.label}</dt>
                    <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900" data-kpi={k.key}>
                      {figure(value, k.unit)}
                    </dd>
                    <dd
                      className={`text-xs tabular-nums ${good === null ? 'text-slate-500' : good ? 'text-emerald-700' : 'text-rose-700'}`}
                    >
                      {change === null
                        ? 'no change to show'
                        : `${change > 0 ? '▲' : change < 0 ? '▼' : '='} ${Math.abs(change).toFixed(1)}${k.unit === '%' ? ' pts' : ' days'}`}
                    </dd>
                    <dd className="mt-1 text-brand-600">
                      <Sparkline values={months.map((m) => m[k.key])} label={`${k.label}, ${months.length} months`} />
                    </dd>
                  </div>
                );
              })}
            </dl>
          </div>
        );
      }}
    </Loaded>
  );
}
