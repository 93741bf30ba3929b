'use client';

import Link from 'next/link';
import { useState } from 'react';
import { chequeCalls } from '@/lib/contract/cheques';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';

const PAGE = 10;

/**
 * Cheques in hand, not yet deposited, oldest cheque date first: each with the last day the bank
 * will pay it (three months from its date). A post-dated one is deposited on or after its date.
 */
export function ChequesDueSection({
  money,
  today,
  canOpenCustomers,
}: {
  money: MoneyFormat;
  today: string;
  canOpenCustomers: boolean;
}) {
  const [page, setPage] = useState(1);
  const { state } = usePagedList(chequeCalls.list, { query: { dueToDeposit: 'true', count: PAGE, offset: page } });
  if (state.status === 'ok' && state.total === 0) return null;
  return (
    <section
      aria-label="Cheques due to deposit"
      className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="cheques-due"
    >
      <header className="border-b border-slate-100 px-5 py-3">
        <h3 className="text-sm font-semibold text-slate-900">Cheques due to deposit</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Received and not yet deposited, oldest first. A cheque is valid three months from its date.
        </p>
      </header>
      {state.status === 'loading' && <TableSkeleton rows={2} columns={5} />}
      {state.status === 'error' && (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      )}
      {state.status === 'ok' && (
        <>
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-5 py-2">Customer</th>
                  <th className="px-3 py-2">Cheque</th>
                  <th className="px-3 py-2">Dated</th>
                  <th className="px-3 py-2">Valid until</th>
                  <th className="px-5 py-2 text-right">Amount</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {state.rows.map((c) => {
                  const ready = c.chequeDate <= today;
                  const stale = c.validUntil < today;
                  return (
                    <tr key={c.id} data-cheque-id={c.id}>
                      <td className="px-5 py-2">
                        {canOpenCustomers ? (
                          <Link
                            href={`/borrowers/obligors/${encodeURIComponent(c.sysObligorCode)}`}
                            className="font-medium text-brand-700 hover:underline"
                          >
                            {c.obligorName}
                          </Link>
                        ) : (
                          <span className="font-medium">{c.obligorName}</span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        No. {c.chequeNumber}, {c.bankName}
                        {c.postDated && <span className="ml-1 text-xs text-slate-500">(PDC)</span>}
                      </td>
                      <td className="px-3 py-2">
                        <Day iso={c.chequeDate} />
                        {ready && !stale && (
                          <span className="ml-1 text-xs font-medium text-emerald-700">deposit now</span>
                        )}
                      </td>
                      <td className={`px-3 py-2 ${stale ? 'font-medium text-rose-700' : ''}`}>
                        <Day iso={c.validUntil} />
                        {stale && <span className="ml-1 text-xs">(stale)</span>}
                      </td>
                      <td className="px-5 py-2 text-right">
                        <Money value={c.amount} format={money} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <SectionPager page={page} count={PAGE} total={state.total} noun="cheques" onPage={setPage} />
        </>
      )}
    </section>
  );
}
