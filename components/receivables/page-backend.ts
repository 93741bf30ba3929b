import 'server-only';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import { backendFor, type Backend } from '@/lib/backend';
import { boundariesOf, type AgeingBoundaries } from '@/lib/domain/ageing';
import { todayIso } from '@/lib/domain/dates';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { requirePageSession } from '@/lib/server/auth/page-session';
import type { MoneyFormat } from '@/components/ui/money';
import { riskColoursOf, type RiskColours } from '@/lib/domain/risk-colours';

/** The signed-in user's backend, resolved once per request however many sections ask. */
export const pageBackend = cache(async () => {
  const session = await requirePageSession();
  const scope = obligorScope(session);
  // Scoped users see other figures than their colleagues: their scope is part of every cache key.
  const scopeKey = scope.kind === 'ALL' ? 'all' : `${scope.role}:${scope.userId}`;
  return { clientId: session.clientId, scopeKey, backend: backendFor(session) };
});

export interface ClientSettings {
  money: MoneyFormat;
  boundaries: AgeingBoundaries;
  dimensionNames: { dim1: string; dim2: string; dim3: string };
  riskColours: RiskColours;
}

/** Currency, locale, ageing boundaries and dimension names of the user's client. */
export const clientSettings = cache(async (): Promise<ClientSettings> => {
  const { backend } = await pageBackend();
  const client = await backend.client();
  return {
    money: { currency: client.currency, locale: client.locale },
    boundaries: boundariesOf(client),
    dimensionNames: { dim1: client.dim1Name, dim2: client.dim2Name, dim3: client.dim3Name },
    riskColours: riskColoursOf(client),
  };
});

export const dataUpdateTime = cache(async () => (await pageBackend()).backend.dataUpdateTime());

type CachedCall = 'receivables' | 'summary' | 'overview' | 'byDim1' | 'openInvoices' | 'invoice'
  | 'parentObligors' | 'customerMapping' | 'riskOverview' | 'dso' | 'annualDso' | 'dsoSplit' | 'splitBy'
  | 'obligorInfo' | 'creditLimit' | 'obligorOverview'
  | 'dimReceivables' | 'dim1Overview';
type Result<K extends CachedCall> = Awaited<ReturnType<Backend[K]>>;

/** Parameters in a fixed order, without the ones that mean "no filter": the identity of a call. */
function canonical(params: Record<string, unknown>): string {
  const kept = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'ALL');
  return JSON.stringify(Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Spec section 4: a section whose parameters did not change is not fetched again (paging the list
 * does not recompute the summary or the overview). Results are kept per client, call and parameters
 * and also keyed by the data update times and today's date, so an import, a rollup refresh or a
 * new day gives new keys and nobody sees stale figures. Within one request, sections asking the
 * same question share one answer.
 */
const callOnce = cache(async (call: CachedCall, paramsKey: string): Promise<unknown> => {
  const { clientId, scopeKey, backend } = await pageBackend();
  const stamp = await dataUpdateTime();
  const key = ['receivables-view', String(clientId), scopeKey, call, paramsKey, stamp.integrationUpdateTime ?? '-',
    stamp.viewUpdateTime ?? '-', todayIso()];
  const params = JSON.parse(paramsKey) as Record<string, unknown>;
  const run = unstable_cache(async () => (backend[call] as (p: Record<string, unknown>) => Promise<unknown>)(params), key,
    { revalidate: 300 });
  return run();
});

export async function cachedCall<K extends CachedCall>(call: K, params: Record<string, unknown>): Promise<Result<K>> {
  return (await callOnce(call, canonical(params))) as Result<K>;
}
