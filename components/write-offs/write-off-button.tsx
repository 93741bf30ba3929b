'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { writeOffCalls, ZWriteOffBody } from '@/lib/contract/write-offs';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { BUTTON, SECONDARY } from '@/components/obligors/dispute-dialogs';
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
      <Dialog open={open} onClose={close} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
        <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
          <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl" data-testid="write-off-dialog">
            <DialogTitle className="text-lg font-semibold text-slate-900">
              Write off invoice {invoice.invoiceNum}
            </DialogTitle>
            <p className="mt-1 text-sm text-slate-500">
              {invoice.customer} · <Money value={invoice.outstanding} format={money} /> open. A second person with the
              write-off permission approves it before it reaches the ledger.
            </p>
            <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
              {form.error && (
                <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  {form.error}
                </p>
              )}
              <div>
                <label htmlFor="write-off-amount" className="block text-sm font-medium text-slate-700">
                  Amount to write off (₹)
                </label>
                <input
                  id="write-off-amount"
                  name="amount"
                  inputMode="decimal"
                  defaultValue={invoice.outstanding.toFixed(2)}
                  className={`${inputClass} tabular-nums`}
                  {...field('amount')}
                />
                <FieldError id="write-off-amount-error" message={form.fields.amount} />
              </div>
              <div>
                <label htmlFor="write-off-reason" className="block text-sm font-medium text-slate-700">
                  Why the debt is bad
                </label>
                <textarea
                  id="write-off-reason"
                  name="reason"
                  rows={3}
                  maxLength={500}
                  placeholder="e.g. Customer closed the shop; legal notice returned undelivered"
                  className={inputClass}
                  {...field('reason')}
                />
                <FieldError id="write-off-reason-error" message={form.fields.reason} />
              </div>
              <div className="flex justify-end gap-3">
                <button type="button" onClick={close} className={SECONDARY}>
                  Cancel
                </button>
                <button type="submit" disabled={form.busy} className={BUTTON}>
                  {form.busy ? 'Sending…' : 'Ask for approval'}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
