import Link from 'next/link';
import { hrefWith } from '@/lib/client/url-state';
import { DataTable, Td } from '@/components/ui/data-table';
import { currencySign, Money } from '@/components/ui/money';
import { MaybeLink } from '@/components/ui/maybe-link';
import { obligorHref } from '@/components/obligors/customer-params';
import { CreditLimitBadge, ROW_TONES } from './credit-limit-badge';
import { CreditLimitHeader, type CreditLimitTableProps } from './credit-limit-header';
import { Utilisation } from './utilisation';

/**
 * Parent customers against their credit limits: breached rows in red, near-breach rows in amber.
 * Headers sort through the URL; a name (or History) opens the customer page with its limit history,
 * for a user who may open customer pages.
 */
export function CreditLimitTable({ rows, money, canOpenCustomers, ...headerProps }: CreditLimitTableProps) {
  const { pathname, params } = headerProps;
  return (
    <DataTable
      label="Credit limits"
      testId="credit-limit-table"
      caption={`Amounts in ${currencySign(money)} (${money.currency})`}
    >
      <CreditLimitHeader nameLabel="Customer" lastLabel="Limit history · accounts" {...headerProps} />
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.sysObligorCode}
            className={`text-slate-700 ${ROW_TONES[row.status]}`}
            data-testid="credit-limit-row"
            data-code={row.sysObligorCode}
            data-status={row.status}
          >
            <Td className="max-w-64">
              <MaybeLink
                allowed={canOpenCustomers}
                href={obligorHref(row.sysObligorCode, true)}
                className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                title={row.name}
              >
                {row.name}
              </MaybeLink>
              <span className="text-xs text-slate-400">
                {row.sysObligorCode} · {row.accounts === 1 ? '1 account' : `${row.accounts} accounts`}
                {row.breachedAccounts > 0 && (
                  <span className="ml-1 font-medium text-rose-700" data-testid="breached-accounts">
                    · {row.breachedAccounts} over their own limit
                  </span>
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
            <Td numeric className="whitespace-nowrap">
              {canOpenCustomers && (
                <>
                  <Link
                    href={`${obligorHref(row.sysObligorCode, true)}#credit-limit-history`}
                    className="text-xs font-medium text-brand-700 hover:underline"
                  >
                    History
                  </Link>
                  <span className="px-1 text-slate-300">·</span>
                </>
              )}
              <Link
                href={hrefWith(pathname, {}, { view: 'accounts', family: row.sysObligorCode, date: params.date })}
                className="text-xs font-medium text-brand-700 hover:underline"
                data-testid="family-accounts-link"
                title={`Each account of ${row.name} against its own limit`}
              >
                Accounts
              </Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
