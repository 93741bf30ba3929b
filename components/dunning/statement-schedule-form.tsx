'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import type { TDimensionValue } from '@/lib/contract/clients';
import { dunningCalls } from '@/lib/contract/dunning';
import { ZStatementScheduleBody, type TStatementRun, type TStatementSchedule } from '@/lib/contract/statement-schedule';
import { BusyText } from '@/components/feedback/busy-text';
import { formatDay } from '@/components/ui/day';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { ScheduleFields } from './schedule-fields';
import { FieldError, inputClass, primaryButton, secondaryButton } from './styles';

const FREQUENCIES = ['MONTHLY', 'WEEKLY'] as const;

type Who = 'ALL' | 'DIMENSION' | 'PICKED';

/**
 * The statement schedule (administrators): monthly on a day or weekly on a weekday; every customer
 * with a balance, those of one dimension value, or a hand-picked list; open items or every line; on
 * or off; a preview of who would get this period's statement, and Send now.
 */
export function StatementScheduleForm({
  schedule,
  money,
  dimensions,
}: {
  schedule: TStatementSchedule;
  money: MoneyFormat;
  /** The client's dimensions by level (1 to 3) with their names and values. */
  dimensions: { level: number; name: string; values: TDimensionValue[] }[];
}) {
  const router = useRouter();
  const [values, setValues] = useState(() => ({
    enabled: schedule.enabled,
    frequency: schedule.frequency,
    day: String(schedule.day),
    openItemsOnly: schedule.openItemsOnly,
  }));
  const [who, setWho] = useState<Who>(
    schedule.customerCodes ? 'PICKED' : schedule.dimValueId !== null ? 'DIMENSION' : 'ALL',
  );
  const [dimLevel, setDimLevel] = useState(String(schedule.dimLevel ?? dimensions[0]?.level ?? 1));
  const [dimValueId, setDimValueId] = useState(String(schedule.dimValueId ?? ''));
  const [codes, setCodes] = useState((schedule.customerCodes ?? []).join(', '));
  const levelValues = dimensions.find((d) => String(d.level) === dimLevel)?.values ?? [];
  const form = useContractForm(ZStatementScheduleBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);
  const [run, setRun] = useState<TStatementRun | null>(null);
  const [running, setRunning] = useState<'preview' | 'send' | null>(null);
  const [runError, setRunError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    const body = {
      ...values,
      dimLevel: who === 'DIMENSION' ? dimLevel : null,
      // An empty choice is sent as "0": the schema's "no such dimension value".
      dimValueId: who === 'DIMENSION' ? dimValueId || '0' : null,
      customerCodes: who === 'PICKED' ? codes : null,
    };
    void form.submit(event, body, async (parsed) => {
      await callApi(dunningCalls.saveStatementSchedule, { body: parsed });
      setSaved(true);
      router.refresh();
    });
  }

  async function start(dryRun: boolean) {
    if (!dryRun && !window.confirm("Send this period's statements now to every customer who has not had one?")) return;
    setRunError(null);
    setRunning(dryRun ? 'preview' : 'send');
    try {
      setRun(await callApi(dunningCalls.statementRun, { body: { dryRun } }));
      // The past runs below count this one.
      if (!dryRun) router.refresh();
    } catch (e) {
      setRunError((await apiErrorMessage(e)).message);
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Statement schedule">
        {error && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-4">
          <ScheduleFields
            idPrefix="statement"
            enabledLabel="Send statements by themselves"
            enabled={values.enabled}
            onEnabled={(enabled) => setValues((v) => ({ ...v, enabled }))}
            frequencies={FREQUENCIES}
            frequency={values.frequency}
            onFrequency={(frequency) => setValues((v) => ({ ...v, frequency, day: '1' }))}
            dayId="statement-day"
            day={values.day}
            onDay={(day) => setValues((v) => ({ ...v, day }))}
            dayError={fields.day}
          />
          <div>
            <label htmlFor="statement-lines" className="block text-sm font-medium text-slate-700">
              What it holds
            </label>
            <select
              id="statement-lines"
              value={values.openItemsOnly ? 'OPEN' : 'ALL'}
              onChange={(e) => setValues((v) => ({ ...v, openItemsOnly: e.target.value === 'OPEN' }))}
              className={inputClass}
            >
              <option value="OPEN">Open items only</option>
              <option value="ALL">Every line of the period</option>
            </select>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <div>
            <label htmlFor="statement-who" className="block text-sm font-medium text-slate-700">
              Which customers
            </label>
            <select
              id="statement-who"
              value={who}
              onChange={(e) => {
                setWho(e.target.value as Who);
                form.clear('dimValueId');
                form.clear('customerCodes');
              }}
              className={inputClass}
            >
              <option value="ALL">Every customer with a balance</option>
              <option value="DIMENSION">Those of one {dimensions.map((d) => d.name.toLowerCase()).join(' or ')}</option>
              <option value="PICKED">Hand-picked customers</option>
            </select>
          </div>
          {who === 'DIMENSION' && (
            <>
              <div>
                <label htmlFor="statement-dim-level" className="block text-sm font-medium text-slate-700">
                  Dimension
                </label>
                <select
                  id="statement-dim-level"
                  value={dimLevel}
                  onChange={(e) => {
                    setDimLevel(e.target.value);
                    setDimValueId('');
                  }}
                  className={inputClass}
                >
                  {dimensions.map((d) => (
                    <option key={d.level} value={String(d.level)}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="statement-dim-value" className="block text-sm font-medium text-slate-700">
                  {dimensions.find((d) => String(d.level) === dimLevel)?.name ?? 'Value'}
                </label>
                <select
                  id="statement-dim-value"
                  value={dimValueId}
                  onChange={(e) => {
                    setDimValueId(e.target.value);
                    form.clear('dimValueId');
                  }}
                  aria-invalid={Boolean(fields.dimValueId)}
                  className={inputClass}
                >
                  <option value="">Choose…</option>
                  {levelValues.map((v) => (
                    <option key={v.id} value={String(v.id)}>
                      {v.name}
                    </option>
                  ))}
                </select>
                <FieldError message={fields.dimValueId} />
              </div>
            </>
          )}
          {who === 'PICKED' && (
            <div className="sm:col-span-3">
              <label htmlFor="statement-codes" className="block text-sm font-medium text-slate-700">
                Customer codes (families&apos; heads or accounts on their own; commas or new lines between)
              </label>
              <textarea
                id="statement-codes"
                rows={2}
                value={codes}
                placeholder="P0001, P0002, C00017"
                onChange={(e) => setCodes(e.target.value)}
                aria-invalid={Boolean(fields.customerCodes)}
                className={`${inputClass} font-mono`}
              />
              <FieldError message={fields.customerCodes} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Saving…' : 'Save schedule'}
          </button>
          <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => start(true)}>
            {running === 'preview' ? <BusyText>Working out who gets one…</BusyText> : 'Preview statements'}
          </button>
          <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => start(false)}>
            {running === 'send' ? <BusyText>Sending…</BusyText> : 'Send statements now'}
          </button>
          {saved && (
            <span role="status" className="text-sm text-emerald-700">
              Schedule saved.
            </span>
          )}
        </div>
      </form>
      {runError && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {runError}
        </p>
      )}
      {run && (
        <DataTable label={run.dryRun ? 'Statement preview' : 'Statements sent'}>
          <caption className="px-3 py-2 text-left text-sm text-slate-600">
            Period {run.period}: statements from {formatDay(run.fromDate)} to {formatDay(run.toDate)}
          </caption>
          <thead>
            <tr>
              <Th>Customer</Th>
              <Th numeric>Balance (₹)</Th>
              <Th>Recipient</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {run.sends.map((s) => (
              <tr
                key={s.sysObligorCode}
                className={s.status === 'FAILED' ? 'bg-rose-50/70 text-rose-900' : 'text-slate-700'}
                data-status={s.status}
              >
                <Td className="min-w-56">
                  <span className="font-medium">{s.obligorName}</span>
                  <span className="ml-1 text-xs text-slate-500">{s.sysObligorCode}</span>
                </Td>
                <Td numeric>
                  <Money value={s.balance} format={money} bare />
                </Td>
                <Td>{s.recipient ?? <span className="text-slate-400">none</span>}</Td>
                <Td>
                  {s.status === 'PREVIEW' ? 'To send' : s.status.toLowerCase()}
                  {s.error && <span className="ml-2 text-xs">{s.error}</span>}
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
