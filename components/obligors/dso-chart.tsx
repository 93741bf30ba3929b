'use client';

import { ResponsiveBar } from '@nivo/bar';
import { format, parseISO } from 'date-fns';
import { MonthTick } from '@/components/ui/month-tick';
import { formatMoney } from '@/lib/domain/format';
import { CHART_THEME } from '@/components/receivables/chart-theme';
import type { TDsoMonth } from '@/lib/contract/customer-series';
import type { MoneyFormat } from '@/components/ui/money';

/** Monthly DSO in days; the annual DSO as a dashed reference line. A month without sales has no bar. */
export function DsoChart({
  months,
  annual,
  money,
}: {
  months: TDsoMonth[];
  annual: number | null;
  money: MoneyFormat;
}) {
  // nivo data holds strings and numbers only: a month without DSO is 0 with hasDso 0.
  const data = months.map((m) => ({
    date: m.date,
    receivables: m.receivables,
    sales: m.sales,
    days: m.days,
    hasDso: m.dso == null ? 0 : 1,
    value: m.dso ?? 0,
  }));
  return (
    <div data-testid="dso-chart">
      {annual != null && (
        // Said above the plot, not as the marker's own label: inside it was clipped at the right edge
        // and sat on the bars' value labels.
        <p className="flex items-center justify-end gap-2 text-xs text-rose-600" data-testid="dso-annual">
          <span className="inline-block w-6 border-t-2 border-dashed border-rose-600" aria-hidden />
          Annual DSO {annual.toFixed(1)} days
        </p>
      )}
      <div className="h-72">
        <ResponsiveBar
          data={data}
          keys={['value']}
          indexBy="date"
          margin={{ top: 24, right: 16, bottom: 44, left: 48 }}
          padding={0.3}
          // Room above the tallest bar and the annual line, so neither is drawn on the plot's edge.
          valueScale={{
            type: 'linear',
            max: Math.ceil(Math.max(annual ?? 0, ...data.map((d) => d.value)) * 1.15) || 'auto',
          }}
          colors={['#3b6cf6']}
          borderRadius={3}
          enableLabel={false}
          enableTotals
          valueFormat={(v) => (v === 0 ? '' : `${Math.round(v)}`)} // a month without sales has no DSO, not 0
          axisLeft={{ tickValues: 5, tickSize: 0, tickPadding: 8, format: (v: number) => `${v} d` }}
          axisBottom={{
            tickSize: 0,
            renderTick: (tick) => (
              <MonthTick x={tick.x} y={tick.y} value={String(tick.value)} tickIndex={tick.tickIndex} />
            ),
          }}
          gridYValues={5}
          theme={CHART_THEME}
          markers={
            annual == null
              ? []
              : [
                  {
                    axis: 'y',
                    value: annual,
                    lineStyle: { stroke: '#e11d48', strokeWidth: 1.5, strokeDasharray: '6 4' },
                  },
                ]
          }
          role="img"
          ariaLabel="Days sales outstanding by month"
          tooltip={({ data: d }) => (
            <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
              <p className="font-medium text-slate-700">
                {format(parseISO(String(d.date)), 'MMMM yyyy')}
                {Number(d.days) < 28 ? ` (to day ${d.days})` : ''}
              </p>
              <p className="mt-1 tabular-nums text-slate-900">
                {d.hasDso ? `${Number(d.value).toFixed(1)} days` : 'No sales'}
              </p>
              <p className="tabular-nums text-slate-500">
                Receivables {formatMoney(Number(d.receivables), money.currency, money.locale, 0)}
              </p>
              <p className="tabular-nums text-slate-500">
                Sales {formatMoney(Number(d.sales), money.currency, money.locale, 0)} over {d.days} days
              </p>
            </div>
          )}
        />
      </div>
    </div>
  );
}
