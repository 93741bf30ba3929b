'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { CallContract, CallInput } from '@/lib/contract/call';
import { TOTAL_RECORDS_HEADER } from '@/lib/contract/common';
import { api, callApi } from './api';

export interface PagedList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: boolean;
}

/** A GET call of the table answering a page of rows (total in x-totalrecords). */
export type PagedCall = CallContract & { method: 'GET'; answer: { kind: 'paged'; row: z.ZodType } };
/** The row type of a paged call. */
export type PagedRow<C extends PagedCall> = z.output<C['answer']['row']>;

export interface PagedListHandle<T> extends PagedList<T> {
  reload: () => Promise<void>;
  setRows: (update: (rows: T[]) => T[], totalChange?: number) => void;
}

/**
 * A list read from a paged call of the table, refreshed every `refreshMs`, typed by the call's
 * contract. A counter makes the latest request win: a slow earlier answer never overwrites a newer one.
 */
export function usePagedList<C extends PagedCall>(
  call: C,
  input: CallInput<C>,
  refreshMs: number,
): PagedListHandle<PagedRow<C>>;
/** @deprecated An API path and its query, rows untyped: for callers whose call is not yet in the table. */
export function usePagedList<T>(
  path: string,
  searchParams: Record<string, string | number>,
  refreshMs: number,
): PagedListHandle<T>;
export function usePagedList<T>(target: PagedCall | string, input: object, refreshMs: number): PagedListHandle<T> {
  const [state, setState] = useState<PagedList<T>>({ rows: [], total: 0, loading: true, error: false });
  const latest = useRef(0);
  const key = JSON.stringify(input);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: false }));
    try {
      const { rows, total } = await fetchPage<T>(target, JSON.parse(key) as object);
      if (request !== latest.current) return;
      setState({ rows, total, loading: false, error: false });
    } catch (error) {
      if (request !== latest.current) return;
      console.error(`Error fetching ${typeof target === 'string' ? target : target.path}`, error);
      setState((s) => ({ ...s, loading: false, error: true }));
    }
  }, [target, key]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);

  return {
    ...state,
    reload: load,
    setRows: (update: (rows: T[]) => T[], totalChange = 0) =>
      setState((s) => ({ ...s, rows: update(s.rows), total: Math.max(0, s.total + totalChange) })),
  };
}

async function fetchPage<T>(target: PagedCall | string, input: object): Promise<{ rows: T[]; total: number }> {
  if (typeof target !== 'string') {
    return callApi(target, input as CallInput<PagedCall>) as Promise<{ rows: T[]; total: number }>;
  }
  const response = await api.get(target, { searchParams: input as Record<string, string | number> });
  const rows = (await response.json()) as T[];
  return { rows, total: Number(response.headers.get(TOTAL_RECORDS_HEADER) ?? rows.length) };
}
