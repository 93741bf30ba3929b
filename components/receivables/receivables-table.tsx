import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import type { RatingLabel } from '@/lib/domain/rating';
import type { BucketColumn, BucketKey } from './bucket-columns';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { currencySign, Money, type MoneyFormat } from '@/components/ui/money';
import { OnAccount } from './on-account';
import { RatingBadge } from './rating-badge';
import { SortableHeader } from './sortable-header';

export type ReceivableFigures = Record<BucketKey | 'overdue' | 'balance' | 'unallocated' | 'netBalance', number>;

export interface ReceivableListRow extends ReceivableFigures {
  sysObligorCode: string;
  name: string;
  rating: RatingLabel;
  /** What the row's customers contest in open disputes. */
  disputed?: number;
}

export interface TotalsRow {
  label: string;
  figures: ReceivableFigures;
}

/**
 * Receivables per parent customer (or per customer of one family): the bucket columns of the
 * chosen basis, overdue, balance and the weighted rating. Headers sort through the URL. Where money
 * was received on account and not yet allocated to invoices, the balance cell says how much beneath
 * the balance (the net balance on hover).
 */
export function ReceivablesTable({
  rows,
  columns,
  money,
  totals,
  rowHref,
  rowAction,
  sort,
  pathname,
  params,
}: {
  rows: ReceivableListRow[];
  columns: BucketColumn[];
  money: MoneyFormat;
  totals: TotalsRow | null;
  rowHref: (row: ReceivableListRow) => string;
  rowAction?: (row: ReceivableListRow) => { href: string; label: string };
  sort: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
}) {
  const header = { active: sort, pathname, params };
  const showDisputed = rows.some((row) => row.disputed !== undefined);
  const showUnallocated = rows.some((row) => row.unallocated !== 0) || (totals?.figures.unallocated ?? 0) !== 0;
  return (
    <DataTable
      label="Receivables"
      testId="receivables-table"
      dense
      caption={`Amounts in ${currencySign(money)} (${money.currency})`}
    >
      <thead>
        <tr>
          <SortableHeader column="name" label="Customer" firstOrder="ASC" {...header} />
          {columns.map((c) => (
            <SortableHeader key={c.key} column={c.key} label={c.label} numeric {...header} />
          ))}
          <SortableHeader column="overdue" label="Overdue" numeric {...header} />
          <SortableHeader column="balance" label="Balance" numeric {...header} />
          {showDisputed && <Th numeric>Disputed</Th>}
          <SortableHeader column="obligorWeightedRating" label="Rating" center {...header} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={row.sysObligorCode} data-testid="receivable-row" data-code={row.sysObligorCode}>
            <Td className="min-w-36 max-w-44">
              <Link
                href={rowHref(row)}
                className="block text-[13px] font-medium leading-snug text-slate-900 hover:text-brand-700 hover:underline"
                title={row.name}
                data-testid="receivable-name"
              >
                {row.name}
              </Link>
              <span className="text-slate-400">{row.sysObligorCode}</span>
              {rowAction && (
                <Link href={rowAction(row).href} className="ml-2 font-medium text-brand-700 hover:underline">
                  {rowAction(row).label}
                </Link>
              )}
            </Td>
            {columns.map((c) => (
              <Td key={c.key} numeric className={row[c.key] === 0 ? 'text-slate-300' : ''}>
                <Money value={row[c.key]} format={money} bare />
              </Td>
            ))}
            <Td
              numeric
              className={row.overdue > 0 ? 'font-medium text-rose-700' : 'text-slate-300'}
              data-testid="cell-overdue"
              data-value={row.overdue}
            >
              <Money value={row.overdue} format={money} bare />
            </Td>
            <Td numeric className="font-medium text-slate-900" data-testid="cell-balance" data-value={row.balance}>
              <Money value={row.balance} format={money} bare />
              {showUnallocated && (
                <OnAccount value={row.unallocated} net={row.netBalance} money={money} testId="cell-unallocated" />
              )}
            </Td>
            {showDisputed && (
              <Td
                numeric
                className={row.disputed ? 'text-amber-800' : 'text-slate-300'}
                data-testid="cell-disputed"
                data-value={row.disputed ?? 0}
              >
                <Money value={row.disputed ?? 0} format={money} bare />
              </Td>
            )}
            <Td center>
              <RatingBadge rating={row.rating} />
            </Td>
          </Tr>
        ))}
      </tbody>
      {totals && (
        <tfoot>
          <tr className="bg-slate-50/80 font-semibold text-slate-900" data-testid="receivables-totals">
            <Td className="border-b-0 border-t border-slate-200 text-[11px] font-semibold uppercase tracking-wide text-slate-600">
              {totals.label}
            </Td>
            {columns.map((c) => (
              <Td key={c.key} numeric className="border-b-0 border-t border-slate-200">
                <Money value={totals.figures[c.key]} format={money} bare />
              </Td>
            ))}
            <Td
              numeric
              className="border-b-0 border-t border-slate-200 text-rose-700"
              data-testid="total-overdue"
              data-value={totals.figures.overdue}
            >
              <Money value={totals.figures.overdue} format={money} bare />
            </Td>
            <Td
              numeric
              className="border-b-0 border-t border-slate-200"
              data-testid="total-balance"
              data-value={totals.figures.balance}
            >
              <Money value={totals.figures.balance} format={money} bare />
              {showUnallocated && (
                <OnAccount
                  value={totals.figures.unallocated}
                  net={totals.figures.netBalance}
                  money={money}
                  testId="total-unallocated"
                />
              )}
            </Td>
            {showDisputed && <Td className="border-b-0 border-t border-slate-200" />}
            <Td className="border-b-0 border-t border-slate-200" />
          </tr>
        </tfoot>
      )}
    </DataTable>
  );
}
