import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { isNotFound } from '@/lib/backend/page-errors';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money';
import { Day } from '@/components/ui/day';
import { WarningBox } from '@/components/feedback/warning-box';
import { INR, pct } from '@/components/investors/format';
import { PoolPerformance } from '@/components/investors/pool-performance';

export const metadata = { title: 'Originators | Client receivables dashboard' };

/** The originators (list), or one originator's profile, securities and the monthly record of its book. */
export default async function OriginatorsPage({ params }: { params: Promise<{ id?: string[] }> }) {
  const { backend } = await pageGate();
  const raw = (await params).id?.[0];
  if (!raw) {
    const rows = await backend.investors.originators();
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title="Originators" description="The companies whose trade receivables back the securities." />
        <div className="grid gap-4 md:grid-cols-2">
          {rows.map((o) => (
            <Link
              key={o.id}
              href={`/investors/originators/${o.id}`}
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300"
              data-testid="originator-card"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold text-slate-900">{o.name}</p>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  {o.rating}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">{o.sector}</p>
              <p className="mt-3 text-sm text-slate-600">{o.description}</p>
              <p className="mt-3 text-xs text-slate-500">
                {o.securities} securities · {o.held} held by your firm · {o.onOffer} on offer
              </p>
            </Link>
          ))}
        </div>
      </div>
    );
  }
  // The book is shown only for a pool the firm holds or that is on offer: any other originator is not found.
  const originator = { params: { id: raw } };
  const found = await Promise.all([
    backend.investors.originator(originator),
    backend.investors.originatorPerformance(originator),
  ]).catch((e: unknown) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!found)
    return (
      <div className="mx-auto max-w-3xl">
        <WarningBox kind="error" message="No such originator." />
      </div>
    );
  const [o, perf] = found;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <Breadcrumb crumbs={[{ label: 'Originators', href: '/investors/originators' }, { label: o.name }]} />
        <PageHeader
          title={o.name}
          description={
            <>
              {o.sector} · rated <span className="font-medium text-slate-700">{o.rating}</span>
            </>
          }
        />
        <p className="max-w-3xl text-sm text-slate-600">{o.description}</p>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 className="border-b border-slate-100 px-5 py-3.5 text-sm font-semibold text-slate-900">
          Securities issued
        </h3>
        <DataTable label="Securities" caption="Amounts in INR">
          <thead>
            <tr>
              <Th>Security</Th>
              <Th>Rating</Th>
              <Th numeric>Pool</Th>
              <Th numeric>Coupon</Th>
              <Th numeric>Tenor</Th>
              <Th>Issued</Th>
              <Th>Matures</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {o.securities.map((s) => (
              <tr key={s.id}>
                <Td>
                  <span className="font-medium text-slate-900">{s.name}</span>
                  <span className="block text-xs text-slate-400">{s.isin}</span>
                </Td>
                <Td>{s.rating}</Td>
                <Td numeric>
                  <Money value={s.poolSize} format={INR} short />
                </Td>
                <Td numeric>{pct(s.couponRate)}</Td>
                <Td numeric>{s.tenorMonths} months</Td>
                <Td>
                  <Day iso={s.issueDate} />
                </Td>
                <Td>
                  <Day iso={s.maturityDate} />
                </Td>
                <Td className="text-slate-600">
                  {s.status === 'OFFERED' ? 'On offer' : s.status === 'MATURED' ? 'Matured' : 'Active'}
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
      <section>
        <h3 className="mb-1 text-base font-semibold text-slate-900">The book: collections and overdue, monthly</h3>
        <p className="mb-4 text-xs text-slate-500">
          Totals of the originator&apos;s receivables; no customer-level data is shared with investors.
        </p>
        <PoolPerformance perf={perf} />
      </section>
    </div>
  );
}
