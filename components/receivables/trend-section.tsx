import { Loaded } from '@/components/ui/loaded';
import { pageGate } from '@/lib/backend/page-gate';
import { TrendLineChart, type TrendMonth } from './trend-line-chart';

async function loadTrend() {
  const { backend, clientSettings } = await pageGate();
  const [settings, [overview]] = await Promise.all([clientSettings(), backend.receivables.overview()]);
  const months: TrendMonth[] = overview!.months.map((m) => ({
    month: m.month,
    outstanding: m.outstanding,
    overdue: m.overdue,
    collected: m.collected,
  }));
  return { money: settings, months };
}

/** The trend over the default range (12 months to today): the last point is the month to date. */
export function TrendSection() {
  return (
    <Loaded load={loadTrend} isEmpty={({ months }) => months.every((m) => m.outstanding === 0 && m.collected === 0)}>
      {({ money, months }) => <TrendLineChart months={months} money={money} />}
    </Loaded>
  );
}
