'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { dunningCalls, ZDunningPolicyBody, type TDunningPolicy } from '@/lib/contract/dunning';
import {
  CHANNEL_LABEL,
  DUNNING_CHANNELS,
  MAX_LEVELS,
  PLACEHOLDERS,
  type TDunningChannel,
  type TTaskFor,
} from '@/lib/domain/dunning';
import { FieldError, inputClass, primaryButton, secondaryButton } from './styles';
import { LAW_LEVEL_TEMPLATE } from '@/lib/domain/law-lines';

interface LevelDraft {
  key: number;
  days: string;
  channel: TDunningChannel;
  taskFor: TTaskFor | '';
  subject: string;
  body: string;
}

let nextKey = 1;
const draftOf = (policy: TDunningPolicy): LevelDraft[] =>
  policy.levels.map((l) => ({
    key: nextKey++,
    days: String(l.days),
    channel: l.channel,
    taskFor: l.taskFor ?? '',
    subject: l.subject,
    body: l.body,
  }));

function daysLabel(days: string): string {
  const n = Number(days);
  if (!Number.isFinite(n) || days.trim() === '') return '';
  const count = (k: number) => `${k} day${k === 1 ? '' : 's'}`;
  if (n < 0) return `${count(-n)} before the due date`;
  if (n === 0) return 'on the due date';
  return `${count(n)} overdue`;
}

/** The reminder policy: grouping, minimum, quiet period and the levels with their templates. */
export function PolicyForm({ policy }: { policy: TDunningPolicy }) {
  const router = useRouter();
  const [enabled, setEnabled] = useState(policy.enabled);
  const [grouping, setGrouping] = useState(policy.grouping);
  const [minAmount, setMinAmount] = useState(String(policy.minAmount));
  const [quietDays, setQuietDays] = useState(String(policy.quietDays));
  const [graceDays, setGraceDays] = useState(String(policy.remittanceGraceDays));
  const [levels, setLevels] = useState<LevelDraft[]>(() => draftOf(policy));
  const [open, setOpen] = useState<number | null>(null);
  const form = useContractForm(ZDunningPolicyBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);

  const change = (i: number, patch: Partial<LevelDraft>) =>
    setLevels((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  // A level's subject or body refused (by the contract or the server): open that level to show it.
  useEffect(() => {
    const bad = Object.keys(fields).find((k) => /^levels\.\d+\.(subject|body)$/.test(k));
    if (bad) setOpen(levels[Number(bad.split('.')[1])]?.key ?? null);
    // Only when the messages change, not while the levels are edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    const body = {
      enabled,
      grouping,
      minAmount,
      quietDays,
      remittanceGraceDays: graceDays,
      levels: levels.map((l) => ({
        days: l.days,
        channel: l.channel,
        taskFor: l.channel === 'TASK' ? l.taskFor || undefined : undefined,
        subject: l.subject,
        body: l.body,
      })),
    };
    void form.submit(event, body, async (input) => {
      await callApi(dunningCalls.savePolicy, { body: input });
      setSaved(true);
      router.refresh();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Reminder policy">
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-4">
        <label className="flex items-center gap-2 pt-6 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="rounded border-slate-300"
          />
          Send reminders every day
        </label>
        <div>
          <label htmlFor="policy-grouping" className="block text-sm font-medium text-slate-700">
            One message per
          </label>
          <select
            id="policy-grouping"
            value={grouping}
            onChange={(e) => setGrouping(e.target.value as typeof grouping)}
            className={inputClass}
          >
            <option value="FAMILY">Family (its parent)</option>
            <option value="ACCOUNT">Account</option>
          </select>
          <FieldError message={fields.grouping} />
        </div>
        <div>
          <label htmlFor="policy-min" className="block text-sm font-medium text-slate-700">
            Minimum amount due (₹)
          </label>
          <input
            id="policy-min"
            inputMode="decimal"
            value={minAmount}
            onChange={(e) => setMinAmount(e.target.value)}
            aria-invalid={Boolean(fields.minAmount)}
            className={inputClass}
          />
          <FieldError message={fields.minAmount} />
        </div>
        <div>
          <label htmlFor="policy-quiet" className="block text-sm font-medium text-slate-700">
            Quiet period (days)
          </label>
          <input
            id="policy-quiet"
            inputMode="numeric"
            value={quietDays}
            onChange={(e) => setQuietDays(e.target.value)}
            aria-invalid={Boolean(fields.quietDays)}
            className={inputClass}
          />
          <FieldError message={fields.quietDays} />
        </div>
        <div>
          <label htmlFor="policy-grace" className="block text-sm font-medium text-slate-700">
            After &ldquo;I have paid&rdquo; (days)
          </label>
          <input
            id="policy-grace"
            inputMode="numeric"
            value={graceDays}
            onChange={(e) => setGraceDays(e.target.value)}
            aria-invalid={Boolean(fields.remittanceGraceDays)}
            className={inputClass}
          />
          <FieldError message={fields.remittanceGraceDays} />
        </div>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-[13px]" aria-label="Reminder levels">
          <thead>
            <tr className="text-left text-xs font-medium text-slate-500">
              <th className="border-b border-slate-200 px-2 py-2">Level</th>
              <th className="border-b border-slate-200 px-2 py-2">Days past due</th>
              <th className="border-b border-slate-200 px-2 py-2">Channel</th>
              <th className="border-b border-slate-200 px-2 py-2">Subject</th>
              <th className="border-b border-slate-200 px-2 py-2" />
            </tr>
          </thead>
          <tbody>
            {levels.map((l, i) => (
              <LevelRow
                key={l.key}
                index={i}
                level={l}
                fields={fields}
                open={open === l.key}
                onToggle={() => setOpen(open === l.key ? null : l.key)}
                onChange={(patch) => change(i, patch)}
                onRemove={levels.length > 1 ? () => setLevels((all) => all.filter((_, j) => j !== i)) : undefined}
              />
            ))}
          </tbody>
        </table>
        <FieldError message={fields.levels} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={levels.length >= MAX_LEVELS}
          onClick={() => {
            const last = levels[levels.length - 1];
            const key = nextKey++;
            setLevels((all) => [
              ...all,
              {
                key,
                days: String(last ? Number(last.days) + 15 : 1),
                channel: 'EMAIL',
                taskFor: '',
                subject: 'Payment reminder: ₹{{amountDue}} overdue from {{customerName}}',
                body: 'Dear {{customerName}},\n\n{{overdueTable}}\n\nPay by UPI: {{paymentLink}}\n\nRegards,\n{{clientName}}',
              },
            ]);
            setOpen(key);
          }}
        >
          Add a level
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={levels.length >= MAX_LEVELS}
          onClick={() => {
            const last = levels[levels.length - 1];
            const key = nextKey++;
            setLevels((all) => [
              ...all,
              {
                key,
                days: String(Math.max(LAW_LEVEL_TEMPLATE.days, last ? Number(last.days) + 15 : 1)),
                channel: 'EMAIL',
                taskFor: '',
                subject: LAW_LEVEL_TEMPLATE.subject,
                body: LAW_LEVEL_TEMPLATE.body,
              },
            ]);
            setOpen(key);
          }}
        >
          Add the law&apos;s level (MSMED, s43B(h), ITC)
        </button>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Save policy'}
        </button>
        {saved && (
          <span role="status" className="text-sm text-emerald-700">
            Policy saved.
          </span>
        )}
        {policy.isDefault && !saved && (
          <span className="text-xs text-slate-500">This is the default policy: nothing has been saved yet.</span>
        )}
      </div>
      <p className="text-xs text-slate-500">
        Placeholders: {PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}. A level is reached when the oldest item is that
        many days past its due date (negative: before it falls due).
      </p>
    </form>
  );
}

function LevelRow({
  index,
  level,
  fields,
  open,
  onToggle,
  onChange,
  onRemove,
}: {
  index: number;
  level: LevelDraft;
  fields: Record<string, string>;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<LevelDraft>) => void;
  onRemove?: () => void;
}) {
  const f = (name: string) => fields[`levels.${index}.${name}`];
  const templateError = f('subject') ?? f('body');
  return (
    <>
      <tr className="align-top text-slate-700" data-testid={`level-${index + 1}`}>
        <td className="border-b border-slate-100 px-2 py-2 font-medium">{index + 1}</td>
        <td className="w-40 border-b border-slate-100 px-2 py-2">
          <input
            aria-label={`Level ${index + 1} days`}
            inputMode="numeric"
            value={level.days}
            onChange={(e) => onChange({ days: e.target.value })}
            aria-invalid={Boolean(f('days'))}
            className={inputClass}
          />
          <span className="mt-1 block text-[11px] text-slate-500">{daysLabel(level.days)}</span>
          <FieldError message={f('days')} />
        </td>
        <td className="w-80 border-b border-slate-100 px-2 py-2">
          {/* Wide enough for "The manager (area sales manager)" at 1440 px, which w-64 cut. */}
          <select
            aria-label={`Level ${index + 1} channel`}
            value={level.channel}
            onChange={(e) => onChange({ channel: e.target.value as TDunningChannel })}
            className={inputClass}
          >
            {DUNNING_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABEL[c]}
              </option>
            ))}
          </select>
          <FieldError message={f('channel')} />
          {level.channel === 'TASK' && (
            <>
              <select
                aria-label={`Level ${index + 1} task for`}
                value={level.taskFor}
                onChange={(e) => onChange({ taskFor: e.target.value as TTaskFor | '' })}
                aria-invalid={Boolean(f('taskFor'))}
                className={inputClass}
              >
                <option value="">Task for…</option>
                <option value="COLLECTOR">The collector (field officer)</option>
                <option value="MANAGER">The manager (area sales manager)</option>
              </select>
            </>
          )}
          <FieldError message={f('taskFor')} />
        </td>
        <td className="border-b border-slate-100 px-2 py-2">
          <span className="line-clamp-2">{level.subject}</span>
          {templateError && !open && <FieldError message={templateError} />}
        </td>
        <td className="whitespace-nowrap border-b border-slate-100 px-2 py-2 text-right">
          <button type="button" onClick={onToggle} className="text-sm font-medium text-brand-700 hover:underline">
            {open ? 'Close' : 'Edit template'}
          </button>
          {onRemove && (
            <button type="button" onClick={onRemove} className="ml-3 text-sm text-rose-700 hover:underline">
              Remove
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5} className="border-b border-slate-100 bg-slate-50/60 px-2 py-3">
            <label className="block text-sm font-medium text-slate-700">
              Subject
              <input
                value={level.subject}
                onChange={(e) => onChange({ subject: e.target.value })}
                aria-invalid={Boolean(f('subject'))}
                className={inputClass}
              />
            </label>
            <FieldError message={f('subject')} />
            <label className="mt-3 block text-sm font-medium text-slate-700">
              Message
              <textarea
                rows={9}
                value={level.body}
                onChange={(e) => onChange({ body: e.target.value })}
                aria-invalid={Boolean(f('body'))}
                className={`${inputClass} font-mono text-xs`}
              />
            </label>
            <FieldError message={f('body')} />
          </td>
        </tr>
      )}
    </>
  );
}
