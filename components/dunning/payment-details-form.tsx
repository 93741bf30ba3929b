'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { dunningCalls, ZPaymentDetailsBody, type TPaymentDetails } from '@/lib/contract/dunning';
import { FieldError, inputClass, primaryButton } from './styles';

const FIELDS: { name: keyof TPaymentDetails; label: string; placeholder: string }[] = [
  { name: 'upiVpa', label: 'UPI address (VPA)', placeholder: 'vardhmantrading@icici' },
  { name: 'bankName', label: 'Bank and branch', placeholder: 'ICICI Bank, Kolhapur Main Branch' },
  { name: 'bankAccountName', label: 'Account name', placeholder: 'Vardhman Trading Company Pvt Ltd' },
  { name: 'bankAccountNumber', label: 'Account number', placeholder: '012305004567' },
  { name: 'bankIfsc', label: 'IFSC', placeholder: 'ICIC0000123' },
  { name: 'upiLimit', label: 'UPI up to (₹; above it, bank transfer)', placeholder: '100000' },
];

/** Where customers pay: printed with a UPI link and QR code on every reminder, statement and portal page. */
export function PaymentDetailsForm({ details }: { details: TPaymentDetails }) {
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f.name, String(details[f.name] ?? '')])),
  );
  const form = useContractForm(ZPaymentDetailsBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    void form.submit(event, values, async (body) => {
      const answer = await callApi(dunningCalls.savePaymentDetails, { body });
      setValues(Object.fromEntries(FIELDS.map((f) => [f.name, String(answer[f.name] ?? '')])));
      setSaved(true);
      router.refresh();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Payment details">
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`pay-${f.name}`} className="block text-sm font-medium text-slate-700">
              {f.label}
            </label>
            <input
              id={`pay-${f.name}`}
              value={values[f.name]}
              placeholder={f.placeholder}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              aria-invalid={Boolean(fields[f.name])}
              className={inputClass}
            />
            <FieldError message={fields[f.name]} />
          </div>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Save payment details'}
        </button>
        {saved && (
          <span role="status" className="text-sm text-emerald-700">
            Payment details saved.
          </span>
        )}
      </div>
    </form>
  );
}
