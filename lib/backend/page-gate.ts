import 'server-only';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import type { TClientSettings, TDataUpdateTime } from '@/lib/contract/clients';
import { satisfies, type RouteRequirement } from '@/lib/domain/access';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { getDb } from '@/lib/db/client';
import { requirePageSession } from '@/lib/server/auth/page-session';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { REQUEST_ID_HEADER } from '@/lib/contract/common';
import { sourcesText, withSources, type FigureSource } from '@/lib/server/observability/figure-sources';
import { requestLogEnabled } from '@/lib/server/observability/request-log';
import { backendFor, type Backend, type PageInput } from './backend';

/** What a page asks for, once per request: who is signed in, the typed backend, and the client's settings. */
export interface PageGate {
  session: SessionData;
  backend: Backend;
  /** Currency, locale, ageing boundaries, dimension names and risk colours (borrowers only). */
  clientSettings: () => Promise<TClientSettings>;
  /** The integration and view update times (borrowers only). */
  dataUpdateTime: () => Promise<TDataUpdateTime>;
}

const gate = cache(async (): Promise<PageGate> => {
  const session = await requirePageSession();
  const caller = { db: await getDb(), session, headers: await headers() };
  // A plain backend for the settings and times that the cache keys themselves are made of.
  const plain = backendFor(caller);
  const clientSettings = cache(() => plain.clients.settings());
  const dataUpdateTime = cache(() => plain.clients.dataUpdateTime());
  // Within one request, sections asking the same question share one answer.
  const answers = new Map<string, Promise<unknown>>();
  const requestId = caller.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const backend = backendFor(caller, (served, input, run) => {
    if (!served.contract.cachedByParams) return logged(requestId, served.id, 'not cached', () => withSources(run));
    const paramsKey = canonical(input);
    const id = `${served.id} ${paramsKey}`;
    const answer =
      answers.get(id) ??
      logged(requestId, served.id, 'page cache', () =>
        keptAnswer(session, served.id, paramsKey, () => withSources(run), dataUpdateTime),
      );
    answers.set(id, answer);
    return answer;
  });
  return { session, backend, clientSettings, dataUpdateTime };
});

/**
 * The one way a page or layout reaches data. The proxy already sent strangers to sign-in; this
 * checks the session again (and that it was not ended elsewhere), and a page that needs a
 * permission names it here, so a user without it gets the 403 page (HTTP 403).
 */
export async function pageGate(requirement?: RouteRequirement | null): Promise<PageGate> {
  const page = await gate();
  if (requirement !== undefined && !satisfies(page.session, requirement)) forbidden();
  return page;
}

/** Parameters in a fixed order, without the ones that mean "no filter": the identity of a call. */
function canonical(input: PageInput): string {
  const kept = (values: Record<string, unknown> = {}) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'ALL')
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return JSON.stringify({ params: kept(input.params), query: kept(input.query) });
}

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * Spec section 4: a section whose parameters did not change is not computed again (paging the list
 * does not recompute the summary or the overview). Answers are kept per client, scope, call and
 * parameters, and keyed by the data update times and the quarter hour, so an import, a rollup
 * refresh or a new day gives new keys and nobody sees stale figures. Every time zone's midnight
 * falls on a quarter hour, so the client's new day (in its own zone) always starts a new key;
 * an answer is kept for at most five minutes anyway.
 */
async function keptAnswer(
  session: SessionData,
  callId: string,
  paramsKey: string,
  run: () => Promise<Sourced>,
  stamp: () => Promise<TDataUpdateTime>,
): Promise<Sourced & { cached: boolean }> {
  const { integrationUpdateTime, viewUpdateTime } = await stamp();
  const scope = obligorScope(session);
  // Scoped users see other figures than their colleagues: their scope is part of every key.
  const scopeKey =
    scope.kind === 'ALL'
      ? 'all'
      : scope.kind === 'CUSTOMER'
        ? `customer:${scope.code}`
        : `${scope.role}:${scope.userId}`;
  const key = [
    'page-answer',
    String(session.clientId),
    scopeKey,
    callId,
    paramsKey,
    integrationUpdateTime ?? '-',
    viewUpdateTime ?? '-',
    String(Math.floor(Date.now() / QUARTER_HOUR_MS)),
  ];
  let ran = false;
  const kept = await unstable_cache(
    () => {
      ran = true;
      return run();
    },
    key,
    { revalidate: 300 },
  )();
  return { ...kept, cached: !ran };
}

/** A call's answer with the sources its ageing figures came from (kept with it in the page cache). */
type Sourced = { result: unknown; sources: FigureSource[] };

/**
 * Runs one call of a page and, when the request log is on, writes a line for it: the page request's
 * id (proxy.ts), the call, whether the page cache answered, and the source of each ageing figure.
 */
async function logged(
  requestId: string | undefined,
  call: string,
  cache: 'page cache' | 'not cached',
  run: () => Promise<Sourced & { cached?: boolean }>,
): Promise<unknown> {
  const started = performance.now();
  const { result, sources, cached } = await run();
  if (requestLogEnabled()) {
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'page-call',
        requestId,
        call,
        cache: cache === 'not cached' ? cache : cached ? 'hit' : 'miss',
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        sources: sourcesText(sources),
        time: new Date().toISOString(),
      }),
    );
  }
  return result;
}
