'use client';

import { ResponsiveBar } from '@nivo/bar';
import { formatMoney, formatMoneyShort, titleCase } from '@/lib/domain/format';
import { CHART_THEME } from '@/components/receivables/chart-theme';
import type { RiskColours } from '@/lib/domain/risk-colours';
import type { TSegmentCell } from '@/lib/contract/customer-series';
import type { MoneyFormat } from '@/components/ui/money';

type SegmentCell = Pick<TSegmentCell, 'salesSegment' | 'risk' | 'customers' | 'balance'>;

const RISKS = ['LOW', 'MEDIUM', 'HIGH', 'UNRATED'] as const;
const SEGMENTS = ['LARGE', 'MEDIUM', 'SMALL'] as const;

/** Balance by sales segment, stacked by risk class in the client's risk colours. */
export function SegmentationChart({
  cells,
  money,
  colours,
}: {
  cells: SegmentCell[];
  money: MoneyFormat;
  colours: RiskColours;
}) {
  const data = SEGMENTS.map((segment) => {
    const row: Record<string, string | number> = { segment: titleCase(segment) };
    for (const risk of RISKS) {
      const cell = cells.find((c) => c.salesSegment === segment && c.risk === risk);
      row[risk] = Math.max(0, cell?.balance ?? 0);
      row[`${risk}Customers`] = cell?.customers ?? 0;
    }
    return row;
  });
  const colourOf: Record<string, string> = {
    LOW: colours.low,
    MEDIUM: colours.medium,
    HIGH: colours.high,
    UNRATED: colours.unrated,
  };
  const short = (v: number) => formatMoneyShort(v, money.currency, money.locale);
  return (
    <div className="h-72" data-testid="segmentation-chart">
      <ResponsiveBar
        data={data}
        keys={[...RISKS]}
        indexBy="segment"
        margin={{ top: 16, right: 120, bottom: 32, left: 72 }}
        padding={0.35}
        colors={({ id }) => colourOf[String(id)]!}
        borderRadius={2}
        enableLabel={false}
        enableTotals
        valueFormat={short}
        axisLeft={{ tickValues: 5, tickSize: 0, tickPadding: 8, format: (v: number) => short(v) }}
        axisBottom={{ tickSize: 0, tickPadding: 10 }}
        gridYValues={5}
        theme={CHART_THEME}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'right',
            direction: 'column',
            translateX: 112,
            itemWidth: 100,
            itemHeight: 20,
            symbolSize: 10,
            data: RISKS.map((risk) => ({
              id: risk,
              label: risk === 'UNRATED' ? 'Unrated' : `${titleCase(risk)} risk`,
              color: colourOf[risk]!,
            })),
          },
        ]}
        role="img"
        ariaLabel="Balance by sales segment and risk"
        tooltip={({ id, value, indexValue, data: d }) => (
          <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
            <p className="font-medium text-slate-700">
              {indexValue} customers · {id === 'UNRATED' ? 'unrated' : `${titleCase(String(id))} risk`}
            </p>
            <p className="mt-1 tabular-nums text-slate-900">{formatMoney(value, money.currency, money.locale, 0)}</p>
            <p className="text-slate-500">{d[`${id}Customers`]} customers</p>
          </div>
        )}
      />
    </div>
  );
}
