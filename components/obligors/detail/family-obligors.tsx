import { pickParams, readPaging, readSort } from '@/lib/client/url-state';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { RECEIVABLE_SORT_KEYS } from '@/lib/contract/receivables';
import { bucketColumns } from '@/components/receivables/bucket-columns';
import { pageGate } from '@/lib/backend/page-gate';
import { ReceivablesTable } from '@/components/receivables/receivables-table';
import { Loaded } from '@/components/ui/loaded';
import { Pagination } from '@/components/ui/pagination';
import { formatCount } from '@/lib/domain/format';
import { obligorHref } from '../customer-params';

const DEFAULT_SORT = { sortBy: 'balance', order: 'DESC' } as const;
const KEYS = ['sortBy', 'order', 'offset', 'count'] as const;

/** The obligors of the family with their ageing today; each opens its own page. Sorted and paged in the URL. */
export function FamilyObligors({
  code,
  params,
  pathname,
  familySize,
}: {
  code: string;
  params: Record<string, string>;
  pathname: string;
  /** The family's accounts (the user's, when scoped), as the page's heading counts them. */
  familySize: number;
}) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, list] = await Promise.all([
      clientSettings(),
      backend.receivables.list({ query: { ...pickParams(params, KEYS), parentSysObligorCode: code } }),
    ]);
    return { money: settings, columns: bucketColumns(settings.boundaries, 'CREDIT_DATE'), list };
  };
  const sort = readSort(params, RECEIVABLE_SORT_KEYS, DEFAULT_SORT);
  const { page, count } = readPaging(params, DEFAULT_PAGE_SIZE);
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ money, columns, list }) => (
        <div data-testid="family-obligors">
          <ReceivablesTable
            rows={list.rows}
            columns={columns}
            money={money}
            totals={null}
            sort={sort}
            pathname={pathname}
            params={params}
            rowHref={(row) => obligorHref(row.sysObligorCode, row.sysObligorCode === code)}
          />
          <Pagination
            total={list.total}
            page={page}
            count={count}
            pathname={pathname}
            params={params}
            noun="accounts with receivables"
          />
          {list.total < familySize && (
            <p className="mt-2 text-xs text-slate-500" data-testid="family-unlisted">
              {`The family has ${formatCount(familySize)} accounts; the ${formatCount(familySize - list.total)} not listed owe nothing and invoiced nothing in the 12 months to today.`}
            </p>
          )}
        </div>
      )}
    </Loaded>
  );
}
