import Link from 'next/link';
import { hrefWith, PAGE_PARAM, pickParams, readPaging, readSort } from '@/lib/client/url-state';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { PARENT_OBLIGOR_SORT_KEYS } from '@/lib/contract/customers';
import { WarningBox } from '@/components/feedback/warning-box';
import { bucketColumns } from '@/components/receivables/bucket-columns';
import { pageGate } from '@/lib/backend/page-gate';
import { Loaded } from '@/components/ui/loaded';
import { Pagination } from '@/components/ui/pagination';
import { CUSTOMER_LIST_KEYS } from './customer-params';
import { ParentObligorsTable } from './parent-obligors-table';

/** Spec section 9: the customer analysis list is sorted by balance, largest first. */
const DEFAULT_SORT = { sortBy: 'balance', order: 'DESC' } as const;

export function ParentObligorsList({ params, pathname }: { params: Record<string, string>; pathname: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, list] = await Promise.all([
      clientSettings(),
      backend.customers.parentObligors({ query: pickParams(params, CUSTOMER_LIST_KEYS) }),
    ]);
    return { money: settings, columns: bucketColumns(settings.boundaries, 'CREDIT_DATE'), list };
  };
  const sort = readSort(params, PARENT_OBLIGOR_SORT_KEYS, DEFAULT_SORT);
  const { page, count } = readPaging(params, DEFAULT_PAGE_SIZE);
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ money, columns, list }) =>
        list.rows.length === 0 ? (
          <div className="space-y-3 p-5">
            <WarningBox kind="empty" message={`This page is past the end of the list (${list.total} rows).`} />
            <Link
              href={hrefWith(pathname, params, { [PAGE_PARAM]: null })}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Go to the first page
            </Link>
          </div>
        ) : (
          <>
            <ParentObligorsTable
              rows={list.rows}
              columns={columns}
              money={money}
              sort={sort}
              pathname={pathname}
              params={params}
            />
            <Pagination
              total={list.total}
              page={page}
              count={count}
              pathname={pathname}
              params={params}
              noun="parent customers"
            />
          </>
        )
      }
    </Loaded>
  );
}
