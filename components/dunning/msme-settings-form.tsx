'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { msmeCalls, type TMsmeSettings } from '@/lib/contract/msme';
import { formatDayInput, parseDayInput } from '@/lib/domain/day-input';
import { MSME_CATEGORIES } from '@/lib/domain/msmed-interest';
import { FieldError, inputClass, primaryButton } from './styles';

const ratesText = (s: TMsmeSettings) =>
  s.bankRates.map((r) => `${formatDayInput(r.effectiveFrom)} ${r.ratePercent}`).join('\n');

/**
 * The client as an MSME supplier: its Udyam registration and category (MSMED interest is owed to
 * micro and small enterprises), whether reminders and statements state the interest, the GST rate of the interest
 * debit note, and the RBI Bank Rate table (one "dd/mm/yyyy rate" a line; left as shipped, the
 * product's cited table is used).
 */
export function MsmeSettingsForm() {
  const [settings, setSettings] = useState<TMsmeSettings | null>(null);
  const [values, setValues] = useState({
    udyamNumber: '',
    category: '',
    add: false,
    statements: false,
    gst: '18',
    rates: '',
  });
  const [touched, setTouched] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  function show(s: TMsmeSettings) {
    setSettings(s);
    setValues({
      udyamNumber: s.udyamNumber ?? '',
      category: s.category ?? '',
      add: s.addInterestToReminders,
      statements: s.addInterestToStatements,
      gst: String(s.interestGstRate),
      rates: ratesText(s),
    });
    setTouched(false);
  }

  useEffect(() => {
    callApi(msmeCalls.settings, { query: {} })
      .then(show)
      .catch(() => undefined);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const lines = values.rates.split('\n').filter((l) => l.trim());
    const bankRates = lines.map((line) => {
      const [day, rate] = line.trim().split(/\s+/);
      return { effectiveFrom: parseDayInput(day ?? '') ?? day ?? '', ratePercent: rate ?? '' };
    });
    setBusy(true);
    try {
      const answer = await callApi(msmeCalls.saveSettings, {
        body: {
          udyamNumber: values.udyamNumber,
          category: values.category,
          addInterestToReminders: values.add,
          addInterestToStatements: values.statements,
          interestGstRate: values.gst,
          bankRates: settings?.defaultRates && !touched ? [] : bankRates,
        },
      });
      show(answer);
      setFields({});
      setSaved(true);
    } catch (error) {
      const { message, fields: f } = await apiErrorMessage(error);
      setFields(f ?? { form: message });
    } finally {
      setBusy(false);
    }
  }

  if (!settings) return null;
  const bankRateError = Object.entries(fields).find(([k]) => k.startsWith('bankRates'))?.[1];
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4" aria-label="MSME settings">
      {fields.form && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {fields.form}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="msme-udyam" className="block text-sm font-medium text-slate-700">
            Udyam registration number
          </label>
          <input
            id="msme-udyam"
            value={values.udyamNumber}
            placeholder="UDYAM-MH-26-0012345"
            onChange={(e) => setValues((v) => ({ ...v, udyamNumber: e.target.value }))}
            aria-invalid={Boolean(fields.udyamNumber)}
            className={inputClass}
          />
          <FieldError message={fields.udyamNumber} />
        </div>
        <div>
          <label htmlFor="msme-category" className="block text-sm font-medium text-slate-700">
            Category
          </label>
          <select
            id="msme-category"
            value={values.category}
            onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
            className={inputClass}
          >
            <option value="">Not registered</option>
            {MSME_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c.charAt(0) + c.slice(1).toLowerCase()}
              </option>
            ))}
          </select>
          <FieldError message={fields.category} />
        </div>
        <div>
          <label htmlFor="msme-gst" className="block text-sm font-medium text-slate-700">
            GST on interest debit notes (%)
          </label>
          <input
            id="msme-gst"
            inputMode="decimal"
            value={values.gst}
            onChange={(e) => setValues((v) => ({ ...v, gst: e.target.value }))}
            aria-invalid={Boolean(fields.interestGstRate)}
            className={inputClass}
          />
          <FieldError message={fields.interestGstRate} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={values.add}
          onChange={(e) => setValues((v) => ({ ...v, add: e.target.checked }))}
        />
        State the interest accrued in reminders ({'{{msmeInterest}}'}, {'{{msmeLine}}'})
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={values.statements}
          onChange={(e) => setValues((v) => ({ ...v, statements: e.target.checked }))}
        />
        State the interest accrued on statements of account (screen, PDF and workbook)
      </label>
      <div>
        <label htmlFor="msme-rates" className="block text-sm font-medium text-slate-700">
          RBI Bank Rate: one &ldquo;dd/mm/yyyy rate&rdquo; a line, each in force from its day
        </label>
        <textarea
          id="msme-rates"
          rows={6}
          value={values.rates}
          onChange={(e) => {
            setTouched(true);
            setValues((v) => ({ ...v, rates: e.target.value }));
          }}
          aria-invalid={Boolean(bankRateError)}
          className={`${inputClass} font-mono`}
        />
        <p className="mt-1 text-xs text-slate-500">
          {settings.defaultRates
            ? 'The product’s table, from the RBI’s announcements (docs/msme-and-cheques.md); add each new rate the RBI announces.'
            : 'Your own table.'}
        </p>
        <FieldError message={bankRateError} />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Save MSME settings'}
        </button>
        {saved && (
          <span role="status" className="text-sm text-emerald-700">
            MSME settings saved.
          </span>
        )}
      </div>
    </form>
  );
}
