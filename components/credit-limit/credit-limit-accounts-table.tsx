import Link from 'next/link';
import { hrefWith, PAGE_PARAM } from '@/lib/client/url-state';
import type { TCreditLimitRow } from '@/lib/contract/credit-limits';
import { DataTable, Td } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { currencySign, Money, type MoneyFormat } from '@/components/ui/money';
import { MaybeLink } from '@/components/ui/maybe-link';
import { obligorHref } from '@/components/obligors/customer-params';
import { CreditLimitBadge, ROW_TONES } from './credit-limit-badge';
import { CreditLimitHeader, type CreditLimitTableProps } from './credit-limit-header';
import { Utilisation } from './utilisation';

/**
 * The latest change of the limit (when, and by how much: up in green, down in red), linking to the
 * full history on the account's page when the user may open it.
 */
function LimitHistory({
  row,
  money,
  href,
  allowed,
}: {
  row: TCreditLimitRow;
  money: MoneyFormat;
  href: string;
  allowed: boolean;
}) {
  const link = 'font-medium text-brand-700 hover:underline';
  if (!row.lastChange)
    return allowed ? (
      <Link href={href} className={`text-xs ${link}`} data-testid="history-link">
        History
      </Link>
    ) : (
      <span className="text-slate-300">-</span>
    );
  const { date, previousLimit } = row.lastChange;
  const change = previousLimit == null || row.creditLimit == null ? null : row.creditLimit - previousLimit;
  return (
    <span className="flex flex-col items-end leading-tight" data-testid="last-change">
      <MaybeLink
        allowed={allowed}
        href={href}
        className={`whitespace-nowrap ${link}`}
        data-testid="history-link"
        title="The account's credit limit history"
      >
        <Day iso={date} />
      </MaybeLink>
      <span
        className={`whitespace-nowrap text-xs ${change == null ? 'text-slate-400' : change < 0 ? 'text-rose-700' : 'text-emerald-700'}`}
      >
        {change == null ? (
          'First limit'
        ) : (
          <>
            {change > 0 ? '+' : '−'}
            <Money value={Math.abs(change)} format={money} bare whole />
          </>
        )}
      </span>
    </span>
  );
}

/**
 * Accounts against their own credit limits: breached rows in red, near-breach rows in amber. The
 * account opens its page, the date of its last limit change its credit limit history; the family
 * narrows the list to that family's accounts. Headers sort through the URL.
 */
export function CreditLimitAccountsTable({ rows, money, canOpenCustomers, ...headerProps }: CreditLimitTableProps) {
  const { pathname, params } = headerProps;
  return (
    <DataTable
      label="Credit limits by account"
      testId="credit-limit-accounts-table"
      caption={`Amounts in ${currencySign(money)} (${money.currency})`}
    >
      <CreditLimitHeader nameLabel="Account · family" lastLabel="Limit changed" {...headerProps} />
      <tbody>
        {rows.map((row) => {
          const page = obligorHref(row.sysObligorCode, row.parentSysObligorCode == null);
          return (
            <tr
              key={row.sysObligorCode}
              className={`text-slate-700 ${ROW_TONES[row.status]}`}
              data-testid="credit-limit-row"
              data-code={row.sysObligorCode}
              data-status={row.status}
            >
              <Td className="max-w-72">
                <MaybeLink
                  allowed={canOpenCustomers}
                  href={page}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  title={row.name}
                >
                  {row.name}
                </MaybeLink>
                <span className="flex min-w-0 gap-1 text-xs text-slate-400">
                  <span className="shrink-0">{row.sysObligorCode} ·</span>
                  {row.parentSysObligorCode ? (
                    <Link
                      href={hrefWith(pathname, params, { family: row.parentSysObligorCode, [PAGE_PARAM]: null })}
                      title={`Only the accounts of ${row.parentName}`}
                      className="truncate hover:text-brand-700 hover:underline"
                      data-testid="family-filter-link"
                    >
                      {row.parentName}
                    </Link>
                  ) : (
                    <span>no family</span>
                  )}
                </span>
              </Td>
              <Td className="text-slate-500">{row.dim1 ?? '-'}</Td>
              <Td numeric>
                {row.creditLimit == null ? (
                  <span className="text-slate-300">No limit</span>
                ) : (
                  <Money value={row.creditLimit} format={money} bare whole />
                )}
              </Td>
              <Td numeric className="font-medium text-slate-900" data-testid="cell-exposure" data-value={row.exposure}>
                <Money value={row.exposure} format={money} bare whole />
              </Td>
              <Td numeric>
                {row.available == null ? (
                  <span className="text-slate-300">-</span>
                ) : (
                  <Money value={row.available} format={money} bare whole />
                )}
              </Td>
              <Td numeric>
                <Utilisation row={row} />
              </Td>
              <Td center>
                <CreditLimitBadge status={row.status} />
              </Td>
              <Td numeric>
                <LimitHistory
                  row={row}
                  money={money}
                  href={`${page}#credit-limit-history`}
                  allowed={canOpenCustomers}
                />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
