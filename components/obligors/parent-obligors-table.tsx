import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import type { TFamilyRow } from '@/lib/contract/customers';
import type { BucketColumn } from '@/components/receivables/bucket-columns';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { SortableHeader } from '@/components/receivables/sortable-header';
import { DataTable, Td, Tr } from '@/components/ui/data-table';
import { currencySign, Money, type MoneyFormat } from '@/components/ui/money';
import { CollectionRiskBadge } from './collection-risk-badge';
import { obligorHref } from './customer-params';
import { UtilisationBar } from './utilisation-bar';

/**
 * The customer analysis list: each parent customer's ageing, balance, rating, 12-month DSO, credit
 * utilisation and collection risk. Headers sort through the URL; a name opens the family's page.
 */
export function ParentObligorsTable({
  rows,
  columns,
  money,
  sort,
  pathname,
  params,
}: {
  rows: TFamilyRow[];
  columns: BucketColumn[];
  money: MoneyFormat;
  sort: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
}) {
  const header = { active: sort, pathname, params };
  return (
    <DataTable
      label="Customers"
      testId="parent-obligors-table"
      dense
      caption={`Amounts in ${currencySign(money)} (${money.currency}), to the rupee`}
    >
      <thead>
        <tr>
          <SortableHeader column="name" label="Customer" firstOrder="ASC" {...header} />
          {columns.map((c) => (
            <SortableHeader key={c.key} column={c.key} label={c.label} numeric {...header} />
          ))}
          <SortableHeader column="overdue" label="Overdue" numeric {...header} />
          <SortableHeader column="balance" label="Balance" numeric {...header} />
          <SortableHeader column="obligorWeightedRating" label="Rating" center {...header} />
          <SortableHeader column="dso" label="DSO" numeric {...header} />
          <SortableHeader column="creditUtilisation" label="Credit used" numeric {...header} />
          <SortableHeader column="overduePastB2Share" label="Collection risk" center {...header} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={row.sysObligorCode} data-testid="parent-obligor-row" data-code={row.sysObligorCode}>
            <Td className="max-w-48">
              <Link
                href={obligorHref(row.sysObligorCode, true)}
                className="block truncate text-[13px] font-medium text-slate-900 hover:text-brand-700 hover:underline"
                title={row.name}
                data-testid="parent-obligor-name"
              >
                {row.name}
              </Link>
              <span className="text-slate-400" title={row.city ?? undefined}>
                {row.sysObligorCode}
                {row.members > 1 ? ` · ${row.members} accounts` : ''}
              </span>
            </Td>
            {columns.map((c) => {
              const value = row[c.key] as number;
              return (
                <Td key={c.key} numeric className={value === 0 ? 'text-slate-300' : ''}>
                  <Money value={value} format={money} bare whole />
                </Td>
              );
            })}
            <Td
              numeric
              className={row.overdue > 0 ? 'font-medium text-rose-700' : 'text-slate-300'}
              data-testid="cell-overdue"
              data-value={row.overdue}
            >
              <Money value={row.overdue} format={money} bare whole />
            </Td>
            <Td numeric className="font-medium text-slate-900" data-testid="cell-balance" data-value={row.balance}>
              <Money value={row.balance} format={money} bare whole />
            </Td>
            <Td center>
              <RatingBadge rating={row.rating} />
            </Td>
            <Td numeric data-testid="cell-dso">
              {row.dso == null ? (
                <span className="text-slate-300">-</span>
              ) : (
                <span className="tabular-nums">{row.dso.toFixed(0)} d</span>
              )}
            </Td>
            <Td numeric>
              <UtilisationBar value={row.creditUtilisation} />
            </Td>
            <Td center>
              <CollectionRiskBadge risk={row.collectionRisk} share={row.overduePastB2Share} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
