'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { chequeCalls, type TCheque } from '@/lib/contract/cheques';
import { DateInput } from '@/components/ui/date-input';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { useClientToday } from '@/components/shell/client-clock';

/** The bank's return of a deposited cheque: the memo's date and its reason; the API's messages under each field. */
export function ReturnChequeDialog({
  cheque,
  onClose,
  onDone,
}: {
  cheque: TCheque | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const today = useClientToday();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!cheque) return;
    setBusy(true);
    try {
      await callApi(chequeCalls.return, { params: { id: cheque.id }, body: { date, reason } });
      setDate('');
      setReason('');
      setMessage({});
      onDone();
    } catch (error) {
      const { message: text, fields } = await apiErrorMessage(error);
      setMessage(fields ?? { form: text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={cheque !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl" data-testid="return-cheque-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Cheque returned unpaid</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">
            No. {cheque?.chequeNumber}, {cheque?.bankName}. The return memo starts the s138 clock: the notice is due
            within 30 days of it.
          </p>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 space-y-4">
            {message.form && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {message.form}
              </p>
            )}
            <DateInput
              label="Date of the return memo (default today)"
              value={date}
              max={today}
              onCommit={setDate}
              testId="return-date"
              field="date"
              error={message.date}
            />
            <div>
              <label htmlFor="ret-reason" className="block text-sm font-medium text-slate-700">
                Bank&apos;s reason
              </label>
              <input
                id="ret-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={200}
                placeholder="e.g. Funds insufficient"
                className={inputClass}
              />
              <FieldError id="ret-reason-error" message={message.reason} />
            </div>
            <div className="flex justify-end gap-3">
              <button
                type="button"
                onClick={onClose}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-md bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60"
              >
                {busy ? 'Saving…' : 'Record the return'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
