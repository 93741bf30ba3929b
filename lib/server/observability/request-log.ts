import 'server-only';
import type { NextRequest } from 'next/server';
import { REQUEST_ID_HEADER } from '@/lib/contract/common';
import { sourcesText, withSources, type FigureSource } from './figure-sources';

type Route<C> = (req: NextRequest, context: C) => Promise<Response>;

/** Off under the test runner (thousands of calls) unless LOG_REQUESTS=1; LOG_REQUESTS=0 turns it off anywhere. */
export function requestLogEnabled(): boolean {
  const flag = process.env.LOG_REQUESTS;
  if (flag === '0' || flag === 'false') return false;
  return flag === '1' || flag === 'true' || !process.env.VITEST;
}

/**
 * One JSON line per API request: the request id proxy.ts gave it, method, path (no query string: it
 * can carry e-mail addresses or tokens), status, duration to the response head, and the tenant and
 * user ids when known, and which source answered each ageing figure (figure-sources.ts). For a
 * streamed download the duration is the time to its first byte.
 */
export function withRequestLog<C>(
  route: Route<C>,
  who?: (req: NextRequest) => { clientId?: number; userId?: number } | undefined,
): Route<C> {
  return async (req, context) => {
    const started = performance.now();
    let status = 500;
    let sources: FigureSource[] = [];
    try {
      const answered = await withSources(() => route(req, context));
      sources = answered.sources;
      status = answered.result.status;
      return answered.result;
    } finally {
      if (requestLogEnabled()) {
        console.log(
          JSON.stringify({
            level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
            msg: 'api',
            requestId: req.headers.get(REQUEST_ID_HEADER) ?? undefined,
            method: req.method,
            path: req.nextUrl.pathname,
            status,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
            sources: sourcesText(sources),
            ...who?.(req),
            time: new Date().toISOString(),
          }),
        );
      }
    }
  };
}
