'use client';

import { DateInput } from '@/components/ui/date-input';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import {
  CHANNEL_LABELS,
  communicationCalls,
  COMMUNICATION_CHANNELS,
  SUMMARY_MAX_LENGTH,
  type TChannel,
  type TCommunication,
  ZLogCommunicationBody,
} from '@/lib/contract/communications';
import { useClientToday } from '@/components/shell/client-clock';
import { FieldError, inputClass } from './form-field';

const SUMMARY_PLACEHOLDER: Record<TChannel, string> = {
  CALL: 'e.g. Spoke to the accounts head; payment will be released after month-end closing.',
  EMAIL: 'e.g. Sent the statement of account and asked for balance confirmation.',
  VISIT: 'e.g. Met the owner at the godown; collected a cheque for part of the overdue.',
  PROMISE_TO_PAY: 'e.g. Promised NEFT against the two oldest invoices by Friday.',
  WHATSAPP: 'e.g. Sent the overdue list on WhatsApp; the owner replied he will pay on Monday.',
};

/** Logs a call, email, visit or promise to pay on one obligor; the API's field messages show under each field. */
export function LogCommunicationForm({
  obligorCode,
  onLogged,
  onCancel,
}: {
  obligorCode: string;
  onLogged: (row: TCommunication) => void;
  onCancel: () => void;
}) {
  const today = useClientToday();
  const [channel, setChannel] = useState<TChannel>('CALL');
  const [commDate, setCommDate] = useState(today);
  const [summary, setSummary] = useState('');
  const form = useContractForm(ZLogCommunicationBody);
  const { fields, error, busy } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      commDate,
      channel,
      summary,
      followUpDate: String(data.get('followUpDate') ?? ''),
      promisedAmount: channel === 'PROMISE_TO_PAY' ? String(data.get('promisedAmount') ?? '') : undefined,
    };
    void form.submit(event, body, async (input) => {
      const row = await callApi(communicationCalls.log, { params: { code: obligorCode }, body: input });
      setSummary('');
      onLogged(row);
    });
  }

  const field = (name: string) => form.aria('comm', name);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 border-b border-slate-100 bg-slate-50/60 px-5 py-4"
      aria-label="Log a communication"
    >
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <DateInput
            label="Date"
            value={commDate}
            max={today}
            onCommit={setCommDate}
            testId="comm-date"
            field="commDate"
            error={fields.commDate}
          />
        </div>
        <div>
          <label htmlFor="comm-channel" className="block text-sm font-medium text-slate-700">
            Type
          </label>
          <select
            id="comm-channel"
            name="channel"
            value={channel}
            onChange={(e) => setChannel(e.target.value as TChannel)}
            className={inputClass}
            {...field('channel')}
          >
            {COMMUNICATION_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
          <FieldError id="comm-channel-error" message={fields.channel} />
        </div>
        <div>
          {/* A promise to pay is kept or broken by this date (lib/server/promises): then it is required. */}
          <DateInput
            label={channel === 'PROMISE_TO_PAY' ? 'Promised payment date' : 'Follow-up (optional)'}
            name="followUpDate"
            min={commDate}
            testId="comm-follow-up"
            field="followUpDate"
            error={fields.followUpDate}
          />
        </div>
      </div>
      {channel === 'PROMISE_TO_PAY' && (
        <div className="sm:w-1/3">
          <label htmlFor="comm-amount" className="block text-sm font-medium text-slate-700">
            Promised amount (₹)
          </label>
          <input
            id="comm-amount"
            name="promisedAmount"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="e.g. 250000"
            className={`${inputClass} tabular-nums`}
            {...field('promisedAmount')}
          />
          <FieldError id="comm-promisedAmount-error" message={fields.promisedAmount} />
        </div>
      )}
      <div>
        <label htmlFor="comm-summary" className="block text-sm font-medium text-slate-700">
          Summary
        </label>
        <textarea
          id="comm-summary"
          name="summary"
          rows={3}
          maxLength={SUMMARY_MAX_LENGTH}
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          placeholder={SUMMARY_PLACEHOLDER[channel]}
          className={inputClass}
          {...field('summary')}
        />
        <div className="flex justify-between">
          <FieldError id="comm-summary-error" message={fields.summary} />
          <span className="ml-auto mt-1 text-xs tabular-nums text-slate-400">
            {summary.length} / {SUMMARY_MAX_LENGTH}
          </span>
        </div>
      </div>
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Log communication'}
        </button>
      </div>
    </form>
  );
}
