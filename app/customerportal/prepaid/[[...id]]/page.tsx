import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { AccountTypePage } from '@/components/portal/account-type-page';

/** The prepaid customers, or one prepaid account. */
export default async function PrepaidPage({
  params,
  searchParams,
}: {
  params: Promise<{ id?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const id = (await params).id?.[0];
  return (
    <AccountTypePage
      kind="prepaid"
      code={id ? decodeURIComponent(id) : null}
      params={flattenParams(await searchParams)}
    />
  );
}
