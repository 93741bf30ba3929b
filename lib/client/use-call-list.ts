'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallContract, CallInput, CallResult } from '@/lib/contract/call';
import { callApi } from './api';

/** A call of the table that answers a page of rows. */
type PagedCall = CallContract & { method: 'GET'; answer: { kind: 'paged' } };
type RowOf<C extends PagedCall> = CallResult<C> extends { rows: (infer R)[] } ? R : never;

export interface CallList<R> {
  rows: R[];
  total: number;
  loading: boolean;
  error: boolean;
}

/**
 * The rows of a paged call of the table (total from x-totalrecords), typed by the call's response
 * schema, refreshed every `refreshMs`. The latest request wins: a slow earlier answer never
 * overwrites a newer one.
 */
export function useCallList<C extends PagedCall>(contract: C, query: Record<string, string | number>, refreshMs: number) {
  const [state, setState] = useState<CallList<RowOf<C>>>({ rows: [], total: 0, loading: true, error: false });
  const latest = useRef(0);
  const key = JSON.stringify(query);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: false }));
    try {
      const input = { query: JSON.parse(key) as Record<string, string | number> } as CallInput<C>;
      const page = (await callApi(contract, input)) as { rows: RowOf<C>[]; total: number };
      if (request !== latest.current) return;
      setState({ rows: page.rows, total: page.total, loading: false, error: false });
    } catch (error) {
      if (request !== latest.current) return;
      console.error(`Error fetching ${contract.path}`, error);
      setState((s) => ({ ...s, loading: false, error: true }));
    }
  }, [contract, key]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);

  return { ...state, reload: load, setRows: (update: (rows: RowOf<C>[]) => RowOf<C>[], totalChange = 0) =>
    setState((s) => ({ ...s, rows: update(s.rows), total: Math.max(0, s.total + totalChange) })) };
}
