'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { chequeCalls, ZReceiveChequeBody, type TCheque } from '@/lib/contract/cheques';
import { CHEQUE_STATUS_LABELS, type TChequeStatus } from '@/lib/domain/cheques';
import { useToast } from '@/components/feedback/toast';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { DateInput } from '@/components/ui/date-input';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';
import { useClientToday } from '@/components/shell/client-clock';
import { InvoicePicker } from '@/components/tasks/invoice-picker';
import { ReturnChequeDialog } from './return-cheque-dialog';

const PAGE = 5;

const TONE: Record<TChequeStatus, string> = {
  RECEIVED: 'bg-sky-50 text-sky-700 ring-sky-200',
  DEPOSITED: 'bg-amber-50 text-amber-800 ring-amber-200',
  CLEARED: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  RETURNED: 'bg-rose-50 text-rose-700 ring-rose-200',
};

const BUTTON =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50';

/**
 * The cheque register of a customer: each cheque with its state and validity; deposit, clear or
 * record a return; a post-dated cheque is a promise to pay on its date; a return shows the s138 dates.
 */
export function ChequesSection({
  obligorCode,
  obligorName,
  canRecord,
  money,
}: {
  obligorCode: string;
  obligorName: string;
  canRecord: boolean;
  money: MoneyFormat;
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [receiving, setReceiving] = useState(false);
  const [returning, setReturning] = useState<TCheque | null>(null);
  const { state, reload } = usePagedList(chequeCalls.list, {
    query: { sysObligorCode: obligorCode, count: PAGE, offset: page },
  });
  const bounces = useBounces(obligorCode, state.status === 'ok' ? state.rows.map((r) => r.status).join() : '');

  async function step(cheque: TCheque, what: 'deposit' | 'clear') {
    try {
      await callApi(chequeCalls[what], { params: { id: cheque.id }, body: {} });
      toast(what === 'deposit' ? 'Cheque marked deposited.' : 'Cheque marked cleared.');
      reload();
    } catch (error) {
      const { message, fields } = await apiErrorMessage(error);
      toast(fields?.date ?? message);
    }
  }

  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="cheques-section">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Cheques</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            A post-dated cheque counts as a promise to pay on its date. Valid three months from its date.{' '}
            <span data-testid="bounce-count" className={bounces ? 'font-semibold text-rose-700' : ''}>
              {bounces === null ? '' : bounces === 0 ? 'No cheque returned.' : `Bounced: ${bounces} returned unpaid.`}
            </span>
          </p>
        </div>
        {canRecord && (
          <button
            type="button"
            onClick={() => setReceiving(true)}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Record a cheque
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
        <p className="px-5 py-4 text-sm text-slate-500">No cheque has been recorded from this customer.</p>
      )}
      {state.status === 'ok' && state.rows.length > 0 && (
        <>
          <ol className="divide-y divide-slate-100">
            {state.rows.map((c) => (
              <li key={c.id} className="px-5 py-3.5" data-cheque-id={c.id} data-status={c.status}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${TONE[c.status]}`}
                  >
                    {CHEQUE_STATUS_LABELS[c.status]}
                  </span>
                  {c.postDated && <span className="font-medium text-slate-700">PDC</span>}
                  <span>
                    received <Day iso={c.receivedOn} />
                  </span>
                  {c.status === 'RECEIVED' && (
                    <span>
                      valid until <Day iso={c.validUntil} />
                    </span>
                  )}
                </div>
                <p className="mt-1.5 text-sm text-slate-800">
                  No. {c.chequeNumber}, {c.bankName}:{' '}
                  <Money value={c.amount} format={money} className="font-semibold text-slate-900" /> dated{' '}
                  <Day iso={c.chequeDate} />
                  {c.sysInvoiceNums.length > 0 && (
                    <span className="text-slate-500"> · for {c.sysInvoiceNums.join(', ')}</span>
                  )}
                </p>
                {c.status === 'RETURNED' && c.s138 && (
                  <p className="mt-1 text-xs text-rose-800" data-testid="s138-dates">
                    Returned <Day iso={c.returnedOn!} /> ({c.returnReason}). s138: notice by{' '}
                    <Day iso={c.s138.noticeDueBy} />, drawer pays by <Day iso={c.s138.drawerPaysBy} />, complaint by{' '}
                    <Day iso={c.s138.complaintDueBy} />.
                  </p>
                )}
                {canRecord && c.status !== 'CLEARED' && c.status !== 'RETURNED' && (
                  <div className="mt-2 flex gap-2">
                    {c.status === 'RECEIVED' && (
                      <button type="button" className={BUTTON} onClick={() => void step(c, 'deposit')}>
                        Deposited
                      </button>
                    )}
                    {c.status === 'DEPOSITED' && (
                      <>
                        <button type="button" className={BUTTON} onClick={() => void step(c, 'clear')}>
                          Cleared
                        </button>
                        <button type="button" className={BUTTON} onClick={() => setReturning(c)}>
                          Returned unpaid
                        </button>
                      </>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ol>
          <SectionPager page={page} count={PAGE} total={state.total} noun="cheques" onPage={setPage} />
        </>
      )}
      {canRecord && (
        <ReceiveChequeDialog
          open={receiving}
          obligor={{ sysObligorCode: obligorCode, name: obligorName }}
          onClose={() => setReceiving(false)}
          onDone={(c) => {
            setReceiving(false);
            setPage(1);
            reload();
            toast(c.promiseId ? 'Post-dated cheque recorded as a promise to pay on its date.' : 'Cheque recorded.');
          }}
        />
      )}
      <ReturnChequeDialog
        cheque={returning}
        onClose={() => setReturning(null)}
        onDone={() => {
          setReturning(null);
          reload();
          toast('Cheque return recorded: the s138 tasks are on the task list.');
        }}
      />
    </section>
  );
}

/** The customer's returned cheques, counted over the whole register (not only the page shown). */
function useBounces(code: string, stamp: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    callApi(chequeCalls.list, { query: { sysObligorCode: code, status: 'RETURNED', count: 1, offset: 1 } })
      .then((page) => {
        if (live) setCount(page.total);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, stamp]);
  return count;
}

function ReceiveChequeDialog({
  open,
  obligor,
  onClose,
  onDone,
}: {
  open: boolean;
  obligor: { sysObligorCode: string; name: string };
  onClose: () => void;
  onDone: (cheque: TCheque) => void;
}) {
  const today = useClientToday();
  const [chequeDate, setChequeDate] = useState('');
  const [receivedOn, setReceivedOn] = useState('');
  const [invoices, setInvoices] = useState<string[]>([]);
  const form = useContractForm(ZReceiveChequeBody);
  const { fields, error, busy } = form;

  function close() {
    form.reset();
    setInvoices([]);
    setChequeDate('');
    setReceivedOn('');
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      sysObligorCode: obligor.sysObligorCode,
      chequeNumber: text('chequeNumber'),
      bankName: text('bankName'),
      chequeDate,
      receivedOn,
      amount: text('amount'),
      sysInvoiceNums: invoices,
    };
    void form.submit(event, body, async (input) => {
      const cheque = await callApi(chequeCalls.receive, { body: input });
      close();
      onDone(cheque);
    });
  }

  const field = (name: string) => form.aria('chq', name);
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl" data-testid="receive-cheque-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Record a cheque</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{obligor.name}</p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="chq-chequeNumber" className="block text-sm font-medium text-slate-700">
                  Cheque number
                </label>
                <input
                  id="chq-chequeNumber"
                  name="chequeNumber"
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="e.g. 004512"
                  className={`${inputClass} tabular-nums`}
                  {...field('chequeNumber')}
                />
                <FieldError id="chq-chequeNumber-error" message={fields.chequeNumber} />
              </div>
              <div>
                <label htmlFor="chq-bankName" className="block text-sm font-medium text-slate-700">
                  Bank
                </label>
                <input
                  id="chq-bankName"
                  name="bankName"
                  maxLength={120}
                  placeholder="e.g. HDFC Bank, Pune"
                  className={inputClass}
                  {...field('bankName')}
                />
                <FieldError id="chq-bankName-error" message={fields.bankName} />
              </div>
              <div>
                <label htmlFor="chq-amount" className="block text-sm font-medium text-slate-700">
                  Amount (₹)
                </label>
                <input
                  id="chq-amount"
                  name="amount"
                  inputMode="decimal"
                  placeholder="e.g. 1,25,000"
                  className={`${inputClass} tabular-nums`}
                  {...field('amount')}
                />
                <FieldError id="chq-amount-error" message={fields.amount} />
              </div>
              <div>
                <DateInput
                  label="Date on the cheque"
                  value={chequeDate}
                  onCommit={setChequeDate}
                  testId="chq-date"
                  field="chequeDate"
                  error={fields.chequeDate}
                />
              </div>
              <div>
                <DateInput
                  label="Received on (default today)"
                  value={receivedOn}
                  max={today}
                  onCommit={setReceivedOn}
                  testId="chq-received"
                  field="receivedOn"
                  error={fields.receivedOn}
                />
              </div>
            </div>
            <InvoicePicker
              sysObligorCode={obligor.sysObligorCode}
              selected={invoices}
              onChange={setInvoices}
              error={fields.sysInvoiceNums}
            />
            <div className="flex justify-end gap-3">
              <button
                type="button"
                onClick={close}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {busy ? 'Saving…' : 'Record cheque'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
