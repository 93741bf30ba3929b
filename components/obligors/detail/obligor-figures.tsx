import { formatPercent } from '@/lib/domain/format';
import { formatDay } from '@/components/ui/day';
import { AgeingBarChart } from '@/components/receivables/ageing-bar-chart';
import { bucketColumns, type BucketKey } from '@/components/receivables/bucket-columns';
import { pageGate } from '@/lib/backend/page-gate';
import { StatCard } from '@/components/receivables/stat-card';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { UtilisationBar } from '../utilisation-bar';

/**
 * The customer's position today: balance, overdue, annual DSO, credit used, and the ageing of
 * what it owes. A parent shows its family (the figures of the customer analysis list), a member
 * of a family itself (the figures of the receivables list).
 */
export function ObligorFigures({ code, isParent }: { code: string; isParent: boolean }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const codes = isParent ? { parentSysObligorCode: code } : { sysObligorCode: code };
    const [settings, position, credit, annual] = await Promise.all([
      clientSettings(),
      isParent
        ? backend.customers.parentObligors({ query: { parentSysObligorCode: code } }).then((r) => r.rows[0] ?? null)
        : backend.receivables.list({ query: { sysObligorCode: code } }).then((r) => r.rows[0] ?? null),
      backend.customers.obligorCreditLimit({ query: { sysObligorCode: code } }),
      backend.customers.obligorAnnualDso({ query: codes }),
    ]);
    return { settings, position, credit, annual };
  };
  return (
    <Loaded load={load}>
      {({ settings, position, credit, annual }) => {
        const money = settings;
        const figure = (key: BucketKey | 'balance' | 'overdue') => position?.[key] ?? 0;
        const balance = figure('balance');
        const overdue = figure('overdue');
        const bars = bucketColumns(settings.boundaries, 'CREDIT_DATE').map((c) => ({
          bucket: c.key,
          label: c.label,
          amount: figure(c.key),
        }));
        return (
          <div className="space-y-6">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="obligor-figures">
              <StatCard
                label="Balance"
                testId="card-balance"
                figure={
                  <span data-value={balance}>
                    <Money value={balance} format={money} />
                  </span>
                }
                secondary={isParent ? 'Owed by the family' : 'Owed by this account'}
              />
              <StatCard
                label="Overdue"
                testId="card-overdue"
                figure={
                  <span data-value={overdue}>
                    <Money value={overdue} format={money} />
                  </span>
                }
                secondary={
                  <>
                    <span className="font-medium text-rose-700">
                      {formatPercent(balance ? (overdue / balance) * 100 : 0)}
                    </span>{' '}
                    of balance
                  </>
                }
              />
              {/* A family shows the DSO of its row in the customer analysis list (today, 12 months' sales),
                  so the list and the page agree; the annual DSO at the DSO end date is named as such. */}
              {isParent && position && 'dso' in position ? (
                <StatCard
                  label="DSO today (12 months' sales)"
                  testId="card-dso-today"
                  figure={position.dso == null ? '-' : `${position.dso.toFixed(1)} days`}
                  secondary={`Annual DSO to ${formatDay(annual.date)}: ${annual.dso == null ? '-' : `${annual.dso.toFixed(1)} days`}`}
                />
              ) : (
                <StatCard
                  label={`Annual DSO to ${formatDay(annual.date)}`}
                  testId="card-annual-dso"
                  figure={annual.dso == null ? '-' : `${annual.dso.toFixed(1)} days`}
                  secondary={
                    <>
                      Sales in 12 months <Money value={annual.sales12m} format={money} />
                    </>
                  }
                />
              )}
              <StatCard
                label="Credit limit"
                testId="card-credit-limit"
                figure={credit.creditLimit == null ? 'No limit' : <Money value={credit.creditLimit} format={money} />}
                secondary={
                  credit.creditLimit == null ? undefined : (
                    <span className="flex items-center justify-between gap-2">
                      <span>
                        {credit.overLimit ? (
                          <span className="font-medium text-rose-700">Over the limit</span>
                        ) : (
                          <>
                            Available <Money value={credit.available ?? 0} format={money} />
                          </>
                        )}
                      </span>
                      <UtilisationBar value={credit.utilisation} />
                    </span>
                  )
                }
              />
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-sm font-semibold text-slate-900">Receivables by ageing bucket</h3>
              <p className="mt-0.5 text-xs text-slate-500">Days past the due date, today</p>
              {balance === 0 && bars.every((b) => b.amount === 0) ? (
                <p className="py-8 text-center text-sm text-slate-500">Nothing is owed today.</p>
              ) : (
                <AgeingBarChart bars={bars} money={money} />
              )}
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}
