'use client';

import type { ParamChanges } from '@/lib/client/url-state';
import { useUrlState } from './use-url-state';

export interface Option {
  value: string;
  label: string;
}

/** A filter drop-down bound to one URL parameter; 'All' removes the parameter. */
export function ParamSelect({
  name,
  label,
  options,
  allLabel = 'All',
  alsoChange,
}: {
  name: string;
  label: string;
  options: Option[];
  allLabel?: string;
  /** Other parameters that no longer make sense once this one changes. */
  alsoChange?: (value: string) => ParamChanges;
}) {
  const { params, update } = useUrlState();
  const current = params[name] ?? '';
  const known = current === '' || options.some((option) => option.value === current);
  return (
    <label className="flex min-w-36 flex-col gap-1 text-xs font-medium text-slate-500">
      {label}
      <select
        name={name}
        value={current}
        onChange={(event) => update({ [name]: event.target.value, ...alsoChange?.(event.target.value) })}
        className="h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-normal text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
      >
        <option value="">{allLabel}</option>
        {!known && <option value={current}>{current}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
