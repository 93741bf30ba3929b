import Link from 'next/link';
import { redirect } from 'next/navigation';
import { pageGate } from '@/lib/backend/page-gate';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { PortalNav } from '@/components/portal/portal-nav';
import { PortalSearch } from '@/components/portal/portal-search';

/** The service desk's start: find the customer, then their statement; or browse by account type. */
export default async function CustomerPortalPage() {
  const { session } = await pageGate();
  // A customer user has one customer: their statement is their start.
  if (session.customer) redirect(`/customerportal/${encodeURIComponent(session.customer)}`);
  return (
    <div className="mx-auto max-w-7xl">
      <PageUpdated kind="integration" />
      <PageHeader
        title="Customer portal"
        description="Find a customer by name or code to see their statement of account, open invoices, credit and contacts."
      />
      <PortalNav active="statement" />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <PortalSearch base="/customerportal" autoFocus />
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Link
            href="/customerportal/postpaid"
            className="rounded-lg border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50/40"
          >
            <p className="text-sm font-semibold text-slate-900">Postpaid accounts</p>
            <p className="mt-1 text-xs text-slate-500">
              Customers billed on credit: what they owe, what is overdue, their credit limit.
            </p>
          </Link>
          <Link
            href="/customerportal/prepaid"
            className="rounded-lg border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50/40"
          >
            <p className="text-sm font-semibold text-slate-900">Prepaid accounts</p>
            <p className="mt-1 text-xs text-slate-500">
              Customers who pay in advance: their advance balance, top-ups and what invoices drew from it.
            </p>
          </Link>
        </div>
      </div>
    </div>
  );
}
