'use client';

import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { msmeCalls } from '@/lib/contract/msme';
import { FieldError, inputClass } from '@/components/contacts/form-field';

/** A customer's MSMED terms: the credit days agreed in writing (the law counts up to 45) and the opt-out. */
export function MsmeTermsForm({
  code,
  agreedCreditDays,
  optOut,
  onSaved,
}: {
  code: string;
  agreedCreditDays: number | null;
  optOut: boolean;
  onSaved: () => void;
}) {
  const [days, setDays] = useState(agreedCreditDays === null ? '' : String(agreedCreditDays));
  const [out, setOut] = useState(optOut);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await callApi(msmeCalls.saveTerms, { params: { code }, body: { agreedCreditDays: days, optOut: out } });
      setError(undefined);
      onSaved();
    } catch (e) {
      const { message, fields } = await apiErrorMessage(e);
      setError(fields?.agreedCreditDays ?? message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-wrap items-end gap-3 border-t border-slate-100 px-5 py-3"
      aria-label="MSMED terms"
    >
      <div>
        <label htmlFor="msme-days" className="block text-xs font-medium text-slate-600">
          Credit days agreed in writing (blank: none, 15 days)
        </label>
        <input
          id="msme-days"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className={`${inputClass} w-28 tabular-nums`}
          aria-invalid={Boolean(error)}
        />
      </div>
      <label className="flex items-center gap-2 pb-2 text-xs text-slate-700">
        <input type="checkbox" checked={out} onChange={(e) => setOut(e.target.checked)} />
        Do not claim interest from this customer
      </label>
      <button
        type="submit"
        disabled={busy}
        className="mb-0.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {busy ? 'Saving…' : 'Save terms'}
      </button>
      <FieldError id="msme-days-error" message={error} />
    </form>
  );
}
