'use client';

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { api, callApi } from '@/lib/client/api';
import { fillPath, type CallInput } from '@/lib/contract/call';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';
import type { PagedCall, PagedRow } from '@/lib/client/use-paged-list';

export type PagedState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ok'; rows: T[]; total: number };

type Page<T> = { rows: T[]; total: number };

export interface PagedSection<T> {
  state: PagedState<T>;
  reload: () => void;
}

/**
 * One page of a paged call for a client section, typed by the call's contract. Pages already
 * fetched are kept, so going back to one does not ask again (spec section 4: unchanged parameters
 * are not requested twice); only the latest request may set the state; `reload` forgets everything after a change.
 */
export function usePagedList<C extends PagedCall>(call: C, input: CallInput<C>): PagedSection<PagedRow<C>>;
/** @deprecated An API path and its query, rows untyped: for callers whose call is not yet in the table. */
export function usePagedList<T>(path: string, searchParams: Record<string, string | number>): PagedSection<T>;
export function usePagedList<T>(target: PagedCall | string, input: object): PagedSection<T> {
  const [state, setState] = useState<PagedState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const cache = useRef(new Map<string, Page<T>>());
  const latest = useRef(0);
  const refreshing = useRef(false);
  const key = keyOf(target, input);
  // The request of the latest render; the effect runs again only when its identity (key) changes.
  const fetchCurrent = useEffectEvent(() => fetchPage<T>(target, input));

  useEffect(() => {
    const cached = cache.current.get(key);
    if (cached) {
      setState({ status: 'ok', ...cached });
      return;
    }
    const id = ++latest.current;
    // After a change the rows stay on screen until the fresh ones arrive; a new page shows its skeleton.
    if (!refreshing.current) setState({ status: 'loading' });
    refreshing.current = false;
    fetchCurrent()
      .then((result) => {
        cache.current.set(key, result);
        if (id === latest.current) setState({ status: 'ok', ...result });
      })
      .catch((error: unknown) => {
        if (id !== latest.current) return;
        // A customer outside the user's scope answers 404: for them there is simply no data.
        if ((error as { response?: Response }).response?.status === 404)
          return setState({ status: 'ok', rows: [], total: 0 });
        console.error('Error fetching', key, error);
        setState({ status: 'error' });
      });
  }, [key, version]);

  const reload = useCallback(() => {
    cache.current.clear();
    refreshing.current = true;
    setVersion((v) => v + 1);
  }, []);

  return { state, reload };
}

/** The request's identity: its path (parameters filled in) and its query. */
function keyOf(target: PagedCall | string, input: object): string {
  if (typeof target === 'string') return `${target}?${queryString(input)}`;
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return `${fillPath(target.path, params)}?${queryString(query ?? {})}`;
}

function queryString(query: object): string {
  return new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
}

async function fetchPage<T>(target: PagedCall | string, input: object): Promise<Page<T>> {
  if (typeof target !== 'string') return callApi(target, input as CallInput<PagedCall>) as Promise<Page<T>>;
  const response = await api.get(target, { searchParams: input as Record<string, string | number> });
  return { rows: (await response.json()) as T[], total: Number(response.headers.get(TOTAL_RECORDS_HEADER) ?? 0) };
}
