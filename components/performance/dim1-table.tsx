import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import { annualDso } from '@/lib/domain/dso';
import { formatPercent, sumMoney } from '@/lib/domain/format';
import type { TDimRow } from '@/lib/contract/performance';
import { bucketColumns } from '@/components/receivables/bucket-columns';
import { riskColour } from '@/components/receivables/rating-badge';
import { SortableHeader } from '@/components/receivables/sortable-header';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { currencySign, Money, type MoneyFormat } from '@/components/ui/money';

/**
 * One row per dimension value: balance, its credit buckets, overdue, collections, DSO and weighted
 * rating, sorted through the URL, with the total of the visible rows. With `detailPath` each value
 * links to its page; without `sort` the headers are plain (a breakdown inside a detail page).
 */
export function DimTable({
  rows,
  money,
  boundaries,
  dimName,
  collectionsLabel,
  note,
  detailPath,
  sort,
  pathname,
  params,
  testId,
}: {
  rows: TDimRow[];
  money: MoneyFormat;
  boundaries: AgeingBoundaries;
  dimName: string;
  collectionsLabel: string;
  /** Said after the currency in the caption (what the collections cover). */
  note?: string;
  detailPath?: string;
  sort?: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
  testId: string;
}) {
  const buckets = bucketColumns(boundaries, 'CREDIT_DATE');
  // A long header ('Collected, 12 months') may wrap: on one line it widened the table past a 1440-pixel screen.
  const header = (column: string, label: string, numeric = true, wrap = false) =>
    sort ? (
      <SortableHeader
        key={column}
        column={column}
        label={label}
        active={sort}
        pathname={pathname}
        params={params}
        numeric={numeric}
        firstOrder={numeric ? 'DESC' : 'ASC'}
        className={wrap ? 'max-w-28 whitespace-normal' : undefined}
      />
    ) : (
      <Th key={column} numeric={numeric} className={wrap ? 'max-w-28 whitespace-normal' : undefined}>
        {label}
      </Th>
    );
  const sum = (key: keyof TDimRow) => sumMoney(rows.map((r) => r[key] as number));
  const total = {
    balance: sum('balance'),
    overdue: sum('overdue'),
    collections: sum('collections'),
    sales12m: sum('sales12m'),
  };
  return (
    <DataTable
      label={`Receivables by ${dimName}`}
      testId={testId}
      dense
      caption={`Amounts in ${currencySign(money)} (${money.currency}), to the rupee${note ? ` · ${note}` : ''}`}
    >
      <thead>
        <tr>
          {header('name', dimName, false)}
          {header('balance', 'Balance')}
          {buckets.map((b) => header(b.key, b.label))}
          {header('overdue', 'Overdue')}
          {header('overduePercent', 'Overdue %')}
          {header('collections', collectionsLabel, true, true)}
          {header('dso', 'DSO')}
          {header('obligorWeightedRating', 'Rating')}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.dimId ?? 'none'}
            className="text-slate-700 hover:bg-slate-50/70"
            data-dim={row.name}
            data-dim-id={row.dimId ?? ''}
          >
            <Td className="font-medium text-slate-900">
              {detailPath && row.dimId !== null ? (
                <Link
                  href={`${detailPath}/${row.dimId}`}
                  className="text-brand-700 hover:underline"
                  data-testid="dim-link"
                >
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </Td>
            <Td numeric data-col="balance">
              <Money value={row.balance} format={money} bare whole />
            </Td>
            {buckets.map((b) => (
              <Td numeric key={b.key} data-col={b.key}>
                <Money value={row[b.key]} format={money} bare whole />
              </Td>
            ))}
            <Td numeric data-col="overdue" className="text-rose-700">
              <Money value={row.overdue} format={money} bare whole />
            </Td>
            <Td numeric data-col="overduePercent">
              {formatPercent(row.overduePercent)}
            </Td>
            <Td numeric data-col="collections">
              <Money value={row.collections} format={money} bare whole />
            </Td>
            <Td numeric data-col="dso">
              {row.dso == null ? '-' : row.dso.toFixed(1)}
            </Td>
            <Td numeric data-col="rating" title={`${row.rating} risk`}>
              <span
                className="font-medium tabular-nums"
                style={{ color: `color-mix(in srgb, ${riskColour(row.rating)} 85%, black)` }}
                data-rating={row.rating}
              >
                {row.obligorWeightedRating == null ? '-' : row.obligorWeightedRating.toFixed(2)}
              </span>
            </Td>
          </tr>
        ))}
      </tbody>
      {rows.length > 1 && (
        <tfoot>
          <tr className="bg-slate-50 font-semibold text-slate-900" data-testid={`${testId}-total`}>
            <Td>Total</Td>
            <Td numeric>
              <Money value={total.balance} format={money} bare whole />
            </Td>
            {buckets.map((b) => (
              <Td numeric key={b.key}>
                <Money value={sum(b.key)} format={money} bare whole />
              </Td>
            ))}
            <Td numeric className="text-rose-700">
              <Money value={total.overdue} format={money} bare whole />
            </Td>
            <Td numeric>{formatPercent(total.balance ? (total.overdue / total.balance) * 100 : 0)}</Td>
            <Td numeric>
              <Money value={total.collections} format={money} bare whole />
            </Td>
            <Td numeric>{annualDso(total.balance, total.sales12m)?.toFixed(1) ?? '-'}</Td>
            <Td numeric />
          </tr>
        </tfoot>
      )}
    </DataTable>
  );
}
