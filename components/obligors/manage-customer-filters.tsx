'use client';

import { useEffect, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { SearchPicker, type Pick } from '@/components/tasks/search-picker';
import { ROLE_NAMES } from './manage-assign-dialog';
import type { SectionChanges } from './manage-url-state';

export const FILTER_KEYS = [
  'search',
  'businessId',
  'parentSysObligorCode',
  'guestId',
  'representativeId',
  'rmId',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const toUser = (row: Record<string, unknown>): Pick => ({
  id: String(row.id),
  label: String(row.name),
  detail: `${row.email} · ${ROLE_NAMES[String(row.role)] ?? row.role}`,
});
// Picking a child obligor filters on its family: the filter is the parent obligor.
const toFamily = (row: Record<string, unknown>): Pick => ({
  id: `${row.parentSysObligorCode ?? row.sysObligorCode}|${row.sysObligorCode}`,
  label: String(row.parentName ?? row.name),
  detail: row.parentSysObligorCode
    ? `family of ${row.name} (${row.sysObligorCode})`
    : `parent obligor · ${row.sysObligorCode}`,
});

/** A text filter that reaches the URL once typing pauses, and only when empty or 3+ characters long. */
function TextFilter({
  id,
  label,
  value,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value || (trimmed.length > 0 && trimmed.length < MIN_SEARCH_LENGTH)) return;
    const timer = setTimeout(() => onChange(trimmed), 350);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  const short = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      {short && <p className="mt-1 text-xs text-slate-500">Type at least {MIN_SEARCH_LENGTH} characters.</p>}
    </div>
  );
}

/**
 * The manage-customer filters (spec section 3): name or code, GSTIN, parent obligor, field officer,
 * area sales manager and RM. People and parents are found by a 3+ character search; the URL keeps
 * their ids, and `labels` names them again after a reload.
 */
export function ManageCustomerFilters({
  values,
  labels,
  update,
}: {
  values: Record<string, string>;
  labels: Partial<Record<FilterKey, string>>;
  update: (changes: SectionChanges, options?: { replace?: boolean }) => void;
}) {
  const [picked, setPicked] = useState<Partial<Record<FilterKey, string>>>({});
  const valueOf = (key: FilterKey): Pick | null => {
    const id = values[key];
    if (!id) return null;
    return { id, label: picked[key] ?? labels[key] ?? (key === 'parentSysObligorCode' ? id : `User ${id}`) };
  };
  const choose = (key: FilterKey, pick: Pick | null) => {
    const id = pick ? pick.id.split('|')[0]! : null;
    if (pick) setPicked((p) => ({ ...p, [key]: pick.label }));
    update({ [key]: id });
  };
  const people: [FilterKey, string][] = [
    ['guestId', 'Field officer'],
    ['representativeId', 'Area sales manager'],
    ['rmId', 'Relationship manager'],
  ];
  const active = FILTER_KEYS.some((key) => values[key]);
  return (
    <div className="border-b border-slate-100 px-5 py-4">
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        <TextFilter
          id="mc-search"
          label="Obligor name or code"
          value={values.search ?? ''}
          placeholder="e.g. Sharma or C00123"
          onChange={(text) => update({ search: text }, { replace: true })}
        />
        <TextFilter
          id="mc-gstin"
          label="GSTIN"
          value={values.businessId ?? ''}
          placeholder="Whole GSTIN or part of it"
          onChange={(text) => update({ businessId: text }, { replace: true })}
        />
        <SearchPicker
          id="mc-parent"
          label="Parent obligor"
          path="v3/parentobligors"
          param="obligorName"
          toPick={toFamily}
          value={valueOf('parentSysObligorCode')}
          onChange={(pick) => choose('parentSysObligorCode', pick)}
          placeholder="Search a customer name"
        />
        {people.map(([key, label]) => (
          <SearchPicker
            key={key}
            id={`mc-${key}`}
            label={label}
            path="users"
            param="nameOrEmail"
            toPick={toUser}
            value={valueOf(key)}
            onChange={(pick) => choose(key, pick)}
            placeholder="Search by name or email"
          />
        ))}
      </div>
      {active && (
        <button
          type="button"
          onClick={() => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
          className="mt-3 text-sm font-medium text-brand-700 hover:underline"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
