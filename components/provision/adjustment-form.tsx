'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { provisionCalls, ZProvisionAdjustmentBody, type ProvisionSegmentation } from '@/lib/contract/provision';
import { FieldError, inputClass, primaryButton } from '@/components/dunning/styles';

/** A segment's forward-looking adjustment: a percent of its historical rates, and why (kept in the edit log). */
export function AdjustmentForm({
  segmentBy,
  segmentKey,
  segment,
  adjustment,
}: {
  segmentBy: ProvisionSegmentation;
  segmentKey: string;
  segment: string;
  adjustment: { percent: number; reason: string } | null;
}) {
  const router = useRouter();
  const [values, setValues] = useState({
    percent: adjustment ? String(adjustment.percent) : '0',
    reason: adjustment?.reason ?? '',
  });
  const form = useContractForm(ZProvisionAdjustmentBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    void form.submit(event, { ...values, segmentBy, key: segmentKey }, async (body) => {
      await callApi(provisionCalls.adjust, { body });
      setSaved(true);
      router.refresh();
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Forward-looking adjustment of ${segment}`}
      className="flex flex-wrap items-start gap-3"
    >
      {error && (
        <p role="alert" className="w-full rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="w-32">
        <label htmlFor={`adj-${segmentKey}-percent`} className="block text-xs font-medium text-slate-500">
          Adjustment (%)
        </label>
        <input
          id={`adj-${segmentKey}-percent`}
          inputMode="decimal"
          value={values.percent}
          onChange={(e) => setValues((v) => ({ ...v, percent: e.target.value }))}
          aria-invalid={Boolean(fields.percent)}
          className={inputClass}
        />
        <FieldError message={fields.percent} />
      </div>
      <div className="min-w-72 flex-1">
        <label htmlFor={`adj-${segmentKey}-reason`} className="block text-xs font-medium text-slate-500">
          Reason (what is expected, and from what source)
        </label>
        <input
          id={`adj-${segmentKey}-reason`}
          value={values.reason}
          placeholder="e.g. RBI projects slower growth; dealers in the region report stretched collections"
          onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
          aria-invalid={Boolean(fields.reason)}
          className={inputClass}
        />
        <FieldError message={fields.reason} />
      </div>
      <div className="flex items-center gap-3 pt-5">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Save adjustment'}
        </button>
        {saved && (
          <span role="status" className="text-sm text-emerald-700">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}
