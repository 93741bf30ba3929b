'use client';

import { ResponsiveLine } from '@nivo/line';
import { monthLabel } from '@/lib/domain/dates';
import { MonthTick } from '@/components/ui/month-tick';
import { formatMoney, formatMoneyShort } from '@/lib/domain/format';
import { CHART_THEME } from './chart-theme';
import type { MoneyFormat } from '@/components/ui/money';
import type { TOverviewPoint } from '@/lib/contract/receivables';

export type TrendMonth = Pick<TOverviewPoint, 'month' | 'outstanding' | 'overdue' | 'collected'>;

const SERIES = [
  { id: 'Outstanding', key: 'outstanding', color: '#3b6cf6' },
  { id: 'Overdue', key: 'overdue', color: '#e11d48' },
  { id: 'Collected', key: 'collected', color: '#059669' },
] as const;

/** Outstanding and overdue at each month end, and cash collected during the month. */
export function TrendLineChart({ months, money }: { months: TrendMonth[]; money: MoneyFormat }) {
  const data = SERIES.map((s) => ({ id: s.id, data: months.map((m) => ({ x: m.month, y: m[s.key] })) }));
  const short = (value: number) => formatMoneyShort(value, money.currency, money.locale);
  return (
    <div className="h-[25rem]" data-testid="trend-chart">
      <ResponsiveLine
        data={data}
        margin={{ top: 16, right: 24, bottom: 72, left: 72 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 'auto' }}
        colors={SERIES.map((s) => s.color)}
        lineWidth={2}
        pointSize={6}
        pointBorderWidth={2}
        pointColor="#ffffff"
        pointBorderColor={{ from: 'seriesColor' }}
        enableGridX={false}
        gridYValues={5}
        axisLeft={{ format: (v: number) => short(v), tickValues: 5, tickSize: 0, tickPadding: 8 }}
        axisBottom={{
          tickSize: 0,
          renderTick: (tick) => (
            <MonthTick x={tick.x} y={tick.y} value={String(tick.value)} tickIndex={tick.tickIndex} />
          ),
        }}
        theme={CHART_THEME}
        enableSlices="x"
        role="img"
        ariaLabel="Outstanding, overdue and collected by month"
        sliceTooltip={({ slice }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <p className="font-medium text-slate-700">{monthLabel(String(slice.points[0]?.data.x ?? ''))}</p>
            {slice.points.map((point) => (
              <p key={point.id} className="mt-1 flex items-center justify-between gap-4">
                <span className="flex items-center gap-1.5 text-slate-600">
                  <span className="h-2 w-2 rounded-full" style={{ background: point.seriesColor }} />
                  {point.seriesId}
                </span>
                <span className="tabular-nums text-slate-900">
                  {formatMoney(Number(point.data.y), money.currency, money.locale)}
                </span>
              </p>
            ))}
          </div>
        )}
        legends={[
          {
            anchor: 'bottom',
            direction: 'row',
            translateY: 68,
            itemWidth: 110,
            itemHeight: 16,
            itemsSpacing: 8,
            symbolSize: 10,
            symbolShape: 'circle',
            data: SERIES.map((s) => ({ id: s.id, label: s.id, color: s.color })),
          },
        ]}
      />
    </div>
  );
}
