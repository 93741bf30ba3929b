import Link from 'next/link';
import { hrefWith, nextSort, type SortOrder } from '@/lib/client/url-state';
import { Th } from '@/components/ui/data-table';

/** A column header that sorts the list through the URL (sortBy, order); the arrow shows the active sort. */
export function SortableHeader({
  column,
  label,
  active,
  pathname,
  params,
  firstOrder = 'DESC',
  numeric = false,
  center = false,
  className,
}: {
  column: string;
  label: string;
  active: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
  firstOrder?: SortOrder;
  numeric?: boolean;
  center?: boolean;
  className?: string;
}) {
  const isActive = active.sortBy === column;
  const href = hrefWith(pathname, params, nextSort(active, column, firstOrder));
  return (
    <Th
      numeric={numeric}
      center={center}
      className={className}
      aria-sort={isActive ? (active.order === 'ASC' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        href={href}
        scroll={false}
        className={`inline-flex items-center gap-1 hover:text-slate-900 ${isActive ? 'text-slate-900' : ''}`}
        data-sort={column}
      >
        {label}
        <span aria-hidden className={`text-[10px] ${isActive ? 'text-brand-600' : 'text-slate-300'}`}>
          {isActive ? (active.order === 'ASC' ? '▲' : '▼') : '▼'}
        </span>
      </Link>
    </Th>
  );
}
