'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { addDays, format, parseISO } from 'date-fns';
import { promiseCalls, ZTakePromiseBody } from '@/lib/contract/promises';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { formatMoney } from '@/lib/domain/format';
import { PROMISE_MAX_DAYS_AHEAD } from '@/lib/domain/promises';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { DateInput } from '@/components/ui/date-input';
import { useToast } from '@/components/feedback/toast';
import { LabelledField } from '@/components/ui/labelled-field';
import { PortalPanel } from './portal-panel';

/**
 * The customer's own "Promise to pay": an amount (at most what they owe) by a day (from today, at
 * most 90 days ahead), through the collectors' POST /promises, which checks both again; a parent's
 * promise covers its whole family. Reminders of the promised money wait until the day.
 */
export function PromisePanel({
  code,
  isParent,
  owed,
  today,
}: {
  code: string;
  isParent: boolean;
  owed: number;
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const [promisedDate, setPromisedDate] = useState('');
  const [taken, setTaken] = useState<string | null>(null);
  const form = useContractForm(ZTakePromiseBody);
  const router = useRouter();
  const toast = useToast();
  const latest = format(addDays(parseISO(today), PROMISE_MAX_DAYS_AHEAD), 'yyyy-MM-dd');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      sysObligorCode: code,
      amount: String(data.get('amount') ?? ''),
      promisedDate,
      onFamily: isParent,
      // Written by the customer themselves: the nearest of the collectors' channels.
      channel: 'EMAIL' as const,
      note: `Promised on the customer portal. ${String(data.get('note') ?? '')}`.trim(),
    };
    void form.submit(event, body, async (input) => {
      const promise = await callApi(promiseCalls.take, { body: input });
      setTaken(`${formatMoney(promise.amount)} by ${promise.promisedDate.split('-').reverse().join('/')}`);
      setOpen(false);
      toast('Thank you: your supplier has your promise to pay.');
      router.refresh();
    });
  }

  if (owed <= 0) return null;
  const field = (name: string) => form.aria('promise', name);
  return (
    <PortalPanel
      title="Promise to pay"
      description="Cannot pay today? Tell us how much you will pay and by when: we hold back reminders until that day."
      testId="promise-panel"
      action={
        !open && (
          <button
            type="button"
            onClick={() => {
              form.reset();
              setOpen(true);
            }}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Promise to pay
          </button>
        )
      }
    >
      {taken && !open && (
        <p className="mt-3 text-sm text-emerald-700" data-testid="promise-taken">
          Your promise of {taken} is with your supplier.
        </p>
      )}
      {open && (
        <form onSubmit={onSubmit} noValidate className="mt-4" aria-label="Your promise to pay">
          {form.error && (
            <p role="alert" className="mb-2 text-sm text-rose-700">
              {form.error}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-3">
            <LabelledField id="promise-amount" label="Amount (₹)" error={form.fields.amount}>
              <input
                id="promise-amount"
                name="amount"
                inputMode="decimal"
                className={inputClass}
                {...field('amount')}
              />
              {!form.fields.amount && (
                <p className="mt-1 text-xs text-slate-500">Up to what you owe: your balance is {formatMoney(owed)}.</p>
              )}
            </LabelledField>
            <div>
              <DateInput
                label="We will pay by"
                value={promisedDate}
                onCommit={setPromisedDate}
                min={today}
                max={latest}
                field="promisedDate"
                error={form.fields.promisedDate}
                testId="promise-date"
              />
            </div>
            <LabelledField id="promise-note" label="Note (optional)" error={form.fields.note}>
              <input id="promise-note" name="note" maxLength={900} className={inputClass} {...field('note')} />
            </LabelledField>
          </div>
          <FieldError id="promise-onFamily-error" message={form.fields.onFamily} />
          <div className="mt-3 flex gap-2">
            <button
              type="submit"
              disabled={form.busy}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            >
              {form.busy ? 'Sending…' : 'Send promise'}
            </button>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </PortalPanel>
  );
}
