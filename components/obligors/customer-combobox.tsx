'use client';

import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { customerCalls } from '@/lib/contract/customers';
import type { TObligorMatch } from '@/lib/contract/obligors';

const TYPING_PAUSE_MS = 300;

/**
 * Find a customer by name or code (GET /v3/parentobligors?obligorName=). It asks the server only
 * from 3 characters on (spec section 5) and only for the last text typed (an older answer arriving
 * late is ignored); a failed search only logs (spec section 8) and shows no matches. `id` also
 * names the test ids (`{id}`, `{id}-option`, `{id}-hint`).
 */
export function CustomerCombobox({
  id,
  placeholder,
  parentNote,
  hint = '',
  autoFocus = false,
  inputClassName,
  listClassName,
  onPick,
}: {
  id: string;
  placeholder: string;
  /** The line under a parent customer's name. */
  parentNote: string;
  hint?: string;
  autoFocus?: boolean;
  inputClassName: string;
  listClassName: string;
  onPick: (match: TObligorMatch) => void;
}) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<TObligorMatch[] | null>(null);
  const latest = useRef(0);
  const term = text.trim();
  const tooShort = term.length > 0 && term.length < MIN_SEARCH_LENGTH;

  useEffect(() => {
    if (term.length < MIN_SEARCH_LENGTH) {
      setMatches(null);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(() => {
      callApi(customerCalls.search, { query: { obligorName: term } })
        .then((rows) => {
          if (request === latest.current) setMatches(rows);
        })
        .catch((error: unknown) => {
          console.error('customer search failed', error);
          if (request === latest.current) setMatches([]);
        });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  return (
    <>
      <Combobox<TObligorMatch | null>
        value={null}
        onChange={(match) => {
          if (match) onPick(match);
        }}
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            type="search"
            autoComplete="off"
            autoFocus={autoFocus}
            placeholder={placeholder}
            aria-describedby={`${id}-hint`}
            aria-invalid={tooShort}
            onChange={(event) => setText(event.target.value)}
            className={inputClassName}
            data-testid={id}
          />
          {matches && (
            <ComboboxOptions
              className={`absolute z-20 mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg ${listClassName}`}
              data-testid={`${id}-results`}
            >
              {matches.length === 0 && <div className="px-3 py-2 text-slate-500">No customer matches “{term}”.</div>}
              {matches.map((match) => (
                <ComboboxOption
                  key={match.sysObligorCode}
                  value={match}
                  className="cursor-pointer px-3 py-2 data-[focus]:bg-brand-50"
                  data-testid={`${id}-option`}
                >
                  <span className="font-medium text-slate-900">{match.name}</span>
                  <span className="ml-2 text-xs text-slate-400">{match.sysObligorCode}</span>
                  <span className="block text-xs text-slate-500">
                    {match.parentName ? `Part of ${match.parentName}` : parentNote}
                    {match.city ? ` · ${match.city}` : ''}
                  </span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p
        id={`${id}-hint`}
        className={`h-4 text-xs ${tooShort ? 'text-amber-700' : 'text-slate-400'}`}
        data-testid={`${id}-hint`}
      >
        {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search` : hint}
      </p>
    </>
  );
}
