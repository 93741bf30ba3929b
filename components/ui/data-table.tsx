import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';

/**
 * The building blocks of every list: muted headers, hairline rows, figures right-aligned in
 * tabular digits so columns of amounts line up digit under digit.
 */
export function DataTable({
  children,
  label,
  testId,
  dense = false,
  caption,
}: {
  children: ReactNode;
  label: string;
  testId?: string;
  dense?: boolean;
  caption?: string;
}) {
  // Dense: a smaller size and tighter cells (5 px a side, 12 px at the edges), for the wide ageing tables that must fit
  // beside the menu on a 1440-pixel screen with crore amounts to the paisa in every column.
  return (
    <div className="overflow-x-auto">
      <table
        aria-label={label}
        data-testid={testId}
        className={`w-full border-collapse ${dense ? 'text-xs [--cell-x:0.3125rem] [--cell-edge:0.75rem]' : 'text-[13px]'}`}
      >
        {caption && (
          <caption className="caption-top px-5 pb-1.5 pt-2 text-right text-[11px] text-slate-400">{caption}</caption>
        )}
        {children}
      </table>
    </div>
  );
}

export function Th({
  numeric = false,
  center = false,
  className = '',
  children,
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; center?: boolean }) {
  return (
    <th
      scope="col"
      {...rest}
      className={`${className.includes('whitespace-normal') ? '' : 'whitespace-nowrap '}border-b border-slate-200 bg-slate-50/80 px-[var(--cell-x,0.75rem)] py-2.5 text-xs font-medium text-slate-500 first:pl-[var(--cell-edge,1.25rem)] last:pr-[var(--cell-edge,1.25rem)] ${center ? 'text-center' : numeric ? 'text-right' : 'text-left'} ${className}`}
    >
      {children}
    </th>
  );
}

export function Td({
  numeric = false,
  center = false,
  className = '',
  children,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; center?: boolean }) {
  return (
    <td
      {...rest}
      className={`border-b border-slate-100 px-[var(--cell-x,0.75rem)] py-2.5 first:pl-[var(--cell-edge,1.25rem)] last:pr-[var(--cell-edge,1.25rem)] ${numeric ? 'text-right tabular-nums whitespace-nowrap' : center ? 'text-center' : 'text-left'} ${className}`}
    >
      {children}
    </td>
  );
}

/** A row that highlights on hover, as the rows lead somewhere (drill-down or detail). */
export function Tr({
  children,
  ...rest
}: { children: ReactNode } & Record<`data-${string}`, string | number | undefined>) {
  return (
    <tr className="text-slate-700 hover:bg-slate-50/70" {...rest}>
      {children}
    </tr>
  );
}
