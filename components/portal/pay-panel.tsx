'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { customerDoorCalls, ZRemittanceBody, type TPayment } from '@/lib/contract/customer-door';
import type { TOpenItem } from '@/lib/contract/portal';
import { callApi, apiErrorMessage } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { formatMoney } from '@/lib/domain/format';
import { FieldError, inputClass } from '@/components/contacts/form-field';
import { DateInput } from '@/components/ui/date-input';
import { useToast } from '@/components/feedback/toast';
import { LabelledField } from '@/components/ui/labelled-field';
import { PortalPanel } from './portal-panel';

const owes = (i: TOpenItem) => i.docType !== 'CREDIT_NOTE' && i.docType !== 'WRITE_OFF' && i.outstanding > 0;

/**
 * The customer's own "Pay" box: tick bills and pay them ("Pay selected"), or every overdue one
 * ("Pay all overdue"), by a UPI QR made on the server with the exact amount and a note naming the
 * bills; then "I have paid" tells the supplier the amount, day and UTR or cheque number.
 */
export function PayPanel({ code, items, today }: { code: string; items: TOpenItem[]; today: string }) {
  const bills = items.filter(owes);
  const [chosen, setChosen] = useState<string[]>([]);
  const [payment, setPayment] = useState<TPayment | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [told, setTold] = useState(false);
  const [paidOn, setPaidOn] = useState(today);
  const form = useContractForm(ZRemittanceBody);
  const router = useRouter();
  const toast = useToast();
  const selectedTotal =
    bills.filter((b) => chosen.includes(b.sysInvoiceNum)).reduce((s, b) => s + Math.round(b.outstanding * 100), 0) /
    100;

  async function pay(overdue: boolean) {
    setPaying(true);
    setPayError(null);
    try {
      setPayment(
        await callApi(customerDoorCalls.pay, {
          body: { sysObligorCode: code, overdue, sysInvoiceNums: overdue ? [] : chosen },
        }),
      );
    } catch (error) {
      setPayError((await apiErrorMessage(error)).message);
    } finally {
      setPaying(false);
    }
  }

  function onPaid(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      sysObligorCode: code,
      amount: String(data.get('amount') ?? ''),
      paidOn,
      reference: String(data.get('reference') ?? ''),
      sysInvoiceNums: chosen,
    };
    void form.submit(event, body, async (input) => {
      await callApi(customerDoorCalls.remit, { body: input });
      setTold(true);
      toast('Thank you: your supplier has been told of your payment.');
      router.refresh();
    });
  }

  if (!bills.length) return null;
  const field = (name: string) => form.aria('paid', name);
  return (
    <PortalPanel
      title="Pay your bills"
      description="Tick the bills you pay, or pay everything overdue. The QR code carries the exact amount and the bills' numbers."
      testId="pay-panel"
    >
      <ul className="mt-3 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
        {bills.map((b) => (
          <li key={b.sysInvoiceNum} className="flex items-center gap-3 px-3 py-2 text-sm">
            <input
              type="checkbox"
              id={`pay-${b.sysInvoiceNum}`}
              checked={chosen.includes(b.sysInvoiceNum)}
              onChange={(e) =>
                setChosen((c) => (e.target.checked ? [...c, b.sysInvoiceNum] : c.filter((n) => n !== b.sysInvoiceNum)))
              }
              className="h-4 w-4 rounded border-slate-300"
            />
            <label htmlFor={`pay-${b.sysInvoiceNum}`} className="flex flex-1 justify-between gap-3">
              <span>
                <span className="font-medium text-slate-900">{b.invoiceNum}</span>
                {b.daysPastDue > 0 && <span className="ml-2 text-xs text-rose-700">{b.daysPastDue} days overdue</span>}
              </span>
              <span className="tabular-nums">{formatMoney(b.outstanding)}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={paying || chosen.length === 0}
          onClick={() => void pay(false)}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          Pay selected{chosen.length ? ` (${chosen.length}, ${formatMoney(selectedTotal)})` : ''}
        </button>
        <button
          type="button"
          disabled={paying}
          onClick={() => void pay(true)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Pay all overdue
        </button>
      </div>
      {payError && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {payError}
        </p>
      )}
      {payment && (
        <div className="mt-4 flex flex-wrap items-center gap-5 rounded-lg bg-slate-50 p-4" data-testid="pay-qr">
          {payment.qrSvg && (
            <a href={payment.upiLink ?? undefined} className="block h-40 w-40 shrink-0" title="Open in a UPI app">
              {/* An SVG made on the server by qrcode from the UPI link: no script, no outside service. */}
              <span className="block h-40 w-40" dangerouslySetInnerHTML={{ __html: payment.qrSvg }} />
            </a>
          )}
          <div className="space-y-1 text-sm">
            <p>
              Amount{' '}
              <span className="font-semibold tabular-nums" data-testid="pay-amount">
                {formatMoney(payment.amount)}
              </span>
            </p>
            <p>
              Reference{' '}
              <span className="font-medium" data-testid="pay-reference">
                {payment.reference}
              </span>
            </p>
            {payment.upiLink ? (
              <a
                href={payment.upiLink}
                className="inline-block rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white"
              >
                Pay by UPI
              </a>
            ) : (
              <p className="text-xs text-slate-600">Please pay by bank transfer (details above).</p>
            )}
          </div>
        </div>
      )}
      <form onSubmit={onPaid} noValidate className="mt-5 border-t border-slate-100 pt-4" aria-label="I have paid">
        <h4 className="text-sm font-semibold text-slate-900">I have paid</h4>
        <p className="mt-0.5 text-xs text-slate-500">
          Tell us what you paid for the ticked bills: we stop reminding you of them while we find your payment.
        </p>
        {form.error && (
          <p role="alert" className="mt-2 text-sm text-rose-700">
            {form.error}
          </p>
        )}
        {told ? (
          <p className="mt-3 text-sm text-emerald-700" data-testid="paid-told">
            Thank you: we have your payment advice.
          </p>
        ) : (
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            <LabelledField id="paid-amount" label="Amount paid (₹)" error={form.fields.amount}>
              <input
                id="paid-amount"
                name="amount"
                inputMode="decimal"
                key={selectedTotal}
                defaultValue={selectedTotal ? selectedTotal.toFixed(2) : ''}
                className={inputClass}
                {...field('amount')}
              />
            </LabelledField>
            <div>
              <DateInput
                label="Paid on"
                value={paidOn}
                onCommit={setPaidOn}
                max={today}
                field="paidOn"
                error={form.fields.paidOn}
                testId="paid-on"
              />
            </div>
            <LabelledField id="paid-reference" label="UTR or cheque number" error={form.fields.reference}>
              <input id="paid-reference" name="reference" className={inputClass} {...field('reference')} />
            </LabelledField>
            <div className="sm:col-span-3">
              <FieldError id="paid-sysInvoiceNums-error" message={form.fields.sysInvoiceNums} />
              <button
                type="submit"
                disabled={form.busy}
                className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-50"
              >
                Send payment advice
              </button>
            </div>
          </div>
        )}
      </form>
    </PortalPanel>
  );
}
