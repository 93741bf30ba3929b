import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { PortalSearch } from '@/components/portal/portal-search';
import { StatementView } from '@/components/portal/statement-view';

export const metadata = { title: 'Customer Portal | Client receivables dashboard' };

/**
 * The customer portal inside the borrower area (with the menu): the same search and statement, the
 * customer kept in the query so the period form and the menu keep working.
 */
export default async function BorrowerCustomerPortalPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const code = params.customer?.trim();
  return (
    <div className="mx-auto max-w-7xl">
      <PageUpdated kind="integration" />
      <PageHeader
        title="Customer portal"
        description="A customer's statement of account: open invoices with ageing, payments, credit notes, running balance, credit and contacts."
        actions={
          <div className="w-full max-w-md">
            <PortalSearch base="/borrowers/customerportal" asQuery autoFocus={!code} />
          </div>
        }
      />
      {code ? (
        <StatementView code={code} params={params} pathname="/borrowers/customerportal" hidden={{ customer: code }} />
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-sm text-slate-500">
          Find a customer by name or code to see their statement.
        </div>
      )}
    </div>
  );
}
