'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { investorCalls, UNIT_FACE_VALUE, ZSubscribeBody } from '@/lib/contract/investors';
import { formatMoney } from '@/lib/domain/format';
import { useToast } from '@/components/feedback/toast';

const inr = (v: number) => formatMoney(v, 'INR', 'en-IN', 0);

/**
 * Subscribe to an offering. The browser checks the call's contract (a number, whole units) and this
 * offering's limits (the minimum ticket, what is left) so the investor sees the rule at once and
 * nothing is sent; the server checks again and is the one that counts.
 */
export function SubscribeForm({
  offeringId,
  minTicket,
  amountLeft,
}: {
  offeringId: number;
  minTicket: number;
  amountLeft: number;
}) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState(String(minTicket));
  const typed = amount.replace(/[,\s₹]/g, '');
  const value = Number(typed);
  // The call's contract, and this offering's limits that only the page knows.
  const schema = useMemo(
    () =>
      ZSubscribeBody.superRefine(({ amount }, ctx) => {
        if (amount < minTicket)
          ctx.addIssue({ code: 'custom', path: ['amount'], message: `The minimum ticket is ${inr(minTicket)}.` });
        else if (amount > amountLeft)
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `Only ${inr(amountLeft)} of this offering is left.`,
          });
      }),
    [minTicket, amountLeft],
  );
  const form = useContractForm(schema);
  const { busy } = form;
  const error = form.fields.amount ?? form.error;

  function submit(event: FormEvent<HTMLFormElement>) {
    void form.submit(event, { amount: typed === '' ? undefined : typed }, async () => {
      try {
        const res = await callApi(investorCalls.subscribe, { params: { id: offeringId }, body: { amount: value } });
        toast(`Subscribed: ${res.units} units for ${inr(value)}`);
        router.push(`/investors/my_securities/${res.holdingId}`);
      } catch (err) {
        // What is left may have changed since the page was drawn.
        router.refresh();
        throw err;
      }
    });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Subscribe" noValidate>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-500">
        Amount to invest (₹)
        <input
          inputMode="numeric"
          name="amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={error != null}
          aria-describedby="subscribe-hint"
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm tabular-nums text-slate-900 shadow-sm"
          data-testid="subscribe-amount"
        />
      </label>
      <p id="subscribe-hint" className="text-xs text-slate-500">
        {value > 0 && Number.isFinite(value)
          ? `${Math.floor(value / UNIT_FACE_VALUE)} units of ${inr(UNIT_FACE_VALUE)}. `
          : ''}
        Minimum {inr(minTicket)}, at most {inr(amountLeft)}.
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="subscribe-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}
