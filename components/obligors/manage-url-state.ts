'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';

export type SectionChanges = Record<string, string | number | null | undefined>;

const PAGE = 'offset';

/**
 * The URL state of one list section mounted beside others on the same page (the manage-customer
 * list, the ratings list): its keys carry a prefix (mc_, rt_) so they never meet the page's own
 * parameters, and only its own page number resets when one of its filters or its sort changes.
 */
export function sectionHref(
  pathname: string,
  current: URLSearchParams,
  prefix: string,
  changes: SectionChanges,
): string {
  const next = new URLSearchParams(current);
  let resetPage = false;
  for (const [key, raw] of Object.entries(changes)) {
    const name = `${prefix}${key}`;
    const value = raw === null || raw === undefined || raw === '' ? null : String(raw);
    if ((next.get(name) ?? null) === value) continue;
    if (key !== PAGE) resetPage = true;
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  if (resetPage && !(PAGE in changes)) next.delete(`${prefix}${PAGE}`);
  if (next.get(`${prefix}${PAGE}`) === '1') next.delete(`${prefix}${PAGE}`);
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The section's own parameters without their prefix, links to changes, and navigation to them. */
export function useSectionState(prefix: string) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const values: Record<string, string> = {};
  for (const [key, value] of searchParams) {
    if (key.startsWith(prefix) && value !== '' && !(key.slice(prefix.length) in values))
      values[key.slice(prefix.length)] = value;
  }
  const href = (changes: SectionChanges) =>
    sectionHref(pathname, new URLSearchParams(searchParams.toString()), prefix, changes);
  // Typing in a search box replaces the history entry; picking a filter adds one (Back undoes it).
  const update = (changes: SectionChanges, { replace = false } = {}) => {
    const target = href(changes);
    startTransition(() =>
      replace ? router.replace(target, { scroll: false }) : router.push(target, { scroll: false }),
    );
  };
  return { values, href, update, pending };
}
