import { pickParams } from '@/lib/client/url-state';
import { CUSTOMER_FILTER_KEYS } from './customer-params';
import { formatCount, formatPercent, titleCase } from '@/lib/domain/format';
import { ratingLabel } from '@/lib/domain/rating';
import { pageGate } from '@/lib/backend/page-gate';
import { RiskDistribution } from '@/components/receivables/risk-distribution';
import { StatCard } from '@/components/receivables/stat-card';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';

const RISK_ORDER = ['HIGH', 'MEDIUM', 'LOW'];
const COLLECTION_TONE: Record<string, string> = {
  LOW: 'text-emerald-700',
  MEDIUM: 'text-amber-700',
  HIGH: 'text-rose-700',
};

/** The customer analysis in figures (GET /v3/clients/overviewmappingbased) for the filters of the URL. */
export function CustomerSummary({ params }: { params: Record<string, string> }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [money, mapping] = await Promise.all([
      clientSettings(),
      backend.customers.customerMapping({ query: pickParams(params, CUSTOMER_FILTER_KEYS) }),
    ]);
    return { money, mapping };
  };
  return (
    <Loaded load={load} isEmpty={({ mapping }) => mapping.customers === 0}>
      {({ money, mapping }) => {
        const overduePct = mapping.balance === 0 ? 0 : (mapping.overdue / mapping.balance) * 100;
        return (
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
            data-testid="customer-summary"
          >
            <StatCard
              label="Customers"
              testId="card-customers"
              figure={formatCount(mapping.customers, money.locale)}
              secondary={`${formatCount(mapping.openCustomers, money.locale)} owe money · ${formatCount(mapping.obligors, money.locale)} accounts · every customer, with receivables or not`}
            />
            <StatCard
              label="Balance"
              testId="card-balance"
              figure={<Money value={mapping.balance} format={money} short />}
              secondary={
                <>
                  <span className="font-medium text-rose-700">{formatPercent(overduePct)}</span> overdue
                </>
              }
            />
            <StatCard
              label="DSO today (12 months' sales)"
              testId="card-dso"
              figure={
                mapping.dso == null ? (
                  '-'
                ) : (
                  <span className="tabular-nums">
                    {mapping.dso.toFixed(1)} <span className="text-base font-medium text-slate-400">days</span>
                  </span>
                )
              }
              secondary={
                <>
                  Sales in 12 months <Money value={mapping.sales12m} format={money} short />
                </>
              }
            />
            <StatCard
              label="Overall risk"
              testId="card-overall-risk"
              figure={
                mapping.overallRisk == null ? (
                  '-'
                ) : (
                  <span className="tabular-nums">
                    {mapping.overallRisk.toFixed(1)} <span className="text-base font-medium text-slate-400">/ 3</span>
                  </span>
                )
              }
              secondary={
                mapping.overallRisk == null ? (
                  'No rated customers'
                ) : (
                  <>
                    <span className="font-medium capitalize">{ratingLabel(Math.round(mapping.overallRisk))}</span> ·
                    mean of weighted ratings
                  </>
                )
              }
            />
            <StatCard label="Risk distribution" testId="card-risk-distribution">
              <RiskDistribution
                low={mapping.lowRatedReceivables}
                medium={mapping.medRatedReceivables}
                high={mapping.highRatedReceivables}
              />
            </StatCard>
            <StatCard label="Collection risk" testId="card-collection-risk">
              <dl className="space-y-1 text-sm">
                {[...mapping.byCollectionRisk]
                  .sort((a, b) => RISK_ORDER.indexOf(a.key) - RISK_ORDER.indexOf(b.key))
                  .map((row) => (
                    <div key={row.key} className="flex items-baseline justify-between gap-2">
                      <dt className={`font-medium ${COLLECTION_TONE[row.key] ?? ''}`}>{titleCase(row.key)}</dt>
                      <dd className="tabular-nums text-slate-600">
                        {formatCount(row.customers, money.locale)} · <Money value={row.balance} format={money} short />
                      </dd>
                    </div>
                  ))}
              </dl>
            </StatCard>
          </div>
        );
      }}
    </Loaded>
  );
}
