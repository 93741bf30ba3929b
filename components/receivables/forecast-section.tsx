import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';
import { BACKTEST_MONTH_ENDS } from '@/lib/domain/cash-forecast';
import { ForecastChart } from './forecast-chart';
import { formatDay } from '@/components/ui/day';

async function loadForecast() {
  const { backend, clientSettings } = await pageGate();
  const [settings, forecast] = await Promise.all([clientSettings(), backend.forecast.forecast({ query: {} })]);
  // Each month end's four weeks summed: what a reader compares, forecast against collected.
  const checks = [...new Set(forecast.backtest.points.map((p) => p.monthEnd))].map((monthEnd) => {
    const points = forecast.backtest.points.filter((p) => p.monthEnd === monthEnd);
    return {
      monthEnd,
      forecast: points.reduce((s, p) => s + p.forecast, 0),
      actual: points.reduce((s, p) => s + p.actual, 0),
    };
  });
  return { money: settings, forecast, checks };
}

/**
 * The cash-in forecast of the next weeks (GET /v3/clients/forecast): the bars and their band, the
 * total, what is left out, and how the same rule did from the last month ends.
 */
export function ForecastSection() {
  return (
    <Loaded load={loadForecast} isEmpty={({ forecast }) => forecast.openDebts === 0}>
      {({ money, forecast, checks }) => (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          <div className="min-w-0 xl:col-span-2">
            <ForecastChart weeks={forecast.weeks} money={money} />
          </div>
          <div className="space-y-4 text-sm">
            <div data-testid="forecast-total">
              <p className="text-xs font-medium text-slate-500">Expected in {forecast.weeks.length} weeks</p>
              <p className="text-2xl font-semibold text-slate-900">
                <Money value={forecast.total.expected} format={money} short />
              </p>
              <p className="text-xs text-slate-500">
                likely <Money value={forecast.total.low} format={money} short /> to{' '}
                <Money value={forecast.total.high} format={money} short />, of{' '}
                <Money value={forecast.openDebts} format={money} short /> owed today
              </p>
            </div>
            <dl className="space-y-1 text-xs text-slate-600" data-testid="forecast-left-out">
              <div className="flex justify-between gap-3">
                <dt>Expected later</dt>
                <dd>
                  <Money value={forecast.later} format={money} short />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>In dispute, held back</dt>
                <dd>
                  <Money value={forecast.excluded.disputed} format={money} short />
                </dd>
              </div>
              <div className="flex justify-between gap-3" title="Later than anything paid in the last 12 months">
                <dt>Not expected (older than any payment)</dt>
                <dd>
                  <Money value={forecast.excluded.notExpected} format={money} short />
                </dd>
              </div>
            </dl>
            <div className="rounded-lg border border-slate-100 bg-slate-50/60 p-3" data-testid="forecast-backtest">
              <p className="font-medium text-slate-800" data-mape={forecast.backtest.mape ?? ''}>
                {forecast.backtest.mape === null
                  ? 'Nothing collected after the last month ends to check against yet.'
                  : `Checked against the last ${checks.length} month ends: ${forecast.backtest.mape.toFixed(1)}% average error`}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                From each month end, the next {forecast.backtest.weeks} weeks as this forecast would have said then,
                week by week, against the cash those invoices brought in.
              </p>
              {checks.length > 0 && (
                <table className="mt-2 w-full text-xs tabular-nums">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="text-left font-medium">From</th>
                      <th className="text-right font-medium">Forecast</th>
                      <th className="text-right font-medium">Collected</th>
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {checks.map((c) => (
                      <tr key={c.monthEnd}>
                        <td>{formatDay(c.monthEnd)}</td>
                        <td className="text-right">
                          <Money value={c.forecast} format={money} short />
                        </td>
                        <td className="text-right">
                          <Money value={c.actual} format={money} short />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </div>
        </div>
      )}
    </Loaded>
  );
}

/** The section's description, with the back-test's reach. */
export const FORECAST_DESCRIPTION = `Cash expected week by week from the invoices open today (new sales not included), with a likely range; checked against the last ${BACKTEST_MONTH_ENDS} month ends`;
