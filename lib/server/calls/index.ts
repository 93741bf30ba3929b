import 'server-only';
import { clients } from './clients';
import { creditLimits } from './credit-limits';
import { customers } from './customers';
import { manageCustomers } from './manage-customers';
import { performance } from './performance';
import { receivables } from './receivables';
import type { ServedCall } from './serve';

/**
 * The call table: every call of the product, by domain. Each domain's calls are declared in
 * `lib/contract/<domain>.ts` (method, path, access, request and response schemas) and served in
 * `./<domain>.ts` (the service each runs). Routes bind one call each; pages reach the same calls
 * through `lib/backend`; the browser through `lib/client/api.ts`.
 */
export const CALLS = { clients, receivables, performance, creditLimits, manageCustomers, customers };

export type CallTable = typeof CALLS;

/** Every call of the table, for the tests that walk them all and for the API list. */
export function allCalls(): ServedCall[] {
  return Object.values(CALLS).flatMap((domain) => Object.values(domain) as ServedCall[]);
}
