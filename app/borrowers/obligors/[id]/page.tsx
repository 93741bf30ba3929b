import { redirect } from 'next/navigation';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { loadObligorInfo, ObligorDetail } from '@/components/obligors/detail/obligor-detail';

export const metadata = { title: 'Customer | Client receivables dashboard' };

/** A parent customer and its family; a member of a family opened here goes to its own page. */
export default async function ParentObligorPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const code = decodeURIComponent(id);
  await pageGate();
  const info = await loadObligorInfo(code);
  if (!info.isParent) redirect(`/borrowers/obligors/child/${encodeURIComponent(code)}`);
  return (
    <ObligorDetail
      info={info}
      params={flattenParams(await searchParams)}
      pathname={`/borrowers/obligors/${encodeURIComponent(code)}`}
    />
  );
}
