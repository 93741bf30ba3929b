'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type FormEvent } from 'react';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { useToast } from '@/components/feedback/toast';
import { callApi } from '@/lib/client/api';
import { CORRECT_FIELDS, useContractForm } from '@/lib/client/use-contract-form';
import { creditHoldCalls, ZHoldRulesBody, type THoldRules } from '@/lib/contract/credit-holds';

const number = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return text === '' ? null : Number(text);
};

/** The administrator's hold rules; an empty number switches its rule off. */
export function HoldRulesForm({ rules }: { rules: THoldRules }) {
  const router = useRouter();
  const showToast = useToast();
  const form = useContractForm(ZHoldRulesBody);
  const { fields, busy } = form;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      overLimit: data.get('overLimit') === 'on',
      daysPastDue: number(data.get('daysPastDue')),
      brokenPromises: number(data.get('brokenPromises')),
      returnedCheques: number(data.get('returnedCheques')),
      returnedChequeDays: number(data.get('returnedChequeDays')) ?? undefined,
    };
    void form.submit(event, body, async (input) => {
      await callApi(creditHoldCalls.saveRules, { body: input });
      showToast('Hold rules saved.');
      router.refresh();
    });
  }
  // A refusal that is not a field's (the server's own words) shows as a toast, as a save does.
  useEffect(() => {
    if (form.error && form.error !== CORRECT_FIELDS) showToast(form.error);
  }, [form.error, showToast]);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-4" aria-label="Hold rules">
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
        <input type="checkbox" name="overLimit" defaultChecked={rules.overLimit} />
        Over its own credit limit
      </label>
      <div>
        <label htmlFor="hold-days" className="block text-sm font-medium text-slate-700">
          Debt past due more than (days)
        </label>
        <input
          id="hold-days"
          name="daysPastDue"
          inputMode="numeric"
          defaultValue={rules.daysPastDue ?? ''}
          placeholder="off"
          className={`${inputClass} w-28`}
          aria-invalid={Boolean(fields.daysPastDue)}
        />
        <FieldError id="hold-days-error" message={fields.daysPastDue} />
      </div>
      <div>
        <label htmlFor="hold-promises" className="block text-sm font-medium text-slate-700">
          Broken promises in 90 days
        </label>
        <input
          id="hold-promises"
          name="brokenPromises"
          inputMode="numeric"
          defaultValue={rules.brokenPromises ?? ''}
          placeholder="off"
          className={`${inputClass} w-28`}
          aria-invalid={Boolean(fields.brokenPromises)}
        />
        <FieldError id="hold-promises-error" message={fields.brokenPromises} />
      </div>
      <div>
        <label htmlFor="hold-cheques" className="block text-sm font-medium text-slate-700">
          Cheques returned unpaid
        </label>
        <input
          id="hold-cheques"
          name="returnedCheques"
          inputMode="numeric"
          defaultValue={rules.returnedCheques ?? ''}
          placeholder="off"
          className={`${inputClass} w-28`}
          aria-invalid={Boolean(fields.returnedCheques)}
        />
        <FieldError id="hold-cheques-error" message={fields.returnedCheques} />
      </div>
      <div>
        <label htmlFor="hold-cheque-days" className="block text-sm font-medium text-slate-700">
          in the last (days)
        </label>
        <input
          id="hold-cheque-days"
          name="returnedChequeDays"
          inputMode="numeric"
          defaultValue={rules.returnedChequeDays}
          className={`${inputClass} w-28`}
          aria-invalid={Boolean(fields.returnedChequeDays)}
        />
        <FieldError id="hold-cheque-days-error" message={fields.returnedChequeDays} />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? 'Saving…' : 'Save rules'}
      </button>
    </form>
  );
}
