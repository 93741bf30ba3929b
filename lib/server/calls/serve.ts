import 'server-only';
import type { NextRequest } from 'next/server';
import type { CallBody, CallContract, CallParams, CallQuery, CallResult } from '@/lib/contract/call';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { Db } from '@/lib/db/client';
import type { SessionData } from '@/lib/server/auth/session-cookie';

/** What a call's service may do to the session cookie; the gate applies it to the answer. */
export interface SessionCookieChange {
  set?: SessionData;
  clear?: boolean;
}

/** Everything a service gets: the database, the caller and the parsed inputs. The tenant is `session.clientId`, only. */
export interface CallContext<C extends CallContract> {
  db: Db;
  session: C['access'] extends 'public' ? SessionData | null : SessionData;
  /** The user's row-level scope over obligors: pass it to every service that returns customer data. */
  scope: ObligorScope;
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The request's headers (the client address for rate limits). */
  headers: Headers;
  /** The HTTP request itself, for a multipart upload; absent when a page calls in-process. */
  request?: NextRequest;
  cookie: SessionCookieChange;
}

export type Service<C extends CallContract> = (ctx: CallContext<C>) => Promise<CallResult<C>>;

export interface ServedCall<C extends CallContract = CallContract> {
  /** `domain.name`, as in the call table: for logs and tests. */
  id: string;
  contract: C;
  run: Service<C>;
}

export type ServedCalls<T extends Record<string, CallContract>> = { [K in keyof T]: ServedCall<T[K]> };

/**
 * Pairs each call a domain declares with the service it runs. TypeScript refuses a declared call
 * without a service, and a service whose answer does not match the call's response schema.
 */
export function implement<T extends Record<string, CallContract>>(
  domain: string,
  contracts: T,
  services: { [K in keyof T]: Service<T[K]> },
): ServedCalls<T> {
  const served = {} as Record<string, ServedCall>;
  for (const name of Object.keys(contracts)) {
    served[name] = {
      id: `${domain}.${name}`,
      contract: contracts[name]!,
      run: services[name] as Service<CallContract>,
    };
  }
  return served as ServedCalls<T>;
}
