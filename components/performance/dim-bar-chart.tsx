'use client';

import { ResponsiveBar } from '@nivo/bar';
import { formatMoney, formatMoneyShort } from '@/lib/domain/format';
import { CHART_THEME } from '@/components/receivables/chart-theme';
import type { MoneyFormat } from '@/components/ui/money';

export interface DimBar {
  [key: string]: string | number;
  name: string;
  current: number;
  overdue: number;
}

const KEYS = [
  { key: 'current', label: 'Current', color: '#3b6cf6' },
  { key: 'overdue', label: 'Overdue', color: '#e11d48' },
] as const;

/** Balance per dimension value, split into current and overdue (the two add up to the balance). */
export function DimBarChart({ bars, money }: { bars: DimBar[]; money: MoneyFormat }) {
  const short = (value: number) => formatMoneyShort(value, money.currency, money.locale);
  return (
    <div className="h-80" data-testid="dim-chart">
      <ResponsiveBar<DimBar>
        data={bars}
        keys={KEYS.map((k) => k.key)}
        indexBy="name"
        margin={{ top: 28, right: 16, bottom: 40, left: 72 }}
        padding={0.4}
        colors={({ id }) => KEYS.find((k) => k.key === id)!.color}
        borderRadius={2}
        enableLabel={false}
        enableTotals
        valueFormat={short}
        axisLeft={{ format: (v: number) => short(v), tickValues: 5, tickSize: 0, tickPadding: 8 }}
        axisBottom={{ tickSize: 0, tickPadding: 10 }}
        gridYValues={5}
        theme={CHART_THEME}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'top-right',
            direction: 'row',
            translateY: -26,
            itemWidth: 80,
            itemHeight: 16,
            symbolSize: 10,
            data: KEYS.map((k) => ({ id: k.key, label: k.label, color: k.color })),
          },
        ]}
        tooltip={({ id, value, indexValue, color }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <span className="mr-1.5 inline-block h-2 w-2 rounded-sm" style={{ background: color }} />
            {indexValue} · {KEYS.find((k) => k.key === id)?.label}:{' '}
            <strong>{formatMoney(value ?? 0, money.currency, money.locale)}</strong>
          </div>
        )}
      />
    </div>
  );
}
