'use client';

import { useEffect, useRef, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { useUrlState } from './use-url-state';

const TYPING_PAUSE_MS = 350;

/**
 * A search box bound to one URL parameter. It only searches from 3 characters on (spec section 9)
 * and says so below the box otherwise; it waits for a pause in typing so the list follows the last
 * word typed, and the URL keeps the search so a bookmark reopens the same list.
 */
export function UrlSearchBox({
  param,
  id,
  label,
  placeholder,
  className = 'min-w-64',
}: {
  param: string;
  id: string;
  label: string;
  placeholder: string;
  className?: string;
}) {
  const { params, update, pending } = useUrlState();
  const inUrl = params[param] ?? '';
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
      update({ [param]: next || null }, { replace: true });
    }, delay);
  }

  return (
    <form
      role="search"
      className={`flex flex-col gap-1 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        search(text, 0);
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-slate-500">
        {label}
      </label>
      <div className="relative">
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400"
        >
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11M2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9"
            clipRule="evenodd"
          />
        </svg>
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          aria-invalid={tooShort}
          onChange={(event) => {
            setText(event.target.value);
            search(event.target.value, TYPING_PAUSE_MS);
          }}
          className="h-9 w-full rounded-md border border-slate-300 bg-white pl-8 pr-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
        />
      </div>
      <p
        id={`${id}-hint`}
        className={`h-4 text-xs ${tooShort ? 'text-amber-700' : 'text-slate-400'}`}
        data-testid={`${id}-hint`}
      >
        {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search` : pending ? 'Searching…' : ''}
      </p>
    </form>
  );
}
