'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { writeOffCalls, ZWriteOffBody } from '@/lib/contract/write-offs';
import { inputClass } from '@/components/contacts/form-field';
import { FormDialog, SECONDARY } from '@/components/ui/form-dialog';
import { LabelledField } from '@/components/ui/labelled-field';
import { Money, type MoneyFormat } from '@/components/ui/money';

/**
 * "Write off" on an open invoice: the amount (at most what is open) and why the debt is bad. The
 * request waits for a second holder of the permission to approve it on the Write-offs page.
 */
export function WriteOffButton({
  invoice,
  money,
}: {
  invoice: { sysInvoiceNum: string; invoiceNum: string; customer: string; outstanding: number };
  money: MoneyFormat;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const form = useContractForm(ZWriteOffBody);
  const close = () => {
    form.reset();
    setOpen(false);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      sysInvoiceNum: invoice.sysInvoiceNum,
      amount: String(data.get('amount') ?? '').replace(/,/g, ''),
      reason: String(data.get('reason') ?? ''),
    };
    void form.submit(event, body, async (input) => {
      await callApi(writeOffCalls.request, { body: ZWriteOffBody.parse(input) });
      setAsked(true);
      setOpen(false);
      router.refresh();
    });
  }

  const field = (name: string) => form.aria('write-off', name);
  return (
    <>
      {asked ? (
        <p role="status" className="text-sm text-slate-600">
          Write-off asked: waiting for a second approver.
        </p>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className={SECONDARY}>
          Write off
        </button>
      )}
      <FormDialog
        open={open}
        onClose={close}
        title={`Write off invoice ${invoice.invoiceNum}`}
        description={
          <>
            {invoice.customer} · <Money value={invoice.outstanding} format={money} /> open. A second person with the
            write-off permission approves it before it reaches the ledger.
          </>
        }
        testId="write-off-dialog"
        error={form.error}
        onSubmit={onSubmit}
        busy={form.busy}
        submitLabel="Ask for approval"
        busyLabel="Sending…"
      >
        <LabelledField id="write-off-amount" label="Amount to write off (₹)" error={form.fields.amount}>
          <input
            id="write-off-amount"
            name="amount"
            inputMode="decimal"
            defaultValue={invoice.outstanding.toFixed(2)}
            className={`${inputClass} tabular-nums`}
            {...field('amount')}
          />
        </LabelledField>
        <LabelledField id="write-off-reason" label="Why the debt is bad" error={form.fields.reason}>
          <textarea
            id="write-off-reason"
            name="reason"
            rows={3}
            maxLength={500}
            placeholder="e.g. Customer closed the shop; legal notice returned undelivered"
            className={inputClass}
            {...field('reason')}
          />
        </LabelledField>
      </FormDialog>
    </>
  );
}
