import { formatPercent } from '@/lib/domain/format';
import { AgeingBarChart, type AgeingBar } from './ageing-bar-chart';
import { bucketColumns } from './bucket-columns';
import { AGEING_COLORS } from './chart-theme';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';

async function loadAgeing() {
  const { backend, clientSettings } = await pageGate();
  const [settings, summary] = await Promise.all([clientSettings(), backend.receivables.summary()]);
  const bars: AgeingBar[] = bucketColumns(settings.boundaries, 'CREDIT_DATE').map((column) => ({
    bucket: column.key,
    label: column.label,
    amount: summary[column.key],
  }));
  return { money: settings, bars, balance: summary.balance };
}

/**
 * Today's receivables by credit bucket: the chart and, under it, the exact figures, which add up
 * to the balance on the card above (balance = current + overdue).
 */
export function AgeingSection() {
  return (
    <Loaded load={loadAgeing} isEmpty={({ bars }) => bars.every((bar) => bar.amount === 0)}>
      {({ money, bars, balance }) => (
        <div>
          <AgeingBarChart bars={bars} money={money} />
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3">
            {bars.map((bar, i) => (
              <div key={bar.bucket} className="min-w-0">
                <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                  <span className="h-2 w-2 shrink-0 rounded-sm" style={{ background: AGEING_COLORS[i] }} />
                  {bar.label}
                </dt>
                <dd className="mt-0.5 text-sm font-medium text-slate-900">
                  <Money value={bar.amount} format={money} short />
                </dd>
                <dd className="text-xs tabular-nums text-slate-500">
                  {formatPercent(balance ? (bar.amount / balance) * 100 : 0)}
                </dd>
              </div>
            ))}
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-700">Total</dt>
              <dd className="mt-0.5 text-sm font-semibold text-slate-900" data-testid="ageing-total">
                <Money value={balance} format={money} short />
              </dd>
              <dd className="text-xs tabular-nums text-slate-500">{formatPercent(100)}</dd>
            </div>
          </dl>
        </div>
      )}
    </Loaded>
  );
}
