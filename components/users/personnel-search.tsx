'use client';

import { useState, type FormEvent } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { useUrlState } from '@/components/ui/use-url-state';

/** Name or email, from 3 characters (spec section 9), kept in the URL (?nameOrEmail=). */
export function PersonnelSearch() {
  const { params, update, pending } = useUrlState();
  const [text, setText] = useState(params.nameOrEmail ?? '');
  const term = text.trim();
  const tooShort = term.length > 0 && term.length < MIN_SEARCH_LENGTH;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!tooShort) update({ nameOrEmail: term || null }, { replace: true });
  }

  return (
    <form role="search" onSubmit={onSubmit} className="flex w-full max-w-sm flex-col gap-1">
      <label htmlFor="personnel-search" className="text-xs font-medium text-slate-500">
        Search
      </label>
      <input
        id="personnel-search"
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Name or email, then Enter"
        aria-invalid={tooShort}
        aria-describedby="personnel-search-hint"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') update({ nameOrEmail: null }, { replace: true });
        }}
        className="h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
      />
      <p id="personnel-search-hint" className={`h-4 text-xs ${tooShort ? 'text-amber-700' : 'text-slate-400'}`}>
        {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search` : pending ? 'Searching…' : ''}
      </p>
    </form>
  );
}
