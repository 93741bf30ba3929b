'use client';

import { useEffect, useRef, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { useUrlState } from '@/components/ui/use-url-state';

const TYPING_PAUSE_MS = 350;

/**
 * Search by invoice number. It only searches from 3 characters on (spec section 9) and says so
 * below the box otherwise; it waits for a pause in typing so the list follows the last word typed.
 */
export function InvoiceSearch() {
  const { params, update, pending } = useUrlState();
  const inUrl = params.invoiceNum ?? '';
  const [text, setText] = useState(inUrl);
  const [lastSeen, setLastSeen] = useState(inUrl);
  const [sent, setSent] = useState<string | null>(null);
  // Reset, Back or a link changed the search: show it. Our own search arriving in the URL must not
  // overwrite what the user has typed since.
  if (inUrl !== lastSeen) {
    setLastSeen(inUrl);
    if (inUrl !== sent && text.trim() !== inUrl) setText(inUrl);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const term = text.trim();
  const tooShort = term.length > 0 && term.length < MIN_SEARCH_LENGTH;

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(value: string, delay: number) {
    clearTimeout(timer.current);
    const next = value.trim();
    if (next.length > 0 && next.length < MIN_SEARCH_LENGTH) return;
    if (next === inUrl) return;
    timer.current = setTimeout(() => {
      setSent(next);
      update({ invoiceNum: next || null }, { replace: true });
    }, delay);
  }

  return (
    <form role="search" className="flex min-w-64 flex-col gap-1" onSubmit={(event) => { event.preventDefault(); search(text, 0); }}>
      <label htmlFor="invoice-search" className="text-xs font-medium text-slate-500">Invoice number</label>
      <div className="relative">
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400">
          <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11M2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9" clipRule="evenodd" />
        </svg>
        <input
          id="invoice-search"
          type="search"
          value={text}
          placeholder="e.g. INV/2025-26/000938"
          autoComplete="off"
          aria-describedby="invoice-search-hint"
          aria-invalid={tooShort}
          onChange={(event) => { setText(event.target.value); search(event.target.value, TYPING_PAUSE_MS); }}
          className="h-9 w-full rounded-md border border-slate-300 bg-white pl-8 pr-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
        />
      </div>
      <p id="invoice-search-hint" className={`h-4 text-xs ${tooShort ? 'text-amber-700' : 'text-slate-400'}`} data-testid="invoice-search-hint">
        {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search` : pending ? 'Searching…' : ''}
      </p>
    </form>
  );
}
