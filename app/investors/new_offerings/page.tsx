import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money';
import { Day } from '@/components/ui/day';
import { INR, pct } from '@/components/investors/format';
import { OfferingState, TakenBar } from '@/components/investors/offering-state';

export const metadata = { title: 'New Offerings | Client receivables dashboard' };

/** Securities open for subscription (open ones first), with the terms an investor compares. */
export default async function NewOfferingsPage() {
  const { backend } = await pageGate();
  const rows = await backend.investors.offerings();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="New offerings"
        description="Pools of trade receivables open for subscription. Open one to read the terms and the pool's performance, and to subscribe."
      />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <DataTable label="Offerings" testId="offerings" caption="Amounts in INR">
          <thead>
            <tr>
              <Th>Security</Th>
              <Th>Originator</Th>
              <Th numeric>Coupon</Th>
              <Th numeric>Tenor</Th>
              <Th numeric>Size</Th>
              <Th numeric>Left</Th>
              <Th>Taken</Th>
              <Th numeric>Min ticket</Th>
              <Th>Closes</Th>
              <Th>State</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <Tr key={o.id} data-testid="offering-row">
                <Td>
                  <Link
                    href={`/investors/new_offerings/${o.id}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {o.securityName}
                  </Link>
                  <span className="block text-xs text-slate-400">
                    {o.isin} · {o.rating}
                  </span>
                </Td>
                <Td>
                  <Link href={`/investors/originators/${o.originatorId}`} className="text-slate-700 hover:underline">
                    {o.originatorName}
                  </Link>
                </Td>
                <Td numeric>{pct(o.couponRate)}</Td>
                <Td numeric>{o.tenorMonths} months</Td>
                <Td numeric>
                  <Money value={o.size} format={INR} short />
                </Td>
                <Td numeric>
                  <Money value={o.amountLeft} format={INR} short />
                </Td>
                <Td>
                  <TakenBar taken={o.amountTaken} size={o.size} />
                </Td>
                <Td numeric>
                  <Money value={o.minTicket} format={INR} short />
                </Td>
                <Td>
                  <Day iso={o.closeDate} />
                </Td>
                <Td>
                  <OfferingState state={o.state} />
                </Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}
