import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { AccountTypePage } from '@/components/portal/account-type-page';

/** The postpaid customers, or one postpaid account. */
export default async function PostpaidPage({
  params,
  searchParams,
}: {
  params: Promise<{ id?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const id = (await params).id?.[0];
  return (
    <AccountTypePage
      kind="postpaid"
      code={id ? decodeURIComponent(id) : null}
      params={flattenParams(await searchParams)}
    />
  );
}
