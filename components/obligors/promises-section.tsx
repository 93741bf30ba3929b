'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { promiseCalls, ZTakePromiseBody, type TPromise } from '@/lib/contract/promises';
import {
  latestPromiseDate,
  PROMISE_CHANNEL_LABELS,
  PROMISE_STATUS_LABELS,
  TAKEN_CHANNELS,
  type TPromiseStatus,
} from '@/lib/domain/promises';
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

const PAGE = 5;

export const PROMISE_TONE: Record<TPromiseStatus, string> = {
  OPEN: 'bg-sky-50 text-sky-700 ring-sky-200',
  KEPT: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200',
  BROKEN: 'bg-rose-50 text-rose-700 ring-rose-200',
};

/**
 * The promises to pay of a customer (of the whole family on a parent's page), latest promised date
 * first, with their status and what has been paid towards them, and a dialog to take a new one.
 */
export function PromisesSection({
  obligorCode,
  obligorName,
  isParent,
  canTake,
  money,
}: {
  obligorCode: string;
  obligorName: string;
  isParent: boolean;
  canTake: boolean;
  money: MoneyFormat;
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [taking, setTaking] = useState(false);
  const { state, reload } = usePagedList(promiseCalls.list, {
    query: { sysObligorCode: obligorCode, count: PAGE, offset: page },
  });

  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="promises-section">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Promises to pay</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Kept when the payments since the promise reach the amount by its date; checked after each import.
          </p>
        </div>
        {canTake && (
          <button
            type="button"
            onClick={() => setTaking(true)}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Take a promise
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
        <p className="px-5 py-4 text-sm text-slate-500">No promise to pay has been taken from this customer.</p>
      )}
      {state.status === 'ok' && state.rows.length > 0 && (
        <>
          <ol className="divide-y divide-slate-100">
            {state.rows.map((row) => (
              <PromiseItem key={row.id} row={row} obligorCode={obligorCode} money={money} />
            ))}
          </ol>
          <SectionPager page={page} count={PAGE} total={state.total} noun="promises" onPage={setPage} />
        </>
      )}
      {canTake && (
        <TakePromiseDialog
          open={taking}
          obligor={{ sysObligorCode: obligorCode, name: obligorName }}
          isParent={isParent}
          onClose={() => setTaking(false)}
          onTaken={() => {
            setTaking(false);
            setPage(1);
            reload();
            toast('Promise to pay recorded and logged as a communication.');
          }}
        />
      )}
    </section>
  );
}

function PromiseItem({ row, obligorCode, money }: { row: TPromise; obligorCode: string; money: MoneyFormat }) {
  return (
    <li className="px-5 py-3.5" data-promise-id={row.id} data-status={row.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${PROMISE_TONE[row.status]}`}
        >
          {PROMISE_STATUS_LABELS[row.status]}
        </span>
        <span>
          taken <Day iso={row.takenOn} /> by {row.userName ?? 'a former user'} ({PROMISE_CHANNEL_LABELS[row.channel]})
        </span>
        {row.sysObligorCode !== obligorCode && (
          <span className="font-medium text-slate-700">
            {row.obligorName} <span className="font-normal text-slate-400">{row.sysObligorCode}</span>
          </span>
        )}
      </div>
      <p className="mt-1.5 text-sm text-slate-800">
        <Money value={row.amount} format={money} className="font-semibold text-slate-900" /> by{' '}
        <Day iso={row.promisedDate} />
        {row.promisedBy && <span className="text-slate-500"> · promised by {row.promisedBy}</span>}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600">
        <span>
          Paid towards it <Money value={row.paidAmount} format={money} className="font-medium text-slate-900" />
        </span>
        <span>
          {row.sysInvoiceNums.length
            ? `On ${row.sysInvoiceNums.length} invoice${row.sysInvoiceNums.length === 1 ? '' : 's'}`
            : row.onFamily
              ? 'On the whole family'
              : 'On the account'}
        </span>
      </p>
    </li>
  );
}

/** The dialog of a new promise; the API's field messages show under each field. */
export function TakePromiseDialog({
  open,
  obligor,
  isParent,
  onClose,
  onTaken,
}: {
  open: boolean;
  obligor: { sysObligorCode: string; name: string };
  isParent: boolean;
  onClose: () => void;
  onTaken: (promise: TPromise) => void;
}) {
  const today = useClientToday();
  const [channel, setChannel] = useState<(typeof TAKEN_CHANNELS)[number]>('CALL');
  const [promisedDate, setPromisedDate] = useState('');
  const [invoices, setInvoices] = useState<string[]>([]);
  const [onFamily, setOnFamily] = useState(isParent);
  const form = useContractForm(ZTakePromiseBody);
  const { fields, error, busy } = form;

  function close() {
    form.reset();
    setInvoices([]);
    setPromisedDate('');
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      sysObligorCode: obligor.sysObligorCode,
      amount: text('amount'),
      promisedDate,
      channel,
      onFamily,
      sysInvoiceNums: invoices,
      promisedBy: text('promisedBy'),
      note: text('note'),
    };
    void form.submit(event, body, async (input) => {
      const promise = await callApi(promiseCalls.take, { body: input });
      close();
      onTaken(promise);
    });
  }

  const field = (name: string) => form.aria('ptp', name);
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl" data-testid="take-promise-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Take a promise to pay</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{obligor.name}</p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="ptp-amount" className="block text-sm font-medium text-slate-700">
                  Amount promised (₹)
                </label>
                <input
                  id="ptp-amount"
                  name="amount"
                  inputMode="decimal"
                  placeholder="e.g. 1,25,000"
                  className={`${inputClass} tabular-nums`}
                  {...field('amount')}
                />
                <FieldError id="ptp-amount-error" message={fields.amount} />
              </div>
              <div>
                <DateInput
                  label="Promised by"
                  value={promisedDate}
                  min={today}
                  max={latestPromiseDate(today)}
                  onCommit={setPromisedDate}
                  testId="ptp-date"
                  field="promisedDate"
                  error={fields.promisedDate}
                />
              </div>
              <div>
                <label htmlFor="ptp-channel" className="block text-sm font-medium text-slate-700">
                  Taken on
                </label>
                <select
                  id="ptp-channel"
                  value={channel}
                  onChange={(e) => setChannel(e.target.value as (typeof TAKEN_CHANNELS)[number])}
                  className={inputClass}
                  {...field('channel')}
                >
                  {TAKEN_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {PROMISE_CHANNEL_LABELS[c]}
                    </option>
                  ))}
                </select>
                <FieldError id="ptp-channel-error" message={fields.channel} />
              </div>
              <div>
                <label htmlFor="ptp-by" className="block text-sm font-medium text-slate-700">
                  Who promised <span className="font-normal text-slate-400">(optional)</span>
                </label>
                <input
                  id="ptp-by"
                  name="promisedBy"
                  maxLength={200}
                  placeholder="e.g. Mr Shah, accounts"
                  className={inputClass}
                  {...field('promisedBy')}
                />
                <FieldError id="ptp-promisedBy-error" message={fields.promisedBy} />
              </div>
            </div>
            {isParent && (
              <div>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" checked={onFamily} onChange={(e) => setOnFamily(e.target.checked)} />
                  Payments by any account of the family count
                </label>
                <FieldError id="ptp-onFamily-error" message={fields.onFamily} />
              </div>
            )}
            <InvoicePicker
              sysObligorCode={obligor.sysObligorCode}
              selected={invoices}
              onChange={setInvoices}
              error={fields.sysInvoiceNums}
            />
            <div>
              <label htmlFor="ptp-note" className="block text-sm font-medium text-slate-700">
                Note <span className="font-normal text-slate-400">(optional)</span>
              </label>
              <textarea
                id="ptp-note"
                name="note"
                rows={2}
                maxLength={1000}
                placeholder="e.g. NEFT after the month-end close"
                className={inputClass}
                {...field('note')}
              />
              <FieldError id="ptp-note-error" message={fields.note} />
            </div>
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
                {busy ? 'Saving…' : 'Take promise'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
