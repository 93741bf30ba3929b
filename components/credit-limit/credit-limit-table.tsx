import Link from 'next/link';
import type { SortOrder } from '@/lib/client/url-state';
import { CREDIT_LIMIT_THRESHOLDS } from '@/lib/domain/credit-limit';
import { formatPercent } from '@/lib/domain/format';
import type { CreditLimitRow } from '@/lib/server/obligors/list-credit-limits';
import { SortableHeader } from '@/components/receivables/sortable-header';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { currencySign, Money, type MoneyFormat } from '@/components/ui/money';
import { obligorHref } from '@/components/obligors/customer-params';
import { CreditLimitBadge, ROW_TONES } from './credit-limit-badge';

/** Utilisation as a figure and a bar drawn against the limit; the bar's tone is the row's band. */
function Utilisation({ row }: { row: CreditLimitRow }) {
  if (row.utilisation == null) return <span className="text-slate-300">-</span>;
  const tone = row.status === 'BREACHED' ? 'bg-rose-500' : row.status === 'NEAR' ? 'bg-amber-400' : 'bg-emerald-500';
  return (
    <span className="inline-flex items-center justify-end gap-2" data-testid="utilisation" data-value={row.utilisation}>
      <span className={`tabular-nums ${row.status === 'BREACHED' ? 'font-semibold text-rose-700' : row.status === 'NEAR' ? 'font-medium text-amber-800' : ''}`}>
        {formatPercent(row.utilisation)}
      </span>
      <span className="relative h-1.5 w-14 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${Math.min(100, Math.max(0, row.utilisation))}%` }} />
        <span className="absolute inset-y-0 w-px bg-slate-400" style={{ left: `${CREDIT_LIMIT_THRESHOLDS.near}%` }} />
      </span>
    </span>
  );
}

/**
 * Parent customers against their credit limits: breached rows in red, near-breach rows in amber.
 * Headers sort through the URL; a name (or History) opens the customer page with its limit history.
 */
export function CreditLimitTable({ rows, money, sort, pathname, params, dim1Name }: {
  rows: CreditLimitRow[];
  money: MoneyFormat;
  sort: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
  dim1Name: string;
}) {
  const header = { active: sort, pathname, params };
  return (
    <DataTable label="Credit limits" testId="credit-limit-table" caption={`Amounts in ${currencySign(money)} (${money.currency})`}>
      <thead>
        <tr>
          <SortableHeader column="name" label="Customer" firstOrder="ASC" {...header} />
          <Th>{dim1Name}</Th>
          <SortableHeader column="creditLimit" label="Credit limit" numeric {...header} />
          <SortableHeader column="exposure" label="Exposure" numeric {...header} />
          <SortableHeader column="available" label="Available" numeric firstOrder="ASC" {...header} />
          <SortableHeader column="utilisation" label="Utilisation" numeric {...header} />
          <Th center>Status</Th>
          <Th numeric>Limit history</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.sysObligorCode} className={`text-slate-700 ${ROW_TONES[row.status]}`} data-testid="credit-limit-row"
            data-code={row.sysObligorCode} data-status={row.status}>
            <Td className="max-w-64">
              <Link href={obligorHref(row.sysObligorCode, true)} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline" title={row.name}>
                {row.name}
              </Link>
              <span className="text-xs text-slate-400">{row.sysObligorCode}{row.members > 1 ? ` · ${row.members} accounts` : ''}</span>
            </Td>
            <Td className="text-slate-500">{row.dim1 ?? '-'}</Td>
            <Td numeric>{row.creditLimit == null ? <span className="text-slate-300">No limit</span> : <Money value={row.creditLimit} format={money} bare whole />}</Td>
            <Td numeric className="font-medium text-slate-900" data-testid="cell-exposure" data-value={row.exposure}><Money value={row.exposure} format={money} bare whole /></Td>
            <Td numeric>{row.available == null ? <span className="text-slate-300">-</span> : <Money value={row.available} format={money} bare whole />}</Td>
            <Td numeric><Utilisation row={row} /></Td>
            <Td center><CreditLimitBadge status={row.status} /></Td>
            <Td numeric>
              <Link href={obligorHref(row.sysObligorCode, true)} className="text-xs font-medium text-brand-700 hover:underline">History</Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
