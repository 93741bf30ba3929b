'use client';

import { useUrlState } from './use-url-state';

/** The "As of" date of a page, in the URL as `date`; today is the default and leaves the URL clean. */
export function AsOfDate({ today }: { today: string }) {
  const { params, update } = useUrlState();
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-500">
      As of
      <input
        type="date"
        name="date"
        value={params.date ?? today}
        max="9999-12-31"
        onChange={(event) => update({ date: event.target.value === today ? null : event.target.value })}
        className="h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-normal text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
      />
    </label>
  );
}
