'use client';

import { ResponsiveLine } from '@nivo/line';
import { format, parseISO } from 'date-fns';
import { monthLabel } from '@/lib/domain/dates';
import type { TRiskMonth } from '@/lib/contract/customer-series';
import { CHART_THEME } from '@/components/receivables/chart-theme';

type RatingPoint = Pick<TRiskMonth, 'month' | 'obligorWeightedRating'>;

const LABELS: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High' };

/** The balance-weighted risk rating at each month end (1 low … 3 high); months without rated balance are gaps. */
export function RatingHistoryChart({ months }: { months: RatingPoint[] }) {
  const data = [{ id: 'Weighted rating', data: months.map((m) => ({ x: m.month, y: m.obligorWeightedRating })) }];
  return (
    <div className="h-56" data-testid="rating-history-chart">
      <ResponsiveLine
        data={data}
        margin={{ top: 12, right: 16, bottom: 32, left: 64 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 1, max: 3 }}
        colors={['#7c3aed']}
        lineWidth={2}
        pointSize={6}
        pointColor="#ffffff"
        pointBorderWidth={2}
        pointBorderColor={{ from: 'seriesColor' }}
        enableGridX={false}
        gridYValues={[1, 2, 3]}
        axisLeft={{ tickValues: [1, 2, 3], tickSize: 0, tickPadding: 8, format: (v: number) => LABELS[v] ?? '' }}
        axisBottom={{
          tickSize: 0,
          tickPadding: 10,
          tickValues: months.filter((_, i) => i % 2 === 0).map((m) => m.month),
          format: (v: string) => monthLabel(v),
        }}
        theme={CHART_THEME}
        useMesh
        tooltip={({ point }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <p className="font-medium text-slate-700">{format(parseISO(`${String(point.data.x)}-01`), 'MMMM yyyy')}</p>
            <p className="tabular-nums text-slate-900">{Number(point.data.y).toFixed(2)} weighted rating</p>
          </div>
        )}
      />
    </div>
  );
}
