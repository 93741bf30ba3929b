'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { addDays, format, parseISO } from 'date-fns';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { useToast } from '@/components/feedback/toast';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { DateInput } from '@/components/ui/date-input';
import { Day, formatDay } from '@/components/ui/day';
import { OnAccount } from '@/components/receivables/on-account';
import { MaybeLink } from '@/components/ui/maybe-link';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { CUSTOMERS_PATH } from '@/components/obligors/customer-params';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { creditHoldCalls, ZReleaseBody, type TCreditHold } from '@/lib/contract/credit-holds';
import { netBalanceOf } from '@/lib/domain/ageing';
import { MAX_RELEASE_DAYS } from '@/lib/domain/credit-holds';
import { formatInstant } from '@/lib/domain/instants';

/** The hold list: each account with why it is held, or who released it until when; approvers release from here. */
export function CreditHoldsTable({
  rows,
  money,
  today,
  timeZone,
  canRelease,
  canOpenCustomers,
}: {
  rows: TCreditHold[];
  money: MoneyFormat;
  today: string;
  timeZone: string;
  canRelease: boolean;
  /** Whether the customer pages open for this user (`mayOpen`); otherwise names are plain text. */
  canOpenCustomers: boolean;
}) {
  const [releasing, setReleasing] = useState<TCreditHold | null>(null);
  return (
    <>
      <DataTable label="Credit holds" testId="credit-holds">
        <thead>
          <tr>
            <Th>Account</Th>
            <Th numeric>Balance</Th>
            <Th numeric>Credit limit</Th>
            <Th numeric>Oldest past due</Th>
            <Th>Why</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Tr key={r.sysObligorCode} data-code={r.sysObligorCode} data-status={r.status}>
              <Td className="min-w-52 align-top">
                <MaybeLink
                  allowed={canOpenCustomers}
                  href={`${CUSTOMERS_PATH}/${encodeURIComponent(r.sysObligorCode)}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {r.name}
                </MaybeLink>
                <div className="text-xs text-slate-500">
                  {r.sysObligorCode}
                  {r.parentName && ` · ${r.parentName}`}
                </div>
              </Td>
              <Td numeric className="align-top">
                <Money value={r.balance} format={money} />
                <OnAccount
                  value={r.unallocated}
                  net={netBalanceOf({ outstanding: r.balance, unallocated: r.unallocated })}
                  money={money}
                  testId="hold-unallocated"
                />
              </Td>
              <Td numeric className="align-top">
                {r.creditLimit === null ? (
                  <span className="text-slate-400">none</span>
                ) : (
                  <Money value={r.creditLimit} format={money} />
                )}
              </Td>
              <Td numeric className="align-top">
                {r.oldestDaysPastDue === null ? '-' : `${r.oldestDaysPastDue} days`}
              </Td>
              <Td className="align-top text-xs text-slate-700">
                <ul className="list-disc space-y-0.5 pl-4">
                  {r.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </Td>
              <Td className="min-w-56 align-top text-xs">
                {r.status === 'ON_HOLD' ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded-full bg-rose-50 px-2 py-0.5 font-medium text-rose-800 ring-1 ring-inset ring-rose-200">
                      On hold
                    </span>
                    {canRelease && (
                      <button
                        type="button"
                        onClick={() => setReleasing(r)}
                        className="rounded-md px-2 py-1 font-medium ring-1 ring-inset ring-slate-200 hover:bg-slate-50"
                      >
                        Release
                      </button>
                    )}
                  </div>
                ) : (
                  <div>
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-200">
                      Released until <Day iso={r.release!.expiresOn} />
                    </span>
                    <p className="mt-1 text-slate-600">
                      {r.release!.reason} ({r.release!.releasedBy}, {formatInstant(r.release!.releasedAt, timeZone)})
                    </p>
                  </div>
                )}
              </Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
      {releasing && <ReleaseDialog hold={releasing} today={today} onClose={() => setReleasing(null)} />}
    </>
  );
}

function ReleaseDialog({ hold, today, onClose }: { hold: TCreditHold; today: string; onClose: () => void }) {
  const router = useRouter();
  const showToast = useToast();
  const [until, setUntil] = useState(format(addDays(parseISO(today), 7), 'yyyy-MM-dd'));
  const form = useContractForm(ZReleaseBody);
  const { fields, error, busy } = form;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const body = { reason: String(new FormData(event.currentTarget).get('reason') ?? ''), expiresOn: until };
    void form.submit(event, body, async (input) => {
      await callApi(creditHoldCalls.release, { params: { code: hold.sysObligorCode }, body: input });
      showToast(`${hold.name} may ship until ${formatDay(until)}.`);
      onClose();
      router.refresh();
    });
  }
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Release {hold.name}</DialogTitle>
          <p className="mt-1 text-sm text-slate-500">
            The dispatch desk may ship to this account until the day you choose (at most {MAX_RELEASE_DAYS} days); then
            the hold returns by itself if a rule still holds. Recorded in the audit log.
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
            <div>
              <label htmlFor="release-reason" className="block text-sm font-medium text-slate-700">
                Reason
              </label>
              <textarea
                id="release-reason"
                name="reason"
                rows={3}
                maxLength={500}
                placeholder="e.g. Post-dated cheque for ₹2,00,000 received; clears on Monday."
                className={inputClass}
                aria-invalid={Boolean(fields.reason)}
              />
              <FieldError id="release-reason-error" message={fields.reason} />
            </div>
            <div className="sm:w-1/2">
              <DateInput
                label="Ships until"
                value={until}
                min={today}
                onCommit={setUntil}
                testId="release-until"
                field="expiresOn"
                error={fields.expiresOn}
              />
            </div>
            <div className="flex justify-end gap-3">
              <button
                type="button"
                onClick={onClose}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {busy ? 'Releasing…' : 'Release'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
