'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import {
  disputeCalls,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type TDispute,
  type TDisputeOutcome,
  type TDisputeReason,
  ZOpenDisputeBody,
  ZResolveDisputeBody,
} from '@/lib/contract/disputes';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { InvoicePicker } from '@/components/tasks/invoice-picker';

export const BUTTON =
  'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
export const SECONDARY =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

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
  const form = useContractForm(ZOpenDisputeBody);
  const close = () => {
    form.reset();
    setPicked([]);
    onClose();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      sysInvoiceNums: fixedInvoices ? fixedInvoices.map((i) => i.sysInvoiceNum) : picked,
      reason,
      amount: String(data.get('amount') ?? ''),
      note: String(data.get('note') ?? ''),
    };
    void form.submit(event, body, async (input) => {
      const dispute = await callApi(disputeCalls.open, { body: input });
      setPicked([]);
      onOpened(dispute);
    });
  }

  const field = (name: string) => form.aria('dispute', name);
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
                required
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

export function ResolveDisputeDialog({
  dispute,
  onClose,
  onResolved,
}: {
  dispute: TDispute;
  onClose: () => void;
  onResolved: (dispute: TDispute) => void;
}) {
  const [outcome, setOutcome] = useState<TDisputeOutcome>('CREDIT_NOTE');
  const form = useContractForm(ZResolveDisputeBody);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = { outcome, resolution: String(data.get('resolution') ?? '') };
    void form.submit(event, body, async (input) => {
      onResolved(await callApi(disputeCalls.resolve, { params: { id: dispute.id }, body: input }));
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
