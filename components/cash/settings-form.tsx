'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { bankCalls, type TCashSettings } from '@/lib/contract/bank';
import { FieldError, inputClass, primaryButton } from '@/components/dunning/styles';

const optionalNumber = (v: FormDataEntryValue | null) => {
  const text = String(v ?? '').trim();
  return text === '' ? null : Number(text);
};

/** The client's cash application settings; empty fields mean no limit, or never applied without a person. */
export function CashSettingsForm({ settings }: { settings: TCashSettings }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<{ message: string; fields?: Record<string, string> } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setSaved(false);
    setError(null);
    try {
      await callApi(bankCalls.saveSettings, {
        body: {
          toleranceRupees: optionalNumber(form.get('toleranceRupees')),
          tolerancePercent: optionalNumber(form.get('tolerancePercent')),
          autoApplyAbove: optionalNumber(form.get('autoApplyAbove')),
          suggestAbove: Number(form.get('suggestAbove')),
          gstPercent: Number(form.get('gstPercent')),
          bankLedger: String(form.get('bankLedger') ?? ''),
          tdsLedger: String(form.get('tdsLedger') ?? ''),
          writeOffLedger: String(form.get('writeOffLedger') ?? ''),
        },
      });
      setSaved(true);
      router.refresh();
    } catch (e) {
      setError(await apiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof TCashSettings, label: string, value: string | number | null, hint?: string) => (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <input
        name={name}
        defaultValue={value ?? ''}
        aria-invalid={error?.fields?.[name] ? true : undefined}
        className={inputClass}
      />
      {hint && <span className="mt-1 block text-xs font-normal text-slate-500">{hint}</span>}
      <FieldError message={error?.fields?.[name]} />
    </label>
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Cash application settings">
      <div className="grid gap-4 md:grid-cols-3">
        {field('toleranceRupees', 'Write off up to (₹)', settings.toleranceRupees, 'Empty: no limit by amount')}
        {field(
          'tolerancePercent',
          'and up to (% of the invoices)',
          settings.tolerancePercent,
          'Empty: no limit by share',
        )}
        {field('gstPercent', 'GST rate to assume (%)', settings.gstPercent, 'For an invoice without its taxable value')}
        {field('suggestAbove', 'Suggest from confidence', settings.suggestAbove, '0 to 1')}
        {field(
          'autoApplyAbove',
          'Apply without a person from confidence',
          settings.autoApplyAbove,
          'Empty: never (every match waits for a confirmation)',
        )}
        <span />
        {field('bankLedger', 'Bank ledger (Tally)', settings.bankLedger)}
        {field('tdsLedger', 'TDS receivable ledger', settings.tdsLedger, '{section} is replaced by 194Q, 194C, 194J')}
        {field('writeOffLedger', 'Write-off ledger', settings.writeOffLedger)}
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          Save settings
        </button>
        {saved && <span className="text-sm text-emerald-700">Saved: the next statement is matched with them.</span>}
        {error && !error.fields && (
          <span role="alert" className="text-sm text-rose-700">
            {error.message}
          </span>
        )}
      </div>
    </form>
  );
}
