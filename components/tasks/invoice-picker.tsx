'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { receivablesCalls, type TOpenInvoiceRow } from '@/lib/contract/receivables';
import { formatMoney } from '@/lib/domain/format';

/** The chosen customer's open invoices, most overdue first, to attach to the task. */
export function InvoicePicker({
  sysObligorCode,
  selected,
  onChange,
  error,
}: {
  sysObligorCode: string;
  selected: string[];
  onChange: (nums: string[]) => void;
  error?: string;
}) {
  const [invoices, setInvoices] = useState<TOpenInvoiceRow[] | null>(null);
  useEffect(() => {
    setInvoices(null);
    const query = { sysObligorCode, count: 50, sortBy: 'daysPastDue', order: 'DESC' } as const;
    callApi(receivablesCalls.openInvoices, { query })
      .then(({ rows }) => setInvoices(rows))
      .catch((err) => {
        console.error(err);
        setInvoices([]);
      });
  }, [sysObligorCode]);
  const toggle = (num: string) =>
    onChange(selected.includes(num) ? selected.filter((n) => n !== num) : [...selected, num]);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        Invoices <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      {invoices === null ? (
        <p className="mt-1 text-xs text-slate-500">Loading open invoices…</p>
      ) : invoices.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">This customer has no open invoices.</p>
      ) : (
        <ul className="mt-1 max-h-44 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {invoices.map((inv) => (
            <li key={inv.sysInvoiceNum}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={selected.includes(inv.sysInvoiceNum)}
                  onChange={() => toggle(inv.sysInvoiceNum)}
                />
                <span className="flex-1 font-medium text-slate-800">{inv.invoiceNum}</span>
                <span className={`text-xs ${inv.daysPastDue > 0 ? 'text-rose-700' : 'text-slate-500'}`}>
                  {inv.daysPastDue > 0 ? `${inv.daysPastDue} days late` : 'not due'}
                </span>
                <span className="w-28 text-right tabular-nums text-slate-700">{formatMoney(inv.outstanding)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1 text-xs text-rose-700">{error}</p>}
    </fieldset>
  );
}
