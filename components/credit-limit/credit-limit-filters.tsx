'use client';

import { asOfCheck } from '@/lib/domain/as-of';
import { DateInput } from '@/components/ui/date-input';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { CREDIT_LIMIT_STATUS_LABELS, CREDIT_LIMIT_STATUSES } from '@/lib/domain/credit-limit';
import { PAGE_PARAM } from '@/lib/client/url-state';
import { ParamSelect, type Option } from '@/components/ui/param-select';
import { useUrlState } from '@/components/ui/use-url-state';

const TYPING_PAUSE_MS = 400;
const INPUT =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-normal text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20';

/** Search (from 3 characters), as-of date, band, dim1 and (accounts) the family: each written to the URL, back to page 1. Reset keeps the view. */
export function CreditLimitFilters({
  dim1Name,
  dim1Values,
  today,
  ledgerStart,
}: {
  dim1Name: string;
  dim1Values: Option[];
  today: string;
  ledgerStart: string | null;
}) {
  const { params, update, pending, pathname } = useUrlState();
  const [text, setText] = useState(params.search ?? '');
  const term = text.trim();
  const tooShort = term.length > 0 && term.length < MIN_SEARCH_LENGTH;

  useEffect(() => {
    const wanted = term.length >= MIN_SEARCH_LENGTH ? term : '';
    if (wanted === (params.search ?? '') || tooShort) return;
    const timer = setTimeout(
      () => update({ search: wanted || null, [PAGE_PARAM]: null }, { replace: true }),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [term]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
      data-testid="credit-limit-filters"
      aria-busy={pending}
    >
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <label className="flex min-w-64 flex-col gap-1 text-xs font-medium text-slate-500">
          {params.view === 'accounts' ? 'Search accounts' : 'Search customers'}
          <input
            type="search"
            name="search"
            value={text}
            placeholder="Name or code"
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            className={INPUT}
            aria-describedby="credit-search-hint"
          />
          <span id="credit-search-hint" className={`font-normal ${tooShort ? 'text-amber-700' : 'text-slate-400'}`}>
            {tooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters` : ' '}
          </span>
        </label>
        <DateInput
          label="As of"
          value={params.date ?? today}
          testId="credit-limit-date"
          check={asOfCheck({ today, ledgerStart })}
          onCommit={(day) => update({ date: day === today ? null : day, [PAGE_PARAM]: null })}
        />
        <ParamSelect
          name="status"
          label="Utilisation"
          options={CREDIT_LIMIT_STATUSES.map((value) => ({ value, label: CREDIT_LIMIT_STATUS_LABELS[value] }))}
          alsoChange={() => ({ [PAGE_PARAM]: null })}
        />
        <ParamSelect name="dim" label={dim1Name} options={dim1Values} alsoChange={() => ({ [PAGE_PARAM]: null })} />
        {params.family && (
          <div className="flex h-[3.25rem] items-end pb-1.5">
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-600/20"
              data-testid="family-chip"
            >
              Family {params.family}
              <button
                type="button"
                onClick={() => update({ family: null, [PAGE_PARAM]: null })}
                aria-label={`Show the accounts of every family, not only ${params.family}`}
                className="rounded-full px-1 text-brand-700 hover:bg-brand-100"
              >
                ×
              </button>
            </span>
          </div>
        )}
        <div className="ml-auto flex h-[3.25rem] items-end gap-3 pb-2">
          {pending && (
            <span className="text-xs text-slate-400" role="status">
              Updating…
            </span>
          )}
          <Link
            href={params.view ? `${pathname}?view=${encodeURIComponent(params.view)}` : pathname}
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => setText('')}
          >
            Reset
          </Link>
        </div>
      </div>
    </div>
  );
}
