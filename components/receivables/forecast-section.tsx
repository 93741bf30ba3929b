import { Loaded } from '@/components/ui/loaded';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';
import { BACKTEST_MONTH_ENDS } from '@/lib/domain/cash-forecast';
import { ForecastChart } from './forecast-chart';
import { formatDay } from '@/components/ui/day';

async function loadForecast(date: string | undefined) {
  const { backend, clientSettings } = await pageGate();
  const [settings, forecast] = await Promise.all([
    clientSettings(),
    backend.forecast.forecast({ query: date ? { date } : {} }),
  ]);
  // Each month end's four weeks summed: what a reader compares, forecast against collected.
  const checks = [...new Set(forecast.backtest.points.map((p) => p.monthEnd))].map((monthEnd) => {
    const points = forecast.backtest.points.filter((p) => p.monthEnd === monthEnd);
    const sum = (key: 'forecast' | 'dueDateRule' | 'customerMeanRule' | 'actual') =>
      points.reduce((s, p) => s + p[key], 0);
    return {
      monthEnd,
      forecast: sum('forecast'),
      dueDateRule: sum('dueDateRule'),
      customerMeanRule: sum('customerMeanRule'),
      actual: sum('actual'),
    };
  });
  // "today", or the as-of day the forecast starts from.
  const day = forecast.asOf === settings.today ? 'today' : `on ${formatDay(forecast.asOf)}`;
  return { money: settings, forecast, checks, day };
}

/**
 * The cash-in forecast of the next weeks (GET /v3/clients/forecast): the bars and their band, the
 * total, what is left out, and how the same rule did from the last month ends; from today, or from
 * the page's as-of `date` with what was known then.
 */
export function ForecastSection({ date }: { date?: string }) {
  return (
    <Loaded load={() => loadForecast(date)} isEmpty={({ forecast }) => forecast.openDebts === 0}>
      {({ money, forecast, checks, day }) => (
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
                <Money value={forecast.total.high} format={money} short />, of the{' '}
                <Money value={forecast.balance} format={money} short /> balance {day}
              </p>
            </div>
            {/* Every part of the balance has its line, so that the lines add up to it (docs/glossary.md). */}
            <dl className="space-y-1 text-xs text-slate-600" data-testid="forecast-left-out">
              <Part
                label={`Expected in ${forecast.weeks.length} weeks`}
                value={forecast.total.expected}
                money={money}
              />
              <Part label="Expected later" value={forecast.later} money={money} />
              <Part
                label="Unlikely to be paid (by payment history)"
                title="The share of comparable bills of the last 12 months, as late as these, that was never paid"
                value={forecast.excluded.unlikely}
                money={money}
              />
              <Part label="In dispute, held back" value={forecast.excluded.disputed} money={money} />
              <Part
                label="Not expected (older than any payment)"
                title="Later than anything paid in the last 12 months"
                value={forecast.excluded.notExpected}
                money={money}
              />
              <Part label={`Bills open ${day}`} value={forecast.openDebts} money={money} strong />
              {forecast.credits !== 0 && (
                <Part
                  label="Credit notes not yet set against a bill"
                  title="Nobody pays a credit note: it lowers the balance, not the cash to come"
                  value={forecast.credits}
                  money={money}
                />
              )}
              <Part label={`Balance ${day}`} value={forecast.balance} money={money} strong />
            </dl>
            <div className="rounded-lg border border-slate-100 bg-slate-50/60 p-3" data-testid="forecast-backtest">
              <p className="font-medium text-slate-800" data-mape={forecast.backtest.mape ?? ''}>
                {forecast.backtest.mape === null
                  ? 'Nothing collected after the last month ends to check against yet.'
                  : `Checked against the ${checks.length} month ends before ${day === 'today' ? 'today' : formatDay(forecast.asOf)}: ${forecast.backtest.mape.toFixed(1)}% average error`}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                From each month end, the next {forecast.backtest.weeks} weeks as this forecast would have said then,
                week by week, against the cash those invoices brought in; beside it two simple rules on the same
                invoices: each paid on its due date, and each customer paying after its own mean days to settle.
              </p>
              {forecast.backtest.mape !== null && (
                <dl className="mt-2 space-y-0.5 text-xs text-slate-600" data-testid="forecast-rules">
                  <RuleLine label="Paid on the due date" rule={forecast.backtest.rules.dueDate} />
                  <RuleLine label="Customer's mean days to settle" rule={forecast.backtest.rules.customerMean} />
                  {forecast.backtest.bandShare !== null && (
                    <div className="flex justify-between gap-3">
                      <dt>Weeks inside the 80% band</dt>
                      <dd className="tabular-nums">{forecast.backtest.bandShare.toFixed(1)}%</dd>
                    </div>
                  )}
                </dl>
              )}
              {checks.length > 0 && (
                <table className="mt-2 w-full text-xs tabular-nums" data-testid="forecast-backtest-table">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="text-left font-medium">From</th>
                      <th className="text-right font-medium">Forecast</th>
                      <th className="text-right font-medium" title="Each invoice paid on its due date">
                        Due date
                      </th>
                      <th
                        className="text-right font-medium"
                        title="Each customer pays after its own mean days to settle"
                      >
                        Cust. mean
                      </th>
                      <th className="text-right font-medium">Collected</th>
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {checks.map((c) => (
                      <tr key={c.monthEnd}>
                        <td>{formatDay(c.monthEnd)}</td>
                        {[c.forecast, c.dueDateRule, c.customerMeanRule, c.actual].map((value, i) => (
                          <td key={i} className="text-right">
                            <Money value={value} format={money} short />
                          </td>
                        ))}
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

/** A simple rule's error beside the forecast's, and how much lower (or higher) the forecast's is. */
function RuleLine({ label, rule }: { label: string; rule: { mape: number | null; improvement: number | null } }) {
  if (rule.mape === null) return null;
  return (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className="tabular-nums">
        {rule.mape.toFixed(1)}% error
        {rule.improvement !== null &&
          ` · forecast ${Math.abs(rule.improvement).toFixed(0)}% ${rule.improvement >= 0 ? 'better' : 'worse'}`}
      </dd>
    </div>
  );
}

/** One line of the forecast's parts; the totals (`strong`) under a rule. */
function Part({
  label,
  value,
  money,
  title,
  strong = false,
}: {
  label: string;
  value: number;
  money: MoneyFormat;
  title?: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? 'border-t border-slate-200 pt-1 font-medium text-slate-800' : ''}`}
      title={title}
    >
      <dt>{label}</dt>
      <dd>
        <Money value={value} format={money} short />
      </dd>
    </div>
  );
}

/** The section's description, with the back-test's reach. */
export const FORECAST_DESCRIPTION = `Cash expected week by week from the invoices open today or on the As-of date (new sales not included), with a likely range; checked against the ${BACKTEST_MONTH_ENDS} month ends before`;
