'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { msmeCalls, type TMsmeInterest } from '@/lib/contract/msme';
import { WarningBox } from '@/components/feedback/warning-box';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { MsmeTermsForm } from './msme-terms-form';

const SHOWN = 10;

/**
 * What the customer owes under MSMED Act s16 today: the total interest claimable and, per invoice,
 * the statutory due date, days beyond it, the principal still owed and the interest.
 */
export function MsmeInterestSection({
  obligorCode,
  money,
  canSetTerms,
}: {
  obligorCode: string;
  money: MoneyFormat;
  canSetTerms: boolean;
}) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ok'; data: TMsmeInterest }
  >({ status: 'loading' });
  const [all, setAll] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    callApi(msmeCalls.interest, { query: { sysObligorCode: obligorCode } })
      .then((data) => live && setState({ status: 'ok', data }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [obligorCode, version]);

  return (
    <section
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="msme-interest-section"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">MSMED Act interest</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            s16: compound interest with monthly rests at three times the RBI Bank Rate, from the day after the statutory
            due date (15 days from acceptance, or the agreed days up to 45). Acceptance is taken as the invoice date.
            Not legal advice.
          </p>
        </div>
        {state.status === 'ok' && state.data.applies && (
          <p className="text-right text-xs text-slate-500">
            <span className="mb-1 block">
              Case file for MSME Samadhaan:{' '}
              <a
                href={`/api/msme/case_file.pdf?sysObligorCode=${encodeURIComponent(obligorCode)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                PDF
              </a>{' '}
              ·{' '}
              <a
                href={`/api/msme/case_file.xlsx?sysObligorCode=${encodeURIComponent(obligorCode)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Excel
              </a>
            </span>
            <span className="mb-1 block">
              Interest debit note draft:{' '}
              <a
                href={`/api/msme/debit_note.csv?sysObligorCode=${encodeURIComponent(obligorCode)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                CSV
              </a>{' '}
              ·{' '}
              <a
                href={`/api/msme/debit_note.xml?sysObligorCode=${encodeURIComponent(obligorCode)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Tally XML
              </a>
            </span>
            Claimable today
            <span className="block text-lg font-semibold text-slate-900" data-testid="msme-total-interest">
              <Money value={state.data.totalInterest} format={money} />
            </span>
          </p>
        )}
      </header>
      {state.status === 'loading' && <TableSkeleton rows={3} columns={5} />}
      {state.status === 'error' && (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      )}
      {state.status === 'ok' && !state.data.applies && (
        <p className="px-5 py-4 text-sm text-slate-500">{state.data.reason}</p>
      )}
      {state.status === 'ok' && state.data.applies && state.data.invoices.length === 0 && (
        <p className="px-5 py-4 text-sm text-slate-500">Nothing is owed beyond its statutory due date.</p>
      )}
      {state.status === 'ok' && state.data.applies && state.data.invoices.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-5 py-2">Invoice</th>
                <th className="px-3 py-2">Statutory due</th>
                <th className="px-3 py-2 text-right">Days beyond</th>
                <th className="px-3 py-2 text-right">Principal owed</th>
                <th className="px-5 py-2 text-right">Interest</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(all ? state.data.invoices : state.data.invoices.slice(0, SHOWN)).map((i) => (
                <tr key={i.sysInvoiceNum} data-invoice={i.sysInvoiceNum}>
                  <td className="px-5 py-2 font-medium text-slate-900">{i.invoiceNum}</td>
                  <td className="px-3 py-2">
                    <Day iso={i.statutoryDueDate} />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{i.daysBeyond}</td>
                  <td className="px-3 py-2 text-right">
                    <Money value={i.principalOutstanding} format={money} />
                  </td>
                  <td className="px-5 py-2 text-right font-medium">
                    <Money value={i.interest} format={money} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.data.invoices.length > SHOWN && (
            <button
              type="button"
              onClick={() => setAll((v) => !v)}
              className="px-5 py-2 text-xs font-medium text-brand-700 hover:underline"
            >
              {all ? 'Show fewer' : `Show all ${state.data.invoices.length} invoices`}
            </button>
          )}
        </div>
      )}
      {canSetTerms && state.status === 'ok' && (
        <MsmeTermsForm
          key={`${state.data.agreedCreditDays ?? ''}-${state.data.optOut}`}
          code={obligorCode}
          agreedCreditDays={state.data.agreedCreditDays}
          optOut={state.data.optOut}
          onSaved={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}
