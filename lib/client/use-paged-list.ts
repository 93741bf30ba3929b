'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api';

export interface PagedList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: boolean;
}

/**
 * A list read from a paged API call (total from x-totalrecords), refreshed every `refreshMs`.
 * A counter makes the latest request win: a slow earlier answer never overwrites a newer one.
 */
export function usePagedList<T>(path: string, searchParams: Record<string, string | number>, refreshMs: number) {
  const [state, setState] = useState<PagedList<T>>({ rows: [], total: 0, loading: true, error: false });
  const latest = useRef(0);
  const key = JSON.stringify(searchParams);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: false }));
    try {
      const response = await api.get(path, { searchParams: JSON.parse(key) as Record<string, string | number> });
      const rows = (await response.json()) as T[];
      if (request !== latest.current) return;
      setState({ rows, total: Number(response.headers.get('x-totalrecords') ?? rows.length), loading: false, error: false });
    } catch (error) {
      if (request !== latest.current) return;
      console.error(`Error fetching ${path}`, error);
      setState((s) => ({ ...s, loading: false, error: true }));
    }
  }, [path, key]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);

  return { ...state, reload: load, setRows: (update: (rows: T[]) => T[], totalChange = 0) =>
    setState((s) => ({ ...s, rows: update(s.rows), total: Math.max(0, s.total + totalChange) })) };
}
