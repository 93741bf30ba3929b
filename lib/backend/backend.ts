import 'server-only';
import type { CallResult } from '@/lib/contract/call';
import { execute, type Caller } from '@/lib/server/calls/execute';
import { CALLS, type CallTable } from '@/lib/server/calls';
import type { ServedCall } from '@/lib/server/calls/serve';

/** What a page passes: raw URL parameters are fine, the call's schemas parse them. */
export interface PageInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

type Reads<D> = {
  [
    K in keyof D as D[K] extends ServedCall<infer C>
      ? C['method'] extends 'GET'
        ? C['answer']['kind'] extends 'json' | 'paged'
          ? K
          : never
        : never
      : never
  ]: D[K] extends ServedCall<infer C> ? (input?: PageInput) => Promise<CallResult<C>> : never;
};

/** The typed backend of server components: every read of the call table, by domain, run in-process. */
export type Backend = { [D in keyof CallTable]: Reads<CallTable[D]> };

/**
 * Derived from the call table, so it cannot drift from the API: each read runs the same access
 * check, parsing and service as over HTTP (`execute`). A clientId path parameter defaults to the caller's.
 */
export function backendFor(
  caller: Caller,
  runner?: (served: ServedCall, input: PageInput, run: () => Promise<unknown>) => Promise<unknown>,
): Backend {
  const backend: Record<string, Record<string, (input?: PageInput) => Promise<unknown>>> = {};
  for (const [domain, calls] of Object.entries(CALLS)) {
    backend[domain] = {};
    for (const [name, served] of Object.entries(calls as Record<string, ServedCall>)) {
      if (served.contract.method !== 'GET') continue;
      backend[domain]![name] = (input = {}) => {
        const params = { clientId: caller.session?.clientId, ...input.params };
        const run = async () => (await execute(served, caller, { params, query: input.query })).result;
        return runner ? runner(served, input, run) : run();
      };
    }
  }
  return backend as Backend;
}
