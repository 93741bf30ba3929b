'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { dunningCalls, type TPaymentDetails } from '@/lib/contract/dunning';
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
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    setSaved(false);
    try {
      const answer = await callApi(dunningCalls.savePaymentDetails, { body: values });
      setValues(Object.fromEntries(FIELDS.map((f) => [f.name, String(answer[f.name] ?? '')])));
      setSaved(true);
      router.refresh();
    } catch (e) {
      const { message, fields: f } = await apiErrorMessage(e);
      setError(message);
      setFields(f ?? {});
    } finally {
      setBusy(false);
    }
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
