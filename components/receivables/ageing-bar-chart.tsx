'use client';

import { BarItem, ResponsiveBar, type BarItemProps } from '@nivo/bar';
import { formatMoney, formatMoneyShort, formatPercent } from '@/lib/domain/format';
import { AGEING_COLORS, CHART_THEME } from './chart-theme';
import type { MoneyFormat } from '@/components/ui/money';

export interface AgeingBar {
  [key: string]: string | number;
  bucket: string;
  label: string;
  amount: number;
}

/** Each bar carries its bucket and exact amount in the DOM, so tests can check the bars add up. */
function TaggedBar(props: BarItemProps<AgeingBar>) {
  return (
    <g data-testid="ageing-bar" data-bucket={props.bar.data.data.bucket} data-value={props.bar.data.data.amount}>
      <BarItem {...props} />
    </g>
  );
}

/** Receivables by ageing bucket (current, 1-30, ... days past due), labelled in lakh/crore. */
export function AgeingBarChart({ bars, money }: { bars: AgeingBar[]; money: MoneyFormat }) {
  const total = bars.reduce((sum, bar) => sum + bar.amount, 0);
  const short = (value: number) => formatMoneyShort(value, money.currency, money.locale);
  return (
    <div className="h-72" data-testid="ageing-chart">
      <ResponsiveBar<AgeingBar>
        data={bars}
        keys={['amount']}
        indexBy="label"
        margin={{ top: 24, right: 8, bottom: 48, left: 72 }}
        padding={0.35}
        colors={({ index }) => AGEING_COLORS[index % AGEING_COLORS.length]!}
        borderRadius={3}
        enableLabel={false}
        enableTotals
        valueFormat={short}
        axisLeft={{ format: (v: number) => short(v), tickValues: 5, tickSize: 0, tickPadding: 8 }}
        // Short ticks ("31-60") under one axis title: full bucket names ran into each other on narrow cards.
        axisBottom={{
          tickSize: 0,
          tickPadding: 10,
          format: (value: string) => value.replace(/ days$/, ''),
          legend: 'Days past due',
          legendPosition: 'middle',
          legendOffset: 38,
        }}
        gridYValues={5}
        theme={{ ...CHART_THEME, text: { ...CHART_THEME.text, fontSize: 11 } }}
        barComponent={TaggedBar}
        role="img"
        ariaLabel="Receivables by ageing bucket"
        barAriaLabel={(d) => `${d.indexValue}: ${formatMoney(d.value ?? 0, money.currency, money.locale)}`}
        tooltip={({ indexValue, value, color }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <p className="flex items-center gap-1.5 font-medium text-slate-700">
              <span className="h-2 w-2 rounded-full" style={{ background: color }} />
              {indexValue}
            </p>
            <p className="mt-1 tabular-nums text-slate-900">{formatMoney(value, money.currency, money.locale)}</p>
            <p className="tabular-nums text-slate-500">{formatPercent(total ? (value / total) * 100 : 0)} of balance</p>
          </div>
        )}
      />
    </div>
  );
}
