import Link from 'next/link';
import { hrefWith, pickParams } from '@/lib/client/url-state';
import { formatPercent } from '@/lib/domain/format';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { pageGate } from '@/lib/backend/page-gate';
import { OBLIGOR_FILTER_KEYS } from './receivables-params';

/**
 * Outstanding and overdue per dim1 value as horizontal bars. Every value stays listed when one is
 * chosen (the choice is highlighted); clicking a value filters the page by it, clicking it again clears it.
 */
export function Dim1Overview({ params, pathname }: { params: Record<string, string>; pathname: string }) {
  const filters = pickParams(
    params,
    OBLIGOR_FILTER_KEYS.filter((key) => key !== 'dim1Id'),
  );
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, rows] = await Promise.all([clientSettings(), backend.receivables.byDim1({ query: filters })]);
    return { money: settings, rows: rows.filter((row) => row.outstanding !== 0 || row.overdue !== 0) };
  };
  return (
    <Loaded load={load} isEmpty={({ rows }) => rows.length === 0}>
      {({ money, rows }) => {
        const widest = Math.max(...rows.map((row) => Math.abs(row.outstanding)), 1);
        return (
          <div>
            <div className="flex items-center gap-4 px-2 pb-1.5 text-xs font-medium text-slate-500" aria-hidden>
              <span className="w-28 shrink-0" />
              <span className="flex flex-1 items-center gap-3">
                <span className="flex items-center gap-1">
                  <span className="h-2 w-2 rounded-full bg-brand-500/80" />
                  Outstanding
                </span>
                <span className="flex items-center gap-1">
                  <span className="h-2 w-2 rounded-full bg-rose-500" />
                  Overdue
                </span>
              </span>
              <span className="w-36 text-right">Outstanding</span>
              <span className="w-36 text-right">Overdue</span>
              <span className="w-20 text-right">% overdue</span>
            </div>
            <ul className="space-y-1" data-testid="dim1-overview">
              {rows.map((row) => {
                const active = row.dimId !== null && params.dim1Id === String(row.dimId);
                const content = (
                  <>
                    <span className="w-28 shrink-0 truncate text-sm font-medium text-slate-700" title={row.dim1}>
                      {row.dim1}
                    </span>
                    <span
                      className="relative h-3 min-w-24 flex-1 overflow-hidden rounded-full bg-slate-100"
                      aria-hidden
                    >
                      <span
                        className="absolute inset-y-0 left-0 rounded-full bg-brand-500/80"
                        style={{ width: `${(Math.max(row.outstanding, 0) / widest) * 100}%` }}
                      />
                      <span
                        className="absolute inset-y-0 left-0 rounded-full bg-rose-500"
                        style={{ width: `${(Math.max(row.overdue, 0) / widest) * 100}%` }}
                      />
                    </span>
                    <span className="w-36 text-right text-sm text-slate-900">
                      <Money value={row.outstanding} format={money} />
                    </span>
                    <span className="w-36 text-right text-sm text-rose-700">
                      <Money value={row.overdue} format={money} />
                    </span>
                    <span className="w-20 text-right text-xs tabular-nums text-slate-500">
                      {formatPercent(row.outstanding ? (row.overdue / row.outstanding) * 100 : 0)}
                    </span>
                  </>
                );
                const rowClass = `flex items-center gap-4 rounded-md px-2 py-1.5 ${active ? 'bg-brand-50 ring-1 ring-brand-500/30' : ''}`;
                return (
                  <li key={row.dimId ?? 'none'} data-dim1={row.dim1}>
                    {row.dimId === null ? (
                      <div className={rowClass}>{content}</div>
                    ) : (
                      <Link
                        href={hrefWith(pathname, params, { dim1Id: active ? null : row.dimId })}
                        aria-current={active ? 'true' : undefined}
                        className={`${rowClass} hover:bg-slate-50`}
                        title={active ? 'Clear this filter' : `Show ${row.dim1} only`}
                      >
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      }}
    </Loaded>
  );
}
