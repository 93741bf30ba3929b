'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { api } from '@/lib/client/api';

export interface Pick {
  id: string;
  label: string;
  detail?: string;
}

/** How a picker finds its picks for a text of 3 or more characters. */
export type PickSearch =
  /** A call of the table, typed: e.g. `(text) => callApi(personnelCalls.users, …).then(…)`. */
  | { search: (text: string) => Promise<Pick[]> }
  /** @deprecated An API path and its search parameter, rows read untyped: for callers whose call is not in the table yet. */
  | { path: string; param: string; toPick: (row: Record<string, unknown>) => Pick };

function find(how: PickSearch, text: string): Promise<Pick[]> {
  if ('search' in how) return how.search(text);
  return api
    .get(how.path, { searchParams: { [how.param]: text } })
    .json<Record<string, unknown>[]>()
    .then((rows) => rows.map(how.toPick));
}

/**
 * A search box that asks the server only from 3 characters (spec section 5), keeps the latest
 * answer only, and lets the user pick one result. Search failures leave an empty list (spec 8).
 */
export function SearchPicker({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  ...how
}: {
  id: string;
  label: string;
  value: Pick | null;
  onChange: (pick: Pick | null) => void;
  error?: string;
  placeholder: string;
} & PickSearch) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Pick[]>([]);
  const latest = useRef(0);
  // The latest search of the props, without asking again when only the caller re-rendered.
  const search = useEffectEvent((query: string) => find(how, query));

  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_SEARCH_LENGTH) {
      setResults([]);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(() => {
      search(query)
        .then((picks) => request === latest.current && setResults(picks))
        .catch((err) => {
          console.error(err);
          if (request === latest.current) setResults([]);
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);

  if (value) {
    return (
      <div>
        <p className="block text-sm font-medium text-slate-700">{label}</p>
        <div className="mt-1 flex items-center justify-between rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <span>
            <span className="font-medium text-slate-900">{value.label}</span>
            {value.detail && <span className="text-slate-500"> · {value.detail}</span>}
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="text-xs font-medium text-brand-700 hover:underline"
          >
            Change
          </button>
        </div>
      </div>
    );
  }
  const short = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-rose-400"
      />
      {short && <p className="mt-1 text-xs text-slate-500">Type at least {MIN_SEARCH_LENGTH} characters to search.</p>}
      {error && <p className="mt-1 text-xs text-rose-700">{error}</p>}
      {results.length > 0 && (
        <ul
          role="listbox"
          aria-label={`${label} results`}
          className="absolute z-10 mt-1 max-h-56 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {results.map((pick) => (
            <li key={pick.id} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => {
                  onChange(pick);
                  setText('');
                }}
                className="block w-full px-3 py-2 text-left hover:bg-slate-50"
              >
                <span className="font-medium text-slate-900">{pick.label}</span>
                {pick.detail && <span className="block text-xs text-slate-500">{pick.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
