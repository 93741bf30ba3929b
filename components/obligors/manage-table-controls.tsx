'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/domain/format';
import { Th } from '@/components/ui/data-table';
import type { SectionChanges } from './manage-url-state';

type Order = 'ASC' | 'DESC';
type HrefFor = (changes: SectionChanges) => string;

/**
 * A header that sorts a prefixed section through the URL (sortBy, orderBy): the active column
 * flips its order, another starts ascending (spec section 9: these lists default to ASC).
 */
export function SortHeader({
  column,
  label,
  title,
  active,
  hrefFor,
  numeric = false,
  extra,
}: {
  column: string;
  label: string;
  title?: string;
  active: { sortBy: string; orderBy: Order };
  hrefFor: HrefFor;
  numeric?: boolean;
  extra?: ReactNode;
}) {
  const isActive = active.sortBy === column;
  const orderBy: Order = isActive && active.orderBy === 'ASC' ? 'DESC' : 'ASC';
  return (
    <Th numeric={numeric} aria-sort={isActive ? (active.orderBy === 'ASC' ? 'ascending' : 'descending') : undefined}>
      <Link
        href={hrefFor({ sortBy: column, orderBy })}
        scroll={false}
        data-sort={column}
        title={title ? `Sort by ${title.toLowerCase()}` : undefined}
        className={`inline-flex items-center gap-1 hover:text-slate-900 ${isActive ? 'text-slate-900' : ''}`}
      >
        {label}
        <span aria-hidden className={`text-[10px] ${isActive ? 'text-brand-600' : 'text-slate-300'}`}>
          {isActive && active.orderBy === 'DESC' ? '▼' : '▲'}
        </span>
      </Link>
      {extra}
    </Th>
  );
}

/** "1–10 of 312 obligors" with previous and next links for a prefixed section. */
export function SectionPager({
  total,
  page,
  count,
  hrefFor,
  noun,
}: {
  total: number;
  page: number;
  count: number;
  hrefFor: HrefFor;
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / count));
  const from = total === 0 ? 0 : (page - 1) * count + 1;
  const to = Math.min(page * count, total);
  const button = 'inline-flex h-8 items-center rounded-md px-2.5 text-sm';
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm text-slate-500"
    >
      <p data-testid="page-range" className="tabular-nums">
        <span className="font-medium text-slate-700">
          {formatCount(from)}–{formatCount(to)}
        </span>{' '}
        of {formatCount(total)} {noun}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-1">
          {page > 1 ? (
            <Link
              href={hrefFor({ offset: page - 1 })}
              scroll={false}
              rel="prev"
              className={`${button} text-slate-600 hover:bg-slate-100`}
            >
              Previous
            </Link>
          ) : (
            <span className={`${button} text-slate-300`}>Previous</span>
          )}
          <span className="px-2 tabular-nums">
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          {page < pages ? (
            <Link
              href={hrefFor({ offset: page + 1 })}
              scroll={false}
              rel="next"
              className={`${button} text-slate-600 hover:bg-slate-100`}
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

/** The page number and size of a section's URL values, with the contract's defaults. */
export function readSectionPaging(
  values: Record<string, string>,
  defaultCount: number,
): { page: number; count: number } {
  const page = Number(values.offset ?? 1);
  const count = Number(values.count ?? defaultCount);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    count: Number.isInteger(count) && count > 0 ? count : defaultCount,
  };
}
