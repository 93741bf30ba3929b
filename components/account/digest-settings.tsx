'use client';

import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import {
  digestCalls,
  ZDigestSubscriptionBody,
  type TDigestPreview,
  type TDigestSubscription,
} from '@/lib/contract/digest';
import { formatInstant } from '@/lib/domain/instants';
import { BusyText } from '@/components/feedback/busy-text';
import { ScheduleFields, weekdayName } from '@/components/dunning/schedule-fields';
import { primaryButton, secondaryButton } from '@/components/dunning/styles';
import { formatDay } from '@/components/ui/day';

const FREQUENCIES = ['DAILY', 'WEEKLY'] as const;

/**
 * The user's email digest of the dashboard: on or off, daily or weekly on a weekday; a preview of
 * the mail as it would go now (nothing is sent), Save, and the last digests sent with any failure.
 */
export function DigestSettings({ initial }: { initial: TDigestSubscription }) {
  const [subscription, setSubscription] = useState(initial);
  const [values, setValues] = useState(() => ({
    enabled: initial.saved ? initial.enabled : true,
    frequency: initial.frequency,
    weekday: String(initial.weekday ?? 1),
  }));
  const form = useContractForm(ZDigestSubscriptionBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);
  const [preview, setPreview] = useState<TDigestPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    const body = {
      enabled: values.enabled,
      frequency: values.frequency,
      ...(values.frequency === 'WEEKLY' ? { weekday: values.weekday } : {}),
    };
    void form.submit(event, body, async (parsed) => {
      setSubscription(await callApi(digestCalls.saveSubscription, { body: parsed }));
      setSaved(true);
    });
  }

  async function showPreview() {
    setPreviewError(null);
    setPreviewing(true);
    try {
      setPreview(await callApi(digestCalls.preview, { body: { frequency: values.frequency } }));
    } catch (e) {
      setPreviewError((await apiErrorMessage(e)).message);
    } finally {
      setPreviewing(false);
    }
  }

  const hour = `${String(subscription.hour).padStart(2, '0')}:00`;
  const when =
    values.frequency === 'DAILY'
      ? `every morning at ${hour}`
      : `every ${weekdayName(values.weekday) ?? 'Monday'} at ${hour}`;

  return (
    <div className="space-y-4" data-testid="digest-settings">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Email digest">
        {error && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <ScheduleFields
            idPrefix="digest"
            enabledLabel="Email me the digest"
            enabled={values.enabled}
            onEnabled={(enabled) => setValues((v) => ({ ...v, enabled }))}
            frequencies={FREQUENCIES}
            frequency={values.frequency}
            onFrequency={(frequency) => setValues((v) => ({ ...v, frequency }))}
            dayId="digest-weekday"
            day={values.weekday}
            onDay={(weekday) => setValues((v) => ({ ...v, weekday }))}
            dayError={fields.weekday}
          />
        </div>
        <p className="text-xs text-slate-500">
          To {subscription.email}, {when} ({subscription.timeZone} time): balance and overdue with their change, the
          collection KPIs, the next 4 weeks of the cash-in forecast, promises due and broken, the 10 largest movers and
          new disputes, for the customers you see; the dashboard workbook attached.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className={secondaryButton} disabled={previewing} onClick={showPreview}>
            {previewing ? <BusyText>Reading the figures…</BusyText> : 'Preview'}
          </button>
          {saved && (
            <span role="status" className="text-sm text-emerald-700">
              {subscription.enabled ? 'Digest saved.' : 'Digest switched off.'}
            </span>
          )}
        </div>
      </form>
      {previewError && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {previewError}
        </p>
      )}
      {preview && (
        <div className="rounded-lg border border-slate-200" data-testid="digest-preview">
          <div className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm">
            <div>
              <span className="text-slate-500">To:</span> {preview.to}
            </div>
            <div>
              <span className="text-slate-500">Subject:</span> <span className="font-medium">{preview.subject}</span>
            </div>
            <div>
              <span className="text-slate-500">Attached:</span> {preview.attachment}
            </div>
          </div>
          {/* The mail's text part: the HTML part says the same, and a frame of it would fall under the page's policy. */}
          <div className="max-h-[32rem] overflow-y-auto whitespace-pre-wrap px-4 py-3 text-sm leading-relaxed text-slate-800">
            {preview.text}
          </div>
        </div>
      )}
      {subscription.sends.length > 0 && (
        <div>
          <h4 className="text-sm font-medium text-slate-700">Last digests</h4>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="digest-sends">
            {subscription.sends.map((s) => (
              <li
                key={s.period}
                data-status={s.status}
                className={`py-2 ${s.status === 'FAILED' ? 'text-rose-800' : 'text-slate-700'}`}
              >
                {formatDay(s.asOf)}: {s.status === 'SENT' ? 'sent' : s.status === 'FAILED' ? 'not sent' : 'sending'} to{' '}
                {s.recipient}, {formatInstant(s.sentAt, subscription.timeZone)}
                {s.error && <span className="ml-2 text-xs">({s.error})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
