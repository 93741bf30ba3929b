import { format, parseISO } from 'date-fns';
import { Loaded } from '@/components/ui/loaded';
import { Sparkline } from '@/components/ui/sparkline';
import { pageGate } from '@/lib/backend/page-gate';
import { KPI_STRIP, kpiChange, kpiChangeText, kpiFigure as figure, stripMonths } from '@/lib/domain/kpi-strip';

async function loadKpis() {
  const { backend } = await pageGate();
  const { months } = await backend.kpis.kpis();
  return { months: stripMonths(months) };
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
              {KPI_STRIP.map((k) => {
                const value = last[k.key];
                const previous = before?.[k.key] ?? null;
                const change = kpiChange(value, previous);
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
                      {kpiChangeText(change, k.unit)}
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
