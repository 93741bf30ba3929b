import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { PageHeader } from '@/components/ui/page-header';
import { Money } from '@/components/ui/money';
import { Day } from '@/components/ui/day';
import { StatCard } from '@/components/receivables/stat-card';
import { HoldingsTable } from '@/components/investors/holdings-table';
import { INR, pct } from '@/components/investors/format';

export const metadata = { title: 'My Securities | Client receivables dashboard' };

/** The investor's landing page: every holding of the firm and what the portfolio is worth. */
export default async function MySecuritiesPage() {
  const { backend } = await pageGate();
  const { rows, totals, date } = await backend.investors.holdings();
  const next = rows
    .filter((h) => h.nextPaymentDate)
    .sort((a, b) => a.nextPaymentDate!.localeCompare(b.nextPaymentDate!))[0];
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="My securities"
        description={
          <>
            Your firm&apos;s holdings of receivable-backed securities, valued at <Day iso={date} />: principal
            outstanding plus coupon accrued and dues not yet received.
          </>
        }
        actions={
          <Link
            href="/investors/new_offerings"
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            New offerings
          </Link>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Invested in live holdings"
          figure={<Money value={totals.liveInvested} format={INR} short />}
          secondary={
            <>
              <Money value={totals.investedAmount} format={INR} short /> over all {rows.length} holdings, matured
              included
            </>
          }
          testId="total-invested"
        />
        <StatCard
          label="Current value"
          figure={<Money value={totals.currentValue} format={INR} short />}
          secondary={
            totals.liveInvested > 0
              ? `${((totals.currentValue / totals.liveInvested - 1) * 100).toFixed(2)}% over the amount invested`
              : 'nothing live'
          }
        />
        <StatCard
          label="Weighted coupon"
          figure={pct(totals.weightedCoupon)}
          secondary="of the live holdings, a year"
        />
        <StatCard
          label="Next payment"
          figure={next ? <Money value={next.nextPaymentAmount ?? 0} format={INR} short /> : '-'}
          secondary={
            next ? (
              <>
                <Day iso={next.nextPaymentDate} /> · {next.securityName}
              </>
            ) : (
              'nothing scheduled'
            )
          }
        />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {rows.length ? (
          <HoldingsTable rows={rows} totals={totals} />
        ) : (
          <p className="p-5 text-sm text-slate-500">
            No holdings yet.{' '}
            <Link href="/investors/new_offerings" className="text-brand-700 hover:underline">
              See the offerings open now.
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
