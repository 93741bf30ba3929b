import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { isNotFound } from '@/lib/backend/page-errors';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Money } from '@/components/ui/money';
import { Day } from '@/components/ui/day';
import { WarningBox } from '@/components/feedback/warning-box';
import { StatCard } from '@/components/receivables/stat-card';
import { CashflowTable } from '@/components/investors/cashflow-table';
import { PoolPerformance } from '@/components/investors/pool-performance';
import { INR, pct } from '@/components/investors/format';

export const metadata = { title: 'Holding | Client receivables dashboard' };

/** One holding: its terms and value, the cash-flow schedule against receipts, and how the pool is doing. */
export default async function HoldingPage({ params }: { params: Promise<{ id: string }> }) {
  const { backend } = await pageGate();
  const holding = { params: { id: (await params).id } };
  const found = await Promise.all([
    backend.investors.holding(holding),
    backend.investors.holdingPerformance(holding),
  ]).catch((e: unknown) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!found)
    return (
      <div className="mx-auto max-w-3xl">
        <WarningBox kind="error" message="No such holding in your firm's portfolio." />
      </div>
    );
  const [{ holding: h, cashflows }, perf] = found;
  const received = cashflows.filter((f) => f.receivedAmount != null).length;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <Breadcrumb
          crumbs={[{ label: 'My securities', href: '/investors/my_securities' }, { label: h.securityName }]}
        />
        <PageHeader
          title={h.securityName}
          description={
            <>
              {h.isin} · {h.rating} · issued by{' '}
              <Link href={`/investors/originators/${h.originatorId}`} className="text-brand-700 hover:underline">
                {h.originatorName}
              </Link>{' '}
              · bought <Day iso={h.investedOn} />
            </>
          }
        />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Invested"
          figure={<Money value={h.investedAmount} format={INR} />}
          secondary={`${h.units} units`}
        />
        <StatCard
          label="Current value"
          figure={<Money value={h.currentValue} format={INR} />}
          secondary={
            <>
              matures <Day iso={h.maturityDate} />
            </>
          }
        />
        <StatCard
          label="Coupon / realised yield"
          figure={`${pct(h.couponRate)} / ${pct(h.realisedYield)}`}
          secondary="a year"
        />
        <StatCard
          label="Received"
          figure={<Money value={h.received} format={INR} />}
          secondary={`${received} of ${cashflows.length} payments`}
        />
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-3.5">
          <h3 className="text-sm font-semibold text-slate-900">Cash flows: schedule against receipts</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Monthly coupon, principal with the last one. Late and short receipts are marked.
          </p>
        </header>
        <CashflowTable rows={cashflows} />
      </section>
      <section>
        <h3 className="mb-1 text-base font-semibold text-slate-900">Pool performance: {perf.originatorName}</h3>
        <p className="mb-4 text-xs text-slate-500">
          Totals of the originator&apos;s receivables book behind this security; no customer-level data is shared with
          investors.
        </p>
        <PoolPerformance perf={perf} />
      </section>
    </div>
  );
}
