'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/client/api';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';

export type PagedState<T> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ok'; rows: T[]; total: number };

/**
 * One page of an API list for a client section. Pages already fetched are kept, so going back to
 * one does not ask again (spec section 4: unchanged parameters are not requested twice); only the
 * latest request may set the state; `reload` forgets everything after a change.
 */
export function usePagedList<T>(path: string, searchParams: Record<string, string | number>) {
  const [state, setState] = useState<PagedState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const cache = useRef(new Map<string, { rows: T[]; total: number }>());
  const latest = useRef(0);
  const refreshing = useRef(false);
  const key = `${path}?${new URLSearchParams(Object.entries(searchParams).map(([k, v]) => [k, String(v)])).toString()}`;

  useEffect(() => {
    const cached = cache.current.get(key);
    if (cached) {
      setState({ status: 'ok', ...cached });
      return;
    }
    const request = ++latest.current;
    // After a change the rows stay on screen until the fresh ones arrive; a new page shows its skeleton.
    if (!refreshing.current) setState({ status: 'loading' });
    refreshing.current = false;
    const [pathname, query] = key.split('?');
    api.get(pathname!, { searchParams: new URLSearchParams(query) })
      .then(async (response) => {
        const result = { rows: (await response.json()) as T[], total: Number(response.headers.get(TOTAL_RECORDS_HEADER) ?? 0) };
        cache.current.set(key, result);
        if (request === latest.current) setState({ status: 'ok', ...result });
      })
      .catch((error: unknown) => {
        if (request !== latest.current) return;
        // A customer outside the user's scope answers 404: for them there is simply no data.
        if ((error as { response?: Response }).response?.status === 404) return setState({ status: 'ok', rows: [], total: 0 });
        console.error('Error fetching', pathname, error);
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
