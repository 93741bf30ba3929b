import { formatCount } from '@/lib/domain/format';

/**
 * "11–20 of 34" with Previous and Next, for a section inside a detail page. Its page is kept in the
 * section (not the URL) so it does not reset the page of the page's own lists.
 */
export function SectionPager({
  page,
  count,
  total,
  noun,
  onPage,
}: {
  page: number;
  count: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / count));
  const from = total === 0 ? 0 : (page - 1) * count + 1;
  const to = Math.min(page * count, total);
  const button =
    'rounded-md px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex items-center justify-between gap-3 px-5 py-3 text-sm text-slate-500"
    >
      <p className="tabular-nums">
        <span className="font-medium text-slate-700">
          {formatCount(from)}–{formatCount(to)}
        </span>{' '}
        of {formatCount(total)} {noun}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-1">
          <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span className="px-1 tabular-nums">
            {page} / {pages}
          </span>
          <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </nav>
  );
}
