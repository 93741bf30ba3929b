'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { dunningCalls, type TDunningRun } from '@/lib/contract/dunning';
import { CHANNEL_LABEL } from '@/lib/domain/dunning';
import { runCounts, runPlanText, runSummary } from '@/lib/domain/run-plan';
import { BusyText } from '@/components/feedback/busy-text';
import { formatDay } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { primaryButton, secondaryButton } from './styles';

const STATUS_STYLE: Record<string, string> = {
  PREVIEW: 'bg-sky-50 text-sky-800',
  SENT: 'bg-emerald-50 text-emerald-800',
  FAILED: 'bg-rose-100 text-rose-800',
  SKIPPED: 'bg-slate-100 text-slate-600',
};

/** The reminder a mail attaches, as of today: a message skipped, or not a mail, has none. */
function reminderPdfHref(m: TDunningRun['messages'][number]): string | null {
  if (m.channel !== 'EMAIL' || m.status === 'SKIPPED') return null;
  return `/api/dunning/reminder.pdf?${new URLSearchParams({ sysObligorCode: m.sysObligorCode })}`;
}

function daysText(days: number): string {
  return days < 0 ? `due in ${-days}` : String(days);
}

/** The messages of a run (or preview): who, which level and channel, how much, to whom; failures in red. */
export function RunMessages({ run, money }: { run: TDunningRun; money: MoneyFormat }) {
  const failed = run.messages.filter((m) => m.status === 'FAILED').length;
  // What the run does, by channel, and the amount it asks for (skipped customers left out).
  const asked = run.messages.filter((m) => m.status !== 'SKIPPED');
  const byChannel = runSummary(runCounts(run.messages));
  const total = asked.reduce((sum, m) => sum + m.amountDue, 0);
  return (
    <div className="space-y-2" data-testid="run-messages">
      <p className="px-5 text-sm text-slate-600">
        {run.dryRun ? 'Preview' : 'Run'} of {formatDay(run.runDate)}: {run.messages.length} customer
        {run.messages.length === 1 ? '' : 's'}
        {failed > 0 && <span className="font-medium text-rose-700"> ({failed} failed)</span>}.
        {run.note && <span className="ml-1 font-medium text-slate-800">{run.note}</span>}
        {asked.length > 0 && (
          <span className="ml-1">
            {byChannel}; <Money value={total} format={money} /> asked for in all.
          </span>
        )}
      </p>
      {run.messages.length > 0 && (
        <DataTable label={run.dryRun ? 'Reminder preview' : 'Reminders sent'}>
          <thead>
            <tr>
              <Th>Customer</Th>
              <Th numeric>Level</Th>
              <Th>Channel</Th>
              <Th numeric>Amount due (₹)</Th>
              <Th numeric>Oldest days</Th>
              <Th>Recipient</Th>
              <Th>Status</Th>
              <Th>Reminder</Th>
            </tr>
          </thead>
          <tbody>
            {run.messages.map((m) => (
              <tr
                key={`${m.sysObligorCode}-${m.status}`}
                className={m.status === 'FAILED' ? 'bg-rose-50/70 text-rose-900' : 'text-slate-700'}
                data-status={m.status}
              >
                <Td className="min-w-56">
                  <span className="font-medium">{m.obligorName}</span>
                  <span className="ml-1 whitespace-nowrap text-xs text-slate-500">{m.sysObligorCode}</span>
                </Td>
                <Td numeric>{m.level}</Td>
                <Td>{CHANNEL_LABEL[m.channel]}</Td>
                <Td numeric>
                  <Money value={m.amountDue} format={money} bare />
                </Td>
                <Td numeric>{daysText(m.oldestDays)}</Td>
                <Td>{m.recipient ?? <span className="text-slate-400">none</span>}</Td>
                <Td>
                  <span
                    className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[m.status]}`}
                  >
                    {m.status === 'PREVIEW' ? 'To send' : m.status.toLowerCase()}
                  </span>
                  {m.error && <span className="ml-2 text-xs">{m.error}</span>}
                </Td>
                <Td>
                  {reminderPdfHref(m) && (
                    <a
                      href={reminderPdfHref(m)!}
                      download
                      className="text-xs font-medium text-indigo-700 hover:underline"
                      aria-label={`Reminder PDF of ${m.obligorName}`}
                      data-testid="reminder-pdf"
                    >
                      PDF
                    </a>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}

/**
 * Preview (a dry run) and Run now; the answer's table shows below the buttons. Run now previews
 * first and says what it will send and create before it asks to confirm. Without MANAGE_REMINDERS
 * only the preview is offered (the server would refuse the send).
 */
export function RunPanel({ money, enabled, canSend }: { money: MoneyFormat; enabled: boolean; canSend: boolean }) {
  const router = useRouter();
  const [run, setRun] = useState<TDunningRun | null>(null);
  const [busy, setBusy] = useState<'preview' | 'plan' | 'run' | null>(null);
  const [plan, setPlan] = useState<TDunningRun | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function call(dryRun: boolean): Promise<TDunningRun | null> {
    setError(null);
    try {
      return await callApi(dunningCalls.run, { body: { dryRun } });
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
      return null;
    }
  }

  async function preview(thenConfirm: boolean) {
    setBusy(thenConfirm ? 'plan' : 'preview');
    const answer = await call(true);
    setBusy(null);
    if (!answer) return;
    setRun(answer);
    router.refresh();
    if (thenConfirm) setPlan(answer);
  }

  async function send() {
    setPlan(null);
    setBusy('run');
    const answer = await call(false);
    setBusy(null);
    if (answer) {
      setRun(answer);
      router.refresh();
    }
  }

  const customers = plan?.messages.filter((m) => m.status !== 'SKIPPED').length ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 px-5">
        <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => preview(false)}>
          {busy === 'preview' ? <BusyText>Working out who is due…</BusyText> : 'Preview'}
        </button>
        {canSend && (
          <button type="button" className={primaryButton} disabled={busy !== null} onClick={() => preview(true)}>
            {busy === 'plan' ? (
              <BusyText>Working out what to send…</BusyText>
            ) : busy === 'run' ? (
              <BusyText>Sending…</BusyText>
            ) : (
              'Run now'
            )}
          </button>
        )}
        {canSend && !enabled && (
          <span className="text-xs text-amber-700">The daily run is switched off; Run now still sends.</span>
        )}
        {!canSend && (
          <span className="text-xs text-slate-500">
            Sending reminders needs the permission to send customer reminders.
          </span>
        )}
      </div>
      {busy === 'preview' && (
        <p className="px-5 text-sm text-slate-500">
          Every customer&apos;s level is worked out from its open bills; this takes a few seconds.
        </p>
      )}
      {error && (
        <p role="alert" className="mx-5 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      {run && <RunMessages run={run} money={money} />}
      <Dialog open={plan !== null} onClose={() => setPlan(null)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
        <div className="fixed inset-0 flex items-start justify-center p-4 pt-24">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-slate-900">Send the reminders now?</DialogTitle>
            <p className="mt-2 text-sm font-medium text-slate-800" data-testid="run-plan">
              {plan && runPlanText(runCounts(plan.messages))}
            </p>
            <p className="mt-2 text-sm text-slate-600">
              {customers === 1 ? '1 customer is' : `${customers} customers are`} reminded, as the preview below lists.
              Nobody is reminded twice the same day.
            </p>
            <div className="mt-5 flex justify-end gap-3">
              <button type="button" className={secondaryButton} onClick={() => setPlan(null)}>
                Cancel
              </button>
              <button type="button" className={primaryButton} disabled={customers === 0} onClick={() => void send()}>
                Send reminders
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}
