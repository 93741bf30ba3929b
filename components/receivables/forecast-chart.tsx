'use client';

import { BarItem, ResponsiveBar, type BarCustomLayerProps, type BarItemProps } from '@nivo/bar';
import { format, parseISO } from 'date-fns';
import { formatMoney, formatMoneyShort } from '@/lib/domain/format';
import { CHART_THEME } from './chart-theme';
import type { MoneyFormat } from '@/components/ui/money';
import { formatDay } from '@/components/ui/day';

export interface ForecastWeek {
  [key: string]: string | number;
  weekStart: string;
  weekEnd: string;
  expected: number;
  low: number;
  high: number;
}

const BAR = '#3b6cf6';
const BAND = '#334155';
const weekLabel = (w: ForecastWeek) => format(parseISO(w.weekStart), 'd MMM');

/** Each bar carries its week and figures in the DOM, so tests can check the bars add up. */
function TaggedBar(props: BarItemProps<ForecastWeek>) {
  const week = props.bar.data.data;
  return (
    <g data-testid="forecast-bar" data-week={week.weekStart} data-value={week.expected}>
      <BarItem {...props} />
    </g>
  );
}

/** The low-high band of each week: a whisker through the bar, capped at both ends. */
function BandLayer({ bars, yScale }: BarCustomLayerProps<ForecastWeek>) {
  const y = yScale as unknown as (value: number) => number;
  return (
    <g>
      {bars.map((bar) => {
        const { low, high } = bar.data.data;
        const x = bar.x + bar.width / 2;
        const cap = Math.min(8, bar.width / 3);
        return (
          <g key={bar.key} stroke={BAND} strokeWidth={1.5} data-testid="forecast-band">
            <line x1={x} x2={x} y1={y(low)} y2={y(high)} />
            <line x1={x - cap} x2={x + cap} y1={y(low)} y2={y(low)} />
            <line x1={x - cap} x2={x + cap} y1={y(high)} y2={y(high)} />
          </g>
        );
      })}
    </g>
  );
}

/** Cash expected each week from today's open invoices, with its low-high band. */
export function ForecastChart({ weeks, money }: { weeks: ForecastWeek[]; money: MoneyFormat }) {
  const short = (value: number) => formatMoneyShort(value, money.currency, money.locale);
  const full = (value: number) => formatMoney(value, money.currency, money.locale, 0);
  const data = weeks.map((w) => ({ ...w, week: weekLabel(w) }));
  return (
    <div className="h-80" data-testid="forecast-chart">
      <ResponsiveBar<ForecastWeek>
        data={data}
        keys={['expected']}
        indexBy="week"
        margin={{ top: 16, right: 8, bottom: 56, left: 72 }}
        padding={0.3}
        colors={[BAR]}
        borderRadius={3}
        enableLabel={false}
        valueScale={{ type: 'linear', min: 0, max: Math.max(1, ...weeks.map((w) => w.high)) * 1.05 }}
        axisLeft={{ format: (v: number) => short(v), tickValues: 5, tickSize: 0, tickPadding: 8 }}
        axisBottom={{
          tickSize: 0,
          tickPadding: 10,
          legend: 'Week starting',
          legendPosition: 'middle',
          legendOffset: 40,
        }}
        gridYValues={5}
        theme={CHART_THEME}
        layers={['grid', 'axes', 'bars', BandLayer, 'markers', 'legends']}
        barComponent={TaggedBar}
        role="img"
        ariaLabel="Cash expected by week, with its low-high band"
        barAriaLabel={(d) => `Week of ${d.indexValue}: ${full(d.value ?? 0)}`}
        tooltip={({ data: w }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <p className="font-medium text-slate-700">
              {formatDay(w.weekStart)} to {formatDay(w.weekEnd)}
            </p>
            <p className="mt-1 tabular-nums text-slate-900">Expected {full(w.expected)}</p>
            <p className="tabular-nums text-slate-500">
              Likely between {full(w.low)} and {full(w.high)}
            </p>
          </div>
        )}
      />
    </div>
  );
}
