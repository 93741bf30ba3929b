'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { LogCommunicationForm } from '@/components/contacts/log-communication-form';
import { OpenDisputeDialog } from '@/components/obligors/dispute-dialogs';
import { TakePromiseDialog } from '@/components/obligors/promises-section';
import { useToast } from '@/components/feedback/toast';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import type { TWorklistRow } from '@/lib/contract/collections';
import { communicationCalls } from '@/lib/contract/communications';
import { dunningCalls, type TDunningMessage } from '@/lib/contract/dunning';
import { CHANNEL_LABEL } from '@/lib/domain/dunning';
import { formatMoney } from '@/lib/domain/format';
import { upiAllowed, upiLink, upiReference } from '@/lib/domain/upi';
import { whatsappLink, whatsappReminderText } from '@/lib/domain/whatsapp';

const ACTION_TONE: Record<TWorklistRow['nextAction'], string> = {
  CHECK_PROMISE: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  CALL_BROKEN_PROMISE: 'bg-rose-50 text-rose-800 ring-rose-200',
  ESCALATE: 'bg-rose-50 text-rose-800 ring-rose-200',
  CALL: 'bg-amber-50 text-amber-800 ring-amber-200',
  SEND_REMINDER: 'bg-sky-50 text-sky-800 ring-sky-200',
  RESOLVE_DISPUTE: 'bg-violet-50 text-violet-800 ring-violet-200',
  WAIT_FOR_PROMISE: 'bg-slate-50 text-slate-600 ring-slate-200',
};

const daysAgo = (days: number) => (days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`);

const button =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset ring-slate-200 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** What a one-family run did, in one line for the toast. */
function runOutcome(name: string, message: TDunningMessage | undefined, note: string | null): string {
  if (!message) return note ?? `Nothing to send to ${name} today.`;
  const what = `level ${message.level} ${CHANNEL_LABEL[message.channel].toLowerCase()}`;
  if (message.status === 'SENT')
    return `Reminder sent to ${name}: ${what}${message.recipient ? ` to ${message.recipient}` : ''}.`;
  if (message.status === 'FAILED') return `The reminder to ${name} failed: ${message.error ?? 'unknown error'}.`;
  return `No reminder sent to ${name}: ${message.error ?? note ?? 'skipped'}.`;
}

/**
 * The worklist's rows with their one-click actions: log a call (or any note, a promise included),
 * send on WhatsApp (the collector's own WhatsApp opens with the message written, the UPI payment
 * link in it when the client has a UPI address; the product logs it as a communication on the
 * family's parent), and send the reminder policy's message now.
 */
export function WorklistTable({
  rows,
  money,
  clientName,
  clientCode,
  upiVpa,
  upiLimit,
  today,
  canOpenCustomers,
  canSend,
}: {
  rows: TWorklistRow[];
  money: MoneyFormat;
  clientName: string;
  clientCode: string;
  upiVpa: string | null;
  /** Rupees: no UPI link in a WhatsApp message asking for more. */
  upiLimit: number;
  today: string;
  /** Whether the customer page opens for this user (`mayOpen`); otherwise the name is plain text. */
  canOpenCustomers: boolean;
  /** MANAGE_REMINDERS: without it the Remind button is not offered (the server would refuse the send). */
  canSend: boolean;
}) {
  const router = useRouter();
  const showToast = useToast();
  const [logging, setLogging] = useState<TWorklistRow | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [promising, setPromising] = useState<TWorklistRow | null>(null);
  const [disputing, setDisputing] = useState<TWorklistRow | null>(null);
  const done = (message: string) => {
    showToast(message);
    router.refresh();
  };

  async function sendReminder(row: TWorklistRow) {
    setSending(row.sysObligorCode);
    try {
      const run = await callApi(dunningCalls.run, { body: { dryRun: false, sysObligorCode: row.sysObligorCode } });
      showToast(runOutcome(row.name, run.messages[0], run.note), { duration: 8000 });
      router.refresh();
    } catch (err) {
      showToast((await apiErrorMessage(err)).message);
    } finally {
      setSending(null);
    }
  }

  async function sendOnWhatsApp(row: TWorklistRow, text: string, link: string) {
    window.open(link, '_blank', 'noopener');
    try {
      await callApi(communicationCalls.log, {
        params: { code: row.actOnCode },
        body: { commDate: today, channel: 'WHATSAPP', summary: text },
      });
      showToast(`WhatsApp reminder to ${row.name} logged.`);
      router.refresh();
    } catch (err) {
      showToast((await apiErrorMessage(err)).message);
    }
  }

  return (
    <>
      <DataTable label="Worklist" testId="worklist-table">
        <thead>
          <tr>
            <Th numeric>#</Th>
            <Th>Customer family</Th>
            <Th numeric>Overdue net of money on account</Th>
            <Th>Risk</Th>
            <Th>Promises</Th>
            <Th>Last contact</Th>
            <Th numeric>Priority</Th>
            <Th>Next action</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const text = whatsappReminderText({
              contactName: row.contactName,
              customerName: row.actOnName,
              clientName,
              amountDue: row.overdueNet,
              onAccount: -row.unallocated,
              oldestBucketLabel: row.oldestBucketLabel,
              // Above the client's UPI limit a UPI app would refuse the link: the message goes without it.
              paymentLink:
                upiVpa && upiAllowed(row.overdueNet, upiLimit)
                  ? upiLink({
                      vpa: upiVpa,
                      payeeName: clientName,
                      amount: row.overdueNet,
                      reference: upiReference(row.sysObligorCode, clientCode),
                    })
                  : null,
            });
            const link = whatsappLink(row.contactPhone, text);
            const onAccount = row.actOnCode === row.sysObligorCode ? '' : ` (on ${row.actOnName})`;
            return (
              <Tr key={row.sysObligorCode} data-code={row.sysObligorCode}>
                <Td numeric className="align-top text-slate-400">
                  {row.rank}
                </Td>
                <Td className="min-w-56 align-top">
                  {canOpenCustomers ? (
                    <Link
                      href={`/borrowers/obligors/${encodeURIComponent(row.sysObligorCode)}`}
                      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{row.name}</span>
                  )}
                  <div className="text-xs text-slate-500">
                    {[row.sysObligorCode, row.city].filter(Boolean).join(' · ')}
                  </div>
                  {row.collectorName && <div className="text-xs text-slate-500">Collector: {row.collectorName}</div>}
                </Td>
                <Td numeric className="align-top">
                  <Money value={row.overdueNet} format={money} />
                  {row.unallocated < 0 && (
                    <div
                      className="text-xs text-slate-500"
                      title="Received on account or in advance, not yet allocated to bills: deducted from the overdue"
                    >
                      <Money value={-row.unallocated} format={money} /> on account, of{' '}
                      <Money value={row.overdue} format={money} /> overdue
                    </div>
                  )}
                  <div className="text-xs text-slate-500">oldest {row.oldestBucketLabel}</div>
                  {row.averageDaysLate !== null && (
                    <div
                      className="text-xs text-slate-500"
                      title="Bills paid off in the last 12 months, amount-weighted"
                    >
                      {row.averageDaysLate > 0 ? `pays ${Math.round(row.averageDaysLate)} days late` : 'pays on time'}
                    </div>
                  )}
                  {row.disputed > 0 && (
                    <div className="text-xs text-violet-700">
                      <Money value={row.disputed} format={money} /> in dispute
                    </div>
                  )}
                  {row.remittance && (
                    <div
                      className="text-xs font-medium text-emerald-700"
                      data-testid="worklist-remittance"
                      title={`Remittance advice: reminders of its ${row.remittance.bills} bill(s) wait until the day shown`}
                    >
                      Says paid <Money value={row.remittance.amount} format={money} /> on{' '}
                      <Day iso={row.remittance.paidOn} />, {row.remittance.reference}
                    </div>
                  )}
                </Td>
                <Td className="align-top">
                  {row.rating ? <RatingBadge rating={row.rating} /> : <span className="text-slate-400">-</span>}
                </Td>
                <Td className="align-top text-xs">
                  {row.promisedToday > 0 && (
                    <div className="font-medium text-emerald-700">
                      <Money value={row.promisedToday} format={money} /> due today
                    </div>
                  )}
                  {row.nextPromiseDate && (
                    <div className="whitespace-nowrap text-slate-600">
                      <Money value={row.nextPromiseAmount} format={money} /> by <Day iso={row.nextPromiseDate} />
                    </div>
                  )}
                  {row.brokenPromises > 0 && (
                    <div className="text-rose-700">{row.brokenPromises} broken in 90 days</div>
                  )}
                  {row.chequesReturned > 0 && (
                    <div className="text-rose-700">
                      {row.chequesReturned} {row.chequesReturned === 1 ? 'cheque' : 'cheques'} returned in 12 months
                    </div>
                  )}
                  {!row.promisedToday && !row.nextPromiseDate && !row.brokenPromises && !row.chequesReturned && (
                    <span className="text-slate-400">-</span>
                  )}
                </Td>
                <Td className="whitespace-nowrap align-top text-xs">
                  {row.lastContactDate ? (
                    <>
                      <Day iso={row.lastContactDate} />
                      <div className="text-slate-500">{daysAgo(row.daysSinceContact ?? 0)}</div>
                    </>
                  ) : (
                    <span className="text-slate-500">never</span>
                  )}
                </Td>
                <Td numeric className="align-top font-semibold text-slate-900">
                  {row.priority.toFixed(1)}
                </Td>
                <Td className="min-w-72 align-top">
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${ACTION_TONE[row.nextAction]}`}
                  >
                    {row.nextActionLabel}
                  </span>
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    <button
                      type="button"
                      className={button}
                      title={`Log a call, visit or note${onAccount}`}
                      onClick={() => setLogging(row)}
                    >
                      Log call
                    </button>
                    <button
                      type="button"
                      className={button}
                      title={`Take a promise to pay${onAccount}`}
                      onClick={() => setPromising(row)}
                    >
                      Promise
                    </button>
                    <button
                      type="button"
                      className={button}
                      title={`Open a dispute on invoices${onAccount}`}
                      onClick={() => setDisputing(row)}
                    >
                      Dispute
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={!link}
                      title={
                        link
                          ? `Opens WhatsApp for ${row.contactPhone} with the reminder written`
                          : 'No Indian mobile number on file for this customer'
                      }
                      onClick={() => link && void sendOnWhatsApp(row, text, link)}
                      data-wa-link={link ?? undefined}
                    >
                      WhatsApp
                    </button>
                    {canSend && (
                      <button
                        type="button"
                        className={button}
                        disabled={sending !== null}
                        title="Sends this family the reminder its level calls for, now (never twice a day)"
                        onClick={() => void sendReminder(row)}
                      >
                        {sending === row.sysObligorCode ? 'Sending…' : 'Remind'}
                      </button>
                    )}
                  </div>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </DataTable>
      <Dialog open={logging !== null} onClose={() => setLogging(null)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-2xl overflow-hidden rounded-xl bg-white shadow-xl">
            <DialogTitle className="border-b border-slate-100 px-5 py-3 text-base font-semibold text-slate-900">
              Log a communication with {logging?.actOnName}
            </DialogTitle>
            {logging && (
              <LogCommunicationForm
                obligorCode={logging.actOnCode}
                onCancel={() => setLogging(null)}
                onLogged={() => {
                  setLogging(null);
                  showToast('Logged.');
                  router.refresh();
                }}
              />
            )}
          </DialogPanel>
        </div>
      </Dialog>
      {promising && (
        <TakePromiseDialog
          open
          obligor={{ sysObligorCode: promising.actOnCode, name: promising.actOnName }}
          isParent={promising.actOnCode === promising.sysObligorCode}
          onClose={() => setPromising(null)}
          onTaken={(promise) => {
            setPromising(null);
            done(`Promise of ${formatMoney(promise.amount)} from ${promising.name} recorded.`);
          }}
        />
      )}
      {disputing && (
        <OpenDisputeDialog
          open
          obligor={{ sysObligorCode: disputing.actOnCode, name: disputing.actOnName }}
          onClose={() => setDisputing(null)}
          onOpened={() => {
            setDisputing(null);
            done(`Dispute opened for ${disputing.name}: reminders leave out the amount disputed.`);
          }}
        />
      )}
    </>
  );
}
