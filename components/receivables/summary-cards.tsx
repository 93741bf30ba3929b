import { formatMoney, formatMoneyShort, formatPercent } from '@/lib/domain/format';
import { previousMonth } from '@/lib/domain/dates';
import { ratingLabel } from '@/lib/domain/rating';
import { formatDay } from '@/components/ui/day';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';
import { RiskDistribution } from './risk-distribution';
import { StatCard } from './stat-card';

async function loadCards() {
  const { backend, clientSettings } = await pageGate();
  const settings = await clientSettings();
  const lastMonth = previousMonth(settings.today);
  const [today, collections] = await Promise.all([
    backend.receivables.summary(),
    backend.receivables.summary({ query: { date: lastMonth.end } }),
  ]);
  return { settings, today, collections, lastMonth };
}

/**
 * The company summary cards. Collections are the cash received in the last calendar month: the
 * summary as of that month's last day carries what was paid during that month.
 */
export function SummaryCards() {
  return (
    <Loaded load={loadCards}>
      {({ settings: money, today, collections, lastMonth }) => {
        const overduePct = today.balance === 0 ? 0 : (today.overdue / today.balance) * 100;
        const risk = today.overallRisk;
        return (
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
            data-testid="summary-cards"
          >
            <StatCard
              label="Balance"
              testId="card-balance"
              figure={<Money value={today.balance} format={money} short />}
              secondary={
                today.unallocated === 0 ? (
                  `Owed by ${today.openObligors.toLocaleString(money.locale)} accounts`
                ) : (
                  // Money received on account is in no bucket: the net balance counts it. Plain text (no
                  // data-value) so that the card's one figure stays the balance.
                  <span
                    data-testid="card-net-balance"
                    data-net-balance={today.netBalance}
                    data-unallocated={today.unallocated}
                    title={`Net balance ${formatMoney(today.netBalance, money.currency, money.locale)}: balance less ${formatMoney(-today.unallocated, money.currency, money.locale)} received on account or in advance, not yet allocated to invoices`}
                  >
                    Net {formatMoneyShort(today.netBalance, money.currency, money.locale)} after{' '}
                    {formatMoneyShort(-today.unallocated, money.currency, money.locale)} received on account
                  </span>
                )
              }
            />
            <StatCard
              label="Current"
              testId="card-current"
              figure={<Money value={today.current} format={money} short />}
              secondary="Not yet due"
            />
            <StatCard
              label="Overdue"
              testId="card-overdue"
              figure={<Money value={today.overdue} format={money} short />}
              secondary={
                <>
                  <span className="font-medium text-rose-700">{formatPercent(overduePct)}</span> of balance
                </>
              }
            />
            <StatCard
              label="Collected last month"
              testId="card-collections"
              figure={<Money value={collections.paid} format={money} short />}
              secondary={`Received ${formatDay(lastMonth.start)} – ${formatDay(lastMonth.end)}`}
            />
            <StatCard
              label="Overall risk"
              testId="card-risk"
              figure={
                risk == null ? (
                  '-'
                ) : (
                  <span className="tabular-nums">
                    {risk.toFixed(1)} <span className="text-base font-medium text-slate-400">/ 3</span>
                  </span>
                )
              }
              secondary={
                risk == null ? (
                  'No rated customers'
                ) : (
                  <>
                    <span className="font-medium capitalize">{ratingLabel(Math.round(risk))}</span> risk · mean of
                    customers&apos; weighted ratings
                  </>
                )
              }
            />
            <StatCard label="Risk distribution" testId="card-risk-distribution">
              <RiskDistribution
                low={today.lowRatedReceivables}
                medium={today.medRatedReceivables}
                high={today.highRatedReceivables}
              />
            </StatCard>
          </div>
        );
      }}
    </Loaded>
  );
}
