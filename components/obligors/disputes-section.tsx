'use client';

import { useState } from 'react';
import { disputeCalls, DISPUTE_OUTCOME_LABELS, DISPUTE_REASON_LABELS, type TDispute } from '@/lib/contract/disputes';
import { useToast } from '@/components/feedback/toast';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';
import { BUTTON, SECONDARY } from '@/components/ui/form-dialog';
import { OpenDisputeDialog, ResolveDisputeDialog } from './dispute-dialogs';

const PAGE = 5;

/**
 * The disputes of a customer (of the whole family on a parent's page), open ones first with their
 * age in days; "Open a dispute" on some of its open invoices, "Resolve" with an outcome.
 */
export function DisputesSection({
  obligorCode,
  obligorName,
  canOpen,
  canResolve,
  money,
}: {
  obligorCode: string;
  obligorName: string;
  canOpen: boolean;
  canResolve: boolean;
  money: MoneyFormat;
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState(false);
  const [resolving, setResolving] = useState<TDispute | null>(null);
  const { state, reload } = usePagedList(disputeCalls.list, {
    query: { sysObligorCode: obligorCode, count: PAGE, offset: page },
  });
  const changed = (message: string) => {
    setPage(1);
    reload();
    toast(message);
  };

  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="disputes-section">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Disputes</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Invoices the customer contests: shown “in dispute”; reminders leave out the amount disputed until resolved.
          </p>
        </div>
        {canOpen && (
          <button type="button" onClick={() => setOpening(true)} className={BUTTON}>
            Open a dispute
          </button>
        )}
      </header>
      {state.status === 'loading' && <TableSkeleton rows={3} columns={4} />}
      {state.status === 'error' && (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      )}
      {state.status === 'ok' && state.rows.length === 0 && (
        <p className="px-5 py-4 text-sm text-slate-500">No invoice of this customer has been disputed.</p>
      )}
      {state.status === 'ok' && state.rows.length > 0 && (
        <>
          <ol className="divide-y divide-slate-100">
            {state.rows.map((row) => (
              <li key={row.id} className="px-5 py-3.5" data-dispute-id={row.id} data-status={row.status}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${row.status === 'OPEN' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-50 text-slate-600 ring-slate-200'}`}
                  >
                    {row.status === 'OPEN'
                      ? `Open ${row.ageDays} day${row.ageDays === 1 ? '' : 's'}`
                      : DISPUTE_OUTCOME_LABELS[row.outcome!]}
                  </span>
                  <span>
                    opened <Day iso={row.openedOn} />{' '}
                    {row.raisedBy === 'PORTAL'
                      ? 'by the customer on the portal'
                      : `by ${row.userName ?? 'a former user'}`}
                  </span>
                  {row.sysObligorCode !== obligorCode && (
                    <span className="font-medium text-slate-700">
                      {row.obligorName} <span className="font-normal text-slate-400">{row.sysObligorCode}</span>
                    </span>
                  )}
                </div>
                <div className="mt-1.5 flex flex-wrap items-start justify-between gap-3">
                  <p className="text-sm text-slate-800">
                    <span className="font-medium">{DISPUTE_REASON_LABELS[row.reason]}</span>:{' '}
                    <Money value={row.amount} format={money} className="font-semibold text-slate-900" /> on{' '}
                    {row.invoiceNums.join(', ')}
                    {row.note && <span className="block text-xs text-slate-500">{row.note}</span>}
                    {row.status === 'RESOLVED' && (
                      <span className="block text-xs text-slate-500">
                        Resolved <Day iso={row.resolvedOn} /> by {row.resolvedByName ?? 'a former user'}
                        {row.resolution ? `: ${row.resolution}` : ''}
                      </span>
                    )}
                  </p>
                  {canResolve && row.status === 'OPEN' && (
                    <button type="button" onClick={() => setResolving(row)} className={SECONDARY}>
                      Resolve
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <SectionPager page={page} count={PAGE} total={state.total} noun="disputes" onPage={setPage} />
        </>
      )}
      {canOpen && (
        <OpenDisputeDialog
          open={opening}
          obligor={{ sysObligorCode: obligorCode, name: obligorName }}
          onClose={() => setOpening(false)}
          onOpened={() => {
            setOpening(false);
            changed('Dispute opened: its invoices are now shown in dispute.');
          }}
        />
      )}
      {resolving && (
        <ResolveDisputeDialog
          dispute={resolving}
          onClose={() => setResolving(null)}
          onResolved={() => {
            setResolving(null);
            changed('Dispute resolved.');
          }}
        />
      )}
    </section>
  );
}
