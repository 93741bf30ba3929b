import Link from 'next/link';
import { hrefWith, PAGE_PARAM, pickParams, readPaging, readSort } from '@/lib/client/url-state';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { CREDIT_LIMIT_SORT_KEYS } from '@/lib/contract/credit-limits';
import { CREDIT_LIMIT_STATUS_LABELS, CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { formatCount } from '@/lib/domain/format';
import { WarningBox } from '@/components/feedback/warning-box';
import { pageGate } from '@/lib/backend/page-gate';
import { mayOpen } from '@/lib/domain/route-permissions';
import { CUSTOMERS_PATH } from '@/components/obligors/customer-params';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { Pagination } from '@/components/ui/pagination';
import { CreditLimitAccountsTable } from './credit-limit-accounts-table';
import { CreditLimitTable } from './credit-limit-table';

export const CREDIT_LIMIT_FILTER_KEYS = ['view', 'date', 'dim', 'search', 'family'] as const;
export const CREDIT_LIMIT_LIST_KEYS = [
  ...CREDIT_LIMIT_FILTER_KEYS,
  'status',
  'sortBy',
  'order',
  'offset',
  'count',
] as const;

/** Breaches first: the list opens on the most used limits. */
const DEFAULT_SORT = { sortBy: 'utilisation', order: 'DESC' } as const;
const TILE_TONES = {
  BREACHED: 'text-rose-700',
  NEAR: 'text-amber-700',
  WITHIN: 'text-emerald-700',
  NO_LIMIT: 'text-slate-500',
} as const;

/** One tile per band (count and exposure); a tile filters the list to its band, again to all. */
export function CreditLimitBands({ params, pathname }: { params: Record<string, string>; pathname: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [money, bands] = await Promise.all([
      clientSettings(),
      backend.creditLimits.bands({ query: pickParams(params, CREDIT_LIMIT_FILTER_KEYS) }),
    ]);
    return { money, bands };
  };
  return (
    <Loaded load={load}>
      {({ money, bands }) => (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="credit-limit-bands">
          {CREDIT_LIMIT_STATUSES.map((status) => {
            const band = bands.find((b) => b.status === status) ?? { customers: 0, exposure: 0 };
            const active = params.status === status;
            return (
              <Link
                key={status}
                href={hrefWith(pathname, params, { status: active ? null : status, [PAGE_PARAM]: null })}
                scroll={false}
                className={`rounded-xl border bg-white px-4 py-3 shadow-sm hover:border-brand-300 ${active ? 'border-brand-500 ring-2 ring-brand-500/20' : 'border-slate-200'}`}
                data-testid={`band-${status}`}
                aria-pressed={active}
              >
                <div className="text-xs font-medium text-slate-500">{CREDIT_LIMIT_STATUS_LABELS[status]}</div>
                <div className={`mt-1 text-2xl font-semibold tabular-nums ${TILE_TONES[status]}`}>
                  {formatCount(band.customers)}
                </div>
                <div className="text-xs text-slate-500">
                  exposure <Money value={band.exposure} format={money} short />
                </div>
              </Link>
            );
          })}
        </div>
      )}
    </Loaded>
  );
}

export function CreditLimitList({ params, pathname }: { params: Record<string, string>; pathname: string }) {
  const load = async () => {
    const { backend, clientSettings, session } = await pageGate();
    const [settings, list] = await Promise.all([
      clientSettings(),
      backend.creditLimits.list({ query: pickParams(params, CREDIT_LIMIT_LIST_KEYS) }),
    ]);
    return { settings, list, canOpenCustomers: mayOpen(session, CUSTOMERS_PATH) };
  };
  const sort = readSort(params, CREDIT_LIMIT_SORT_KEYS, DEFAULT_SORT);
  const { page, count } = readPaging(params, DEFAULT_PAGE_SIZE);
  return (
    <Loaded load={load} isEmpty={({ list }) => list.total === 0}>
      {({ settings, list, canOpenCustomers }) =>
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
            {params.view === 'accounts' ? (
              <CreditLimitAccountsTable
                rows={list.rows}
                money={settings}
                sort={sort}
                pathname={pathname}
                params={params}
                dim1Name={settings.dimensionNames.dim1}
                canOpenCustomers={canOpenCustomers}
              />
            ) : (
              <CreditLimitTable
                rows={list.rows}
                money={settings}
                sort={sort}
                pathname={pathname}
                params={params}
                dim1Name={settings.dimensionNames.dim1}
                canOpenCustomers={canOpenCustomers}
              />
            )}
            <Pagination
              total={list.total}
              page={page}
              count={count}
              pathname={pathname}
              params={params}
              noun={params.view === 'accounts' ? 'accounts' : 'parent customers'}
            />
          </>
        )
      }
    </Loaded>
  );
}
