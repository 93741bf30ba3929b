'use client';

import { useState } from 'react';
import { CHANNEL_LABELS, type TChannel, type TCommunication } from '@/lib/contract/communications';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { useToast } from '@/components/feedback/toast';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { LogCommunicationForm } from '@/components/contacts/log-communication-form';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';

const INR: MoneyFormat = { currency: 'INR', locale: 'en-IN' };

const CHANNEL_TONE: Record<TChannel, string> = {
  CALL: 'bg-sky-50 text-sky-700 ring-sky-200',
  EMAIL: 'bg-violet-50 text-violet-700 ring-violet-200',
  VISIT: 'bg-amber-50 text-amber-800 ring-amber-200',
  PROMISE_TO_PAY: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  WHATSAPP: 'bg-green-50 text-green-800 ring-green-200',
};

/**
 * The collection notes of an obligor (of the whole family on a parent's page), newest first, ten a
 * page, with a form to log a new one. The list asks the API again only after a new note.
 */
export function CommunicationsSection({
  obligorCode,
  canLog,
  money = INR,
}: {
  obligorCode: string;
  canLog: boolean;
  money?: MoneyFormat;
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [logging, setLogging] = useState(false);
  const { state, reload } = usePagedList<TCommunication>(`communications/obligors/${encodeURIComponent(obligorCode)}`, {
    count: DEFAULT_PAGE_SIZE,
    offset: page,
    order: 'DESC',
  });

  function onLogged() {
    setLogging(false);
    setPage(1);
    reload();
    toast('Communication logged.');
  }

  return (
    <section
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="communications-section"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Communications</h3>
          <p className="mt-0.5 text-xs text-slate-500">Calls, emails, visits and promises to pay, newest first.</p>
        </div>
        {canLog && !logging && (
          <button
            type="button"
            onClick={() => setLogging(true)}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Log communication
          </button>
        )}
      </header>
      {canLog && logging && (
        <LogCommunicationForm obligorCode={obligorCode} onLogged={onLogged} onCancel={() => setLogging(false)} />
      )}
      {state.status === 'loading' && <TableSkeleton rows={4} columns={3} />}
      {state.status === 'error' && (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      )}
      {state.status === 'ok' && state.rows.length === 0 && (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      )}
      {state.status === 'ok' && state.rows.length > 0 && (
        <>
          <ol className="divide-y divide-slate-100">
            {state.rows.map((row) => (
              <CommunicationItem key={row.id} row={row} obligorCode={obligorCode} money={money} />
            ))}
          </ol>
          <SectionPager
            page={page}
            count={DEFAULT_PAGE_SIZE}
            total={state.total}
            noun="communications"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function CommunicationItem({
  row,
  obligorCode,
  money,
}: {
  row: TCommunication;
  obligorCode: string;
  money: MoneyFormat;
}) {
  return (
    <li className="px-5 py-3.5" data-communication-id={row.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${CHANNEL_TONE[row.channel]}`}
        >
          {CHANNEL_LABELS[row.channel]}
        </span>
        <Day iso={row.commDate} />
        <span>by {row.userName ?? 'a former user'}</span>
        {/* On a parent's page the family's notes are mixed: say whose each one is. */}
        {row.sysObligorCode !== obligorCode && (
          <span className="font-medium text-slate-700">
            {row.obligorName} <span className="font-normal text-slate-400">{row.sysObligorCode}</span>
          </span>
        )}
      </div>
      <p className="mt-1.5 whitespace-pre-line text-sm text-slate-800">{row.summary}</p>
      {(row.promisedAmount !== null || row.followUpDate) && (
        <p className="mt-1.5 flex flex-wrap gap-x-4 text-xs text-slate-600">
          {row.promisedAmount !== null && (
            <span>
              Promised <Money value={row.promisedAmount} format={money} className="font-medium text-slate-900" />
            </span>
          )}
          {row.followUpDate && (
            <span>
              Follow up <Day iso={row.followUpDate} />
            </span>
          )}
        </p>
      )}
    </li>
  );
}
