import Link from 'next/link';
import { hrefWith, hrefWithPage, PAGE_PARAM } from '@/lib/client/url-state';
import { PAGE_SIZES } from '@/lib/constants';
import { formatCount } from '@/lib/domain/format';

/** The page numbers around the current one, with the first and last always reachable. */
function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/**
 * "1–10 of 312 customers" and the page links; the page number is the URL's offset (from 1), or
 * `param` when a page has more than one paged list.
 */
export function Pagination({
  total,
  page,
  count,
  pathname,
  params,
  noun,
  param = PAGE_PARAM,
  label = 'Pagination',
  anchor,
  sizes = param === PAGE_PARAM,
}: {
  total: number;
  page: number;
  count: number;
  pathname: string;
  params: Record<string, string>;
  noun: string;
  param?: string;
  label?: string;
  /** The id of the list's section: a long page of it is then shown from its top (otherwise the scroll stays). */
  anchor?: string;
  /** Offer the page sizes (the URL's count); lists with their own page parameter do not. */
  sizes?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / count));
  const from = total === 0 ? 0 : (page - 1) * count + 1;
  const to = Math.min(page * count, total);
  const href = (p: number) => `${hrefWithPage(pathname, params, param, p)}${anchor ? `#${anchor}` : ''}`;
  const scroll = anchor ? undefined : false;
  const button = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm tabular-nums';
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm text-slate-500"
    >
      <p data-testid="page-range" className="tabular-nums">
        <span className="font-medium text-slate-700">
          {formatCount(from)}–{formatCount(to)}
        </span>{' '}
        of {formatCount(total)} {noun}
      </p>
      {sizes && total > PAGE_SIZES[0] && (
        <div className="flex items-center gap-1" aria-label="Rows per page" role="group">
          <span className="mr-1 text-xs text-slate-400">Rows per page</span>
          {PAGE_SIZES.map((size) => (
            <Link
              key={size}
              // A new size starts again at the first page: the old page number would point elsewhere.
              href={`${hrefWith(pathname, params, { count: size, [PAGE_PARAM]: null })}${anchor ? `#${anchor}` : ''}`}
              scroll={scroll}
              aria-current={size === count ? 'true' : undefined}
              className={`${button} ${size === count ? 'bg-slate-200 font-medium text-slate-800' : 'text-slate-500 hover:bg-slate-100'}`}
            >
              {size}
            </Link>
          ))}
        </div>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-1">
          {page > 1 ? (
            <Link
              href={href(page - 1)}
              scroll={scroll}
              className={`${button} text-slate-600 hover:bg-slate-100`}
              rel="prev"
            >
              Previous
            </Link>
          ) : (
            <span className={`${button} text-slate-300`}>Previous</span>
          )}
          {pageWindow(page, pages).map((p, i) =>
            p === 'gap' ? (
              <span key={`gap-${i}`} className="px-1 text-slate-300">
                …
              </span>
            ) : (
              <Link
                key={p}
                href={href(p)}
                scroll={scroll}
                aria-current={p === page ? 'page' : undefined}
                className={`${button} ${p === page ? 'bg-brand-600 font-medium text-white' : 'text-slate-600 hover:bg-slate-100'}`}
              >
                {formatCount(p)}
              </Link>
            ),
          )}
          {page < pages ? (
            <Link
              href={href(page + 1)}
              scroll={scroll}
              className={`${button} text-slate-600 hover:bg-slate-100`}
              rel="next"
            >
              Next
            </Link>
          ) : (
            <span className={`${button} text-slate-300`}>Next</span>
          )}
        </div>
      )}
    </nav>
  );
}
