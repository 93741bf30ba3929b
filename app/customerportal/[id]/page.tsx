import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageUpdated } from '@/components/receivables/page-updated';
import { PortalNav } from '@/components/portal/portal-nav';
import { PortalSearch } from '@/components/portal/portal-search';
import { StatementView } from '@/components/portal/statement-view';

/** One customer's statement of account (the family's for a parent). */
export default async function CustomerStatementPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const code = decodeURIComponent((await params).id);
  const { session } = await pageGate();
  // A customer user: their own statement, without the service desk's search.
  if (session.customer)
    return (
      <div className="mx-auto max-w-7xl">
        <PageUpdated kind="integration" />
        <StatementView
          code={code}
          params={flattenParams(await searchParams)}
          pathname={`/customerportal/${encodeURIComponent(code)}`}
        />
      </div>
    );
  return (
    <div className="mx-auto max-w-7xl">
      <PageUpdated kind="integration" />
      <Breadcrumb crumbs={[{ label: 'Customer portal', href: '/customerportal' }, { label: code }]} />
      <div className="mb-5 flex flex-wrap items-start justify-between gap-4">
        <PortalNav active="statement" />
        <div className="w-full max-w-md">
          <PortalSearch base="/customerportal" />
        </div>
      </div>
      <StatementView
        code={code}
        params={flattenParams(await searchParams)}
        pathname={`/customerportal/${encodeURIComponent(code)}`}
      />
    </div>
  );
}
