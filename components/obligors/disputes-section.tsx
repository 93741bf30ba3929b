'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import {
  disputeCalls,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type TDispute,
  type TDisputeOutcome,
  type TDisputeReason,
} from '@/lib/contract/disputes';
import { useToast } from '@/components/feedback/toast';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { SectionPager } from '@/components/contacts/section-pager';
import { usePagedList } from '@/components/contacts/use-paged-list';
import { InvoicePicker } from '@/components/tasks/invoice-picker';

const PAGE = 5;

const BUTTON =
  'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const SECONDARY =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

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
            Invoices the customer contests: shown “in dispute” and left out of reminders until resolved.
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

function useApiForm() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await run();
      setFields({});
    } catch (err) {
      const result = await apiErrorMessage(err);
      setFields(result.fields ?? {});
      setError(result.fields ? 'Please correct the highlighted fields.' : result.message);
    } finally {
      setBusy(false);
    }
  }
  const reset = () => {
    setFields({});
    setError(null);
  };
  return { fields, error, busy, submit, reset };
}

function FormAlert({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {error}
    </p>
  );
}

/** A dispute on some open invoices of the customer: reason, amount contested and a note. */
export function OpenDisputeDialog({
  open,
  obligor,
  invoices: fixedInvoices,
  onClose,
  onOpened,
}: {
  open: boolean;
  obligor: { sysObligorCode: string; name: string };
  /** Invoices chosen already (the portal's row): no picker then. */
  invoices?: { sysInvoiceNum: string; invoiceNum: string; outstanding: number }[];
  onClose: () => void;
  onOpened: (dispute: TDispute) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [reason, setReason] = useState<TDisputeReason>('PRICING');
  const form = useApiForm();
  const close = () => {
    form.reset();
    setPicked([]);
    onClose();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void form.submit(async () => {
      const dispute = await callApi(disputeCalls.open, {
        body: {
          sysInvoiceNums: fixedInvoices ? fixedInvoices.map((i) => i.sysInvoiceNum) : picked,
          reason,
          amount: String(data.get('amount') ?? '') as unknown as number,
          note: String(data.get('note') ?? ''),
        },
      });
      setPicked([]);
      onOpened(dispute);
    });
  }

  const field = (name: string) => ({
    'aria-invalid': Boolean(form.fields[name]),
    'aria-describedby': `dispute-${name}-error`,
  });
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl" data-testid="open-dispute-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Open a dispute</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{obligor.name}</p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <FormAlert error={form.error} />
            {fixedInvoices ? (
              <div>
                <p className="text-sm font-medium text-slate-700">Invoice</p>
                <p className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900">
                  {fixedInvoices.map((i) => i.invoiceNum).join(', ')}
                </p>
                <FieldError id="dispute-sysInvoiceNums-error" message={form.fields.sysInvoiceNums} />
              </div>
            ) : (
              <InvoicePicker
                sysObligorCode={obligor.sysObligorCode}
                selected={picked}
                onChange={setPicked}
                error={form.fields.sysInvoiceNums}
              />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="dispute-reason" className="block text-sm font-medium text-slate-700">
                  Reason
                </label>
                <select
                  id="dispute-reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value as TDisputeReason)}
                  className={inputClass}
                  {...field('reason')}
                >
                  {DISPUTE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {DISPUTE_REASON_LABELS[r]}
                    </option>
                  ))}
                </select>
                <FieldError id="dispute-reason-error" message={form.fields.reason} />
              </div>
              <div>
                <label htmlFor="dispute-amount" className="block text-sm font-medium text-slate-700">
                  Amount disputed (₹)
                </label>
                <input
                  id="dispute-amount"
                  name="amount"
                  inputMode="decimal"
                  defaultValue={
                    fixedInvoices ? String(fixedInvoices.reduce((s, i) => s + i.outstanding, 0).toFixed(2)) : ''
                  }
                  placeholder="e.g. 12,500"
                  className={`${inputClass} tabular-nums`}
                  {...field('amount')}
                />
                <FieldError id="dispute-amount-error" message={form.fields.amount} />
              </div>
            </div>
            <div>
              <label htmlFor="dispute-note" className="block text-sm font-medium text-slate-700">
                What is wrong <span className="font-normal text-slate-400">(optional)</span>
              </label>
              <textarea
                id="dispute-note"
                name="note"
                rows={2}
                maxLength={1000}
                placeholder="e.g. 20 cartons short on delivery"
                className={inputClass}
                {...field('note')}
              />
              <FieldError id="dispute-note-error" message={form.fields.note} />
            </div>
            <div className="flex justify-end gap-3">
              <button type="button" onClick={close} className={SECONDARY}>
                Cancel
              </button>
              <button type="submit" disabled={form.busy} className={BUTTON}>
                {form.busy ? 'Saving…' : 'Open dispute'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function ResolveDisputeDialog({
  dispute,
  onClose,
  onResolved,
}: {
  dispute: TDispute;
  onClose: () => void;
  onResolved: (dispute: TDispute) => void;
}) {
  const [outcome, setOutcome] = useState<TDisputeOutcome>('CREDIT_NOTE');
  const form = useApiForm();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void form.submit(async () => {
      const resolved = await callApi(disputeCalls.resolve, {
        params: { id: dispute.id },
        body: { outcome, resolution: String(data.get('resolution') ?? '') },
      });
      onResolved(resolved);
    });
  }

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl" data-testid="resolve-dispute-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Resolve the dispute</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">
            {DISPUTE_REASON_LABELS[dispute.reason]} on {dispute.invoiceNums.join(', ')}
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <FormAlert error={form.error} />
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">Outcome</legend>
              <div className="mt-1 space-y-1">
                {DISPUTE_OUTCOMES.map((o) => (
                  <label key={o} className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="radio" name="outcome" checked={outcome === o} onChange={() => setOutcome(o)} />
                    {DISPUTE_OUTCOME_LABELS[o]}
                  </label>
                ))}
              </div>
              <FieldError id="dispute-outcome-error" message={form.fields.outcome} />
            </fieldset>
            <div>
              <label htmlFor="dispute-resolution" className="block text-sm font-medium text-slate-700">
                How it was settled <span className="font-normal text-slate-400">(optional)</span>
              </label>
              <textarea
                id="dispute-resolution"
                name="resolution"
                rows={2}
                maxLength={1000}
                className={inputClass}
                aria-invalid={Boolean(form.fields.resolution)}
              />
              <FieldError id="dispute-resolution-error" message={form.fields.resolution} />
            </div>
            <div className="flex justify-end gap-3">
              <button type="button" onClick={onClose} className={SECONDARY}>
                Cancel
              </button>
              <button type="submit" disabled={form.busy} className={BUTTON}>
                {form.busy ? 'Saving…' : 'Resolve'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
