'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { receivablesCalls, type TOpenInvoiceRow } from '@/lib/contract/receivables';
import { formatCount, formatMoney } from '@/lib/domain/format';

const SHOWN = 50;

/**
 * The chosen customer's open invoices to attach to the task, most overdue first: for a parent
 * customer, those of its whole family (each with the account it belongs to). A search by invoice
 * number reaches the ones past the first 50.
 */
export function InvoicePicker({
  sysObligorCode,
  selected,
  onChange,
  error,
  required = false,
}: {
  sysObligorCode: string;
  selected: string[];
  onChange: (nums: string[]) => void;
  error?: string;
  /** At least one must be chosen (a dispute is of invoices); else the legend says "optional". */
  required?: boolean;
}) {
  const [invoices, setInvoices] = useState<{ rows: TOpenInvoiceRow[]; total: number } | null>(null);
  const [search, setSearch] = useState('');
  const term = search.trim();
  const searching = term.length >= MIN_SEARCH_LENGTH;

  useEffect(() => {
    let current = true;
    setInvoices(null);
    const base = {
      count: SHOWN,
      sortBy: 'daysPastDue',
      order: 'DESC',
      ...(searching && { invoiceNum: term }),
    } as const;
    // The customer's own items, and its family's when it is a parent (a child's family query is empty).
    const timer = setTimeout(() => {
      Promise.all([
        callApi(receivablesCalls.openInvoices, { query: { ...base, sysObligorCode } }),
        callApi(receivablesCalls.openInvoices, { query: { ...base, parentSysObligorCode: sysObligorCode } }),
      ])
        .then(([own, family]) => {
          if (!current) return;
          const byNum = new Map([...own.rows, ...family.rows].map((row) => [row.sysInvoiceNum, row]));
          const rows = [...byNum.values()].sort((a, b) => b.daysPastDue - a.daysPastDue).slice(0, SHOWN);
          setInvoices({ rows, total: Math.max(own.total, family.total) });
        })
        .catch((err) => {
          console.error(err);
          if (current) setInvoices({ rows: [], total: 0 });
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [sysObligorCode, searching, term]);

  const toggle = (num: string) =>
    onChange(selected.includes(num) ? selected.filter((n) => n !== num) : [...selected, num]);
  const family = invoices?.rows.some((row) => row.sysObligorCode !== sysObligorCode) ?? false;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        Invoices {!required && <span className="font-normal text-slate-500">(optional)</span>}
      </legend>
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search by invoice number (3+ characters)"
        aria-label="Search invoices by number"
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
      />
      {invoices === null ? (
        <p className="mt-1 text-xs text-slate-500">Loading open invoices…</p>
      ) : invoices.rows.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">
          {searching ? `No open invoice number contains “${term}”.` : 'This customer has no open invoices.'}
        </p>
      ) : (
        <>
          <ul
            className="mt-1 max-h-56 divide-y divide-slate-100 overflow-y-auto overflow-x-hidden rounded-md border border-slate-200"
            data-testid="invoice-picker"
          >
            {invoices.rows.map((inv) => (
              <li key={inv.sysInvoiceNum}>
                {/* The number and the account's name wrap in the space left to them (min-w-0): the
                    row never grows wider than the dialog, and no name is cut. */}
                <label className="flex cursor-pointer items-start gap-3 px-3 py-1.5 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="mt-0.5 shrink-0"
                    checked={selected.includes(inv.sysInvoiceNum)}
                    onChange={() => toggle(inv.sysInvoiceNum)}
                  />
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-medium text-slate-800">{inv.invoiceNum}</span>
                    {family && <span className="block text-xs text-slate-500">{inv.obligorName}</span>}
                  </span>
                  <span
                    className={`shrink-0 whitespace-nowrap text-xs leading-5 ${inv.daysPastDue > 0 ? 'text-rose-700' : 'text-slate-500'}`}
                  >
                    {inv.outstanding < 0 ? 'credit' : inv.daysPastDue > 0 ? `${inv.daysPastDue} days late` : 'not due'}
                  </span>
                  <span className="shrink-0 whitespace-nowrap text-right tabular-nums text-slate-700">
                    {formatMoney(inv.outstanding)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {invoices.total > invoices.rows.length && (
            <p className="mt-1 text-xs text-slate-500">
              The {formatCount(invoices.rows.length)} most overdue of {formatCount(invoices.total)} open items: search
              by number for the others.
            </p>
          )}
        </>
      )}
      {error && <p className="mt-1 text-xs text-rose-700">{error}</p>}
    </fieldset>
  );
}
