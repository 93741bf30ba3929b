import Link from 'next/link';
import { hrefWith, PAGE_PARAM, pickParams, readPaging, readSort } from '@/lib/client/url-state';
import { RECEIVABLE_SORT_KEYS } from '@/lib/contract/receivables';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { WarningBox } from '@/components/feedback/warning-box';
import type { AgeingBasis } from '@/lib/domain/ageing';
import { bucketColumns } from './bucket-columns';
import { Loaded } from '@/components/ui/loaded';
import { pageGate } from '@/lib/backend/page-gate';
import { Pagination } from '@/components/ui/pagination';
import { LIST_KEYS } from './receivables-params';
import { ReceivablesTable } from './receivables-table';
import { listTotals } from './receivables-totals';

const DEFAULT_SORT = { sortBy: 'balance', order: 'DESC' } as const;

/**
 * The receivables list: parent customers, or with parentSysObligorCode the customers of that
 * family. A parent leads to its family (page back to 1); a customer leads to its open invoices.
 */
export function ReceivablesList({
  params,
  pathname,
  basis,
}: {
  params: Record<string, string>;
  pathname: string;
  basis: AgeingBasis;
}) {
  const family = params.parentSysObligorCode;
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, list] = await Promise.all([
      clientSettings(),
      backend.receivables.list({ query: pickParams(params, LIST_KEYS) }),
    ]);
    const totals = list.rows.length ? await listTotals(params, list.rows, list.total) : null;
    return { money: settings, columns: bucketColumns(settings.boundaries, basis), list, totals };
  };
  const sort = readSort(params, RECEIVABLE_SORT_KEYS, DEFAULT_SORT);
  const { page, count } = readPaging(params, DEFAULT_PAGE_SIZE);
  const invoicesOf = (code: string) => `/borrowers/invoices?sysObligorCode=${encodeURIComponent(code)}`;
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ money, columns, list, totals }) =>
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
            <ReceivablesTable
              rows={list.rows}
              columns={columns}
              money={money}
              totals={totals}
              sort={sort}
              pathname={pathname}
              params={params}
              rowHref={(row) =>
                family
                  ? invoicesOf(row.sysObligorCode)
                  : hrefWith(pathname, params, { parentSysObligorCode: row.sysObligorCode })
              }
              rowAction={
                family ? (row) => ({ href: invoicesOf(row.sysObligorCode), label: 'Open invoices →' }) : undefined
              }
            />
            <Pagination
              total={list.total}
              page={page}
              count={count}
              pathname={pathname}
              params={params}
              noun={family ? 'accounts of this family with receivables' : 'parent customers with receivables'}
            />
          </>
        )
      }
    </Loaded>
  );
}
