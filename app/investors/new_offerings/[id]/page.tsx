import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { isNotFound } from '@/lib/backend/page-errors';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Money } from '@/components/ui/money';
import { Day } from '@/components/ui/day';
import { WarningBox } from '@/components/feedback/warning-box';
import { INR, pct } from '@/components/investors/format';
import { OfferingState, TakenBar } from '@/components/investors/offering-state';
import { PoolPerformance } from '@/components/investors/pool-performance';
import { SubscribeForm } from '@/components/investors/subscribe-form';

export const metadata = { title: 'Offering | Client receivables dashboard' };

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** An offering's terms, the pool behind it, and the subscription form while it is open. */
export default async function OfferingPage({ params }: { params: Promise<{ id: string }> }) {
  const { backend } = await pageGate();
  const offering = { params: { id: (await params).id } };
  const found = await Promise.all([
    backend.investors.offering(offering),
    backend.investors.offeringPerformance(offering),
  ]).catch((e: unknown) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!found)
    return (
      <div className="mx-auto max-w-3xl">
        <WarningBox kind="error" message="No such offering." />
      </div>
    );
  const [{ offering: o, subscribed }, perf] = found;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <Breadcrumb
          crumbs={[{ label: 'New offerings', href: '/investors/new_offerings' }, { label: o.securityName }]}
        />
        <PageHeader
          title={o.securityName}
          description={
            <>
              {o.isin} · issued by{' '}
              <Link href={`/investors/originators/${o.originatorId}`} className="text-brand-700 hover:underline">
                {o.originatorName}
              </Link>
            </>
          }
          actions={<OfferingState state={o.state} />}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="mb-4 text-sm font-semibold text-slate-900">Terms</h3>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="offering-terms">
            <Term label="Coupon">{pct(o.couponRate)} a year, paid monthly</Term>
            <Term label="Tenor">{o.tenorMonths} months</Term>
            <Term label="Rating">{o.rating}</Term>
            <Term label="Issue date">
              <Day iso={o.issueDate} />
            </Term>
            <Term label="Maturity">
              <Day iso={o.maturityDate} />
            </Term>
            <Term label="Pool size">
              <Money value={o.poolSize} format={INR} short />
            </Term>
            <Term label="Offering size">
              <Money value={o.size} format={INR} />
            </Term>
            <Term label="Taken">
              <Money value={o.amountTaken} format={INR} />
              <TakenBar taken={o.amountTaken} size={o.size} />
            </Term>
            <Term label="Left">
              <span data-testid="amount-left">
                <Money value={o.amountLeft} format={INR} />
              </span>
            </Term>
            <Term label="Minimum ticket">
              <Money value={o.minTicket} format={INR} />
            </Term>
            <Term label="Subscription window">
              <Day iso={o.openDate} /> to <Day iso={o.closeDate} />
            </Term>
            <Term label="Your firm holds">
              {subscribed.units ? (
                <>
                  {subscribed.units} units (<Money value={subscribed.investedAmount} format={INR} short />)
                </>
              ) : (
                'nothing yet'
              )}
            </Term>
          </dl>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Subscribe</h3>
          {o.state === 'OPEN' ? (
            <SubscribeForm offeringId={o.id} minTicket={o.minTicket} amountLeft={o.amountLeft} />
          ) : (
            <p className="text-sm text-slate-500">
              {o.state === 'UPCOMING' ? (
                <>
                  Opens on <Day iso={o.openDate} />.
                </>
              ) : o.state === 'FULL' ? (
                'Fully subscribed.'
              ) : (
                <>
                  Closed on <Day iso={o.closeDate} />.
                </>
              )}
            </p>
          )}
        </section>
      </div>
      <section>
        <h3 className="mb-1 text-base font-semibold text-slate-900">
          The pool: {perf.originatorName}&apos;s receivables
        </h3>
        <p className="mb-4 text-xs text-slate-500">
          Totals of the originator&apos;s book; no customer-level data is shared with investors.
        </p>
        <PoolPerformance perf={perf} />
      </section>
    </div>
  );
}
