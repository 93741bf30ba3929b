'use client';

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
import { FormDialog } from '@/components/ui/form-dialog';
import { LabelledField } from '@/components/ui/labelled-field';

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
    <FormDialog
      open={open}
      onClose={close}
      title="Open a dispute"
      description={obligor.name}
      testId="open-dispute-dialog"
      error={form.error}
      onSubmit={onSubmit}
      busy={form.busy}
      submitLabel="Open dispute"
    >
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
        <LabelledField id="dispute-reason" label="Reason" error={form.fields.reason}>
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
        </LabelledField>
        <LabelledField id="dispute-amount" label="Amount disputed (₹)" error={form.fields.amount}>
          <input
            id="dispute-amount"
            name="amount"
            inputMode="decimal"
            defaultValue={fixedInvoices ? String(fixedInvoices.reduce((s, i) => s + i.outstanding, 0).toFixed(2)) : ''}
            placeholder="e.g. 12,500"
            className={`${inputClass} tabular-nums`}
            {...field('amount')}
          />
        </LabelledField>
      </div>
      <LabelledField id="dispute-note" label="What is wrong" optional error={form.fields.note}>
        <textarea
          id="dispute-note"
          name="note"
          rows={2}
          maxLength={1000}
          placeholder="e.g. 20 cartons short on delivery"
          className={inputClass}
          {...field('note')}
        />
      </LabelledField>
    </FormDialog>
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
    <FormDialog
      onClose={onClose}
      title="Resolve the dispute"
      description={`${DISPUTE_REASON_LABELS[dispute.reason]} on ${dispute.invoiceNums.join(', ')}`}
      testId="resolve-dispute-dialog"
      width="max-w-md"
      error={form.error}
      onSubmit={onSubmit}
      busy={form.busy}
      submitLabel="Resolve"
    >
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
      <LabelledField id="dispute-resolution" label="How it was settled" optional error={form.fields.resolution}>
        <textarea
          id="dispute-resolution"
          name="resolution"
          rows={2}
          maxLength={1000}
          className={inputClass}
          aria-invalid={Boolean(form.fields.resolution)}
        />
      </LabelledField>
    </FormDialog>
  );
}
