import { redirect } from 'next/navigation';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { loadObligorInfo, ObligorDetail } from '@/components/obligors/detail/obligor-detail';
import { ObligorSearch } from '@/components/obligors/obligor-search';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';

export const metadata = { title: 'Customer | Client receivables dashboard' };

/** One account inside a family; without an id, a search to pick one. A parent opened here goes to its family page. */
export default async function ChildObligorPage({
  params,
  searchParams,
}: {
  params: Promise<{ id?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  await pageGate();
  if (!id?.length) {
    return (
      <div className="mx-auto max-w-[1400px] space-y-6">
        <PageHeader
          title="Customer account"
          description="Find the account of a family to open its page."
          breadcrumb={
            <Breadcrumb
              crumbs={[{ label: 'Customer Analysis', href: '/borrowers/obligors' }, { label: 'Customer account' }]}
            />
          }
        />
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <ObligorSearch />
        </div>
      </div>
    );
  }
  const code = decodeURIComponent(id.join('/'));
  const info = await loadObligorInfo(code);
  if (info.isParent) redirect(`/borrowers/obligors/${encodeURIComponent(code)}`);
  return (
    <ObligorDetail
      info={info}
      params={flattenParams(await searchParams)}
      pathname={`/borrowers/obligors/child/${encodeURIComponent(code)}`}
    />
  );
}
