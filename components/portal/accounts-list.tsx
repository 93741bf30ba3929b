import Link from 'next/link';
import { ACCOUNT_LIST_LIMIT, type TAccountType } from '@/lib/contract/portal';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';

/** Postpaid customers by what they owe, or prepaid ones by their advance (lowest first: who must top up). */
export async function AccountsList({ accountType, search }: { accountType: TAccountType; search?: string }) {
  const { backend, clientSettings } = await pageGate();
  const rows = await backend.portal.accounts({ query: { accountType, obligorName: search } });
  const money = await clientSettings();
  const base = accountType === 'PREPAID' ? '/customerportal/prepaid' : '/customerportal/postpaid';
  if (!rows.length)
    return (
      <div className="p-5">
        <WarningBox
          kind="empty"
          message={search ? `No ${accountType.toLowerCase()} customer matches “${search}”.` : undefined}
        />
      </div>
    );
  return (
    <DataTable
      label={`${accountType === 'PREPAID' ? 'Prepaid' : 'Postpaid'} accounts`}
      testId="accounts"
      caption={`${rows.length === ACCOUNT_LIST_LIMIT ? `First ${ACCOUNT_LIST_LIMIT}: filter by name or code to find others · ` : ''}Amounts in ${money.currency}`}
    >
      <thead>
        <tr>
          <Th>Customer</Th>
          <Th>City</Th>
          {accountType === 'PREPAID' ? (
            <>
              <Th numeric>Advance balance</Th>
              <Th>Last top-up</Th>
            </>
          ) : (
            <>
              <Th numeric>Outstanding</Th>
              <Th numeric>Overdue</Th>
              <Th numeric>Credit limit</Th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <Tr key={r.sysObligorCode}>
            <Td>
              <Link
                href={`${base}/${encodeURIComponent(r.sysObligorCode)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {r.name}
              </Link>
              <span className="ml-2 text-xs text-slate-400">{r.sysObligorCode}</span>
            </Td>
            <Td className="text-slate-500">{r.city ?? '-'}</Td>
            {accountType === 'PREPAID' ? (
              <>
                <Td numeric>{r.advance == null ? '-' : <Money value={r.advance} format={money} bare />}</Td>
                <Td>
                  <Day iso={r.lastTopup} />
                </Td>
              </>
            ) : (
              <>
                <Td numeric>
                  <Money value={r.outstanding} format={money} bare />
                </Td>
                <Td numeric className={r.overdue > 0 ? 'text-rose-700' : 'text-slate-500'}>
                  <Money value={r.overdue} format={money} bare />
                </Td>
                <Td numeric>
                  {r.creditLimit == null ? (
                    <span className="text-slate-400">not set</span>
                  ) : (
                    <Money value={r.creditLimit} format={money} bare />
                  )}
                </Td>
              </>
            )}
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
