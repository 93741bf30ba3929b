import Link from 'next/link';
import { hrefWith, PAGE_PARAM, pickParams, readPaging, readSort } from '@/lib/client/url-state';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { INVOICE_SORT_KEYS } from '@/lib/contract/receivables';
import { WarningBox } from '@/components/feedback/warning-box';
import { DEFAULT_INVOICE_SORT, INVOICE_LIST_KEYS } from './invoice-params';
import { InvoicesTable } from './invoices-table';
import { Loaded } from '@/components/ui/loaded';
import { pageGate } from '@/lib/backend/page-gate';
import { Pagination } from '@/components/ui/pagination';

/** The open-invoice list of the URL's filters, sorted and paged in the URL. */
export function InvoiceList({ params, pathname }: { params: Record<string, string>; pathname: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, list] = await Promise.all([
      clientSettings(),
      backend.receivables.openInvoices({ query: pickParams(params, INVOICE_LIST_KEYS) }),
    ]);
    return { settings, list };
  };
  const sort = readSort(params, INVOICE_SORT_KEYS, DEFAULT_INVOICE_SORT);
  const { page, count } = readPaging(params, DEFAULT_PAGE_SIZE);
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ settings, list }) =>
        list.rows.length === 0 ? (
          <div className="space-y-3 p-5">
            <WarningBox kind="empty" message={`This page is past the end of the list (${list.total} invoices).`} />
            <Link
              href={hrefWith(pathname, params, { [PAGE_PARAM]: null })}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Go to the first page
            </Link>
          </div>
        ) : (
          <>
            <InvoicesTable
              rows={list.rows}
              money={settings}
              boundaries={settings.boundaries}
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
              noun="open invoices"
            />
          </>
        )
      }
    </Loaded>
  );
}
