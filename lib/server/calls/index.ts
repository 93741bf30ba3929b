import 'server-only';
import { accounts } from './accounts';
import { auth } from './auth';
import { bank } from './bank';
import { clients } from './clients';
import { collections } from './collections';
import { communications } from './communications';
import { contacts } from './contacts';
import { creditHoldsCalls } from './credit-holds';
import { creditLimits } from './credit-limits';
import { customerDoor } from './customer-door';
import { customers } from './customers';
import { digest } from './digest';
import { disputes } from './disputes';
import { dunning } from './dunning';
import { forecast } from './forecast';
import { imports } from './imports';
import { investors } from './investors';
import { kpis } from './kpis';
import { manageCustomers } from './manage-customers';
import { cheques, msme } from './msme';
import { notifications } from './notifications';
import { paymentBehaviour } from './payment-behaviour';
import { performance } from './performance';
import { personnel } from './personnel';
import { portal } from './portal';
import { promises } from './promises';
import { provision } from './provision';
import { receivables } from './receivables';
import { reports } from './reports';
import { tasks } from './tasks';
import { writeOffs } from './write-offs';
import type { ServedCall } from './serve';

/**
 * The call table: every call of the product, by domain. Each domain's calls are declared in
 * `lib/contract/<domain>.ts` (method, path, access, request and response schemas) and served in
 * `./<domain>.ts` (the service each runs). Routes bind one call each; pages reach the same calls
 * through `lib/backend`; the browser through `lib/client/api.ts`.
 */
export const CALLS = {
  clients,
  receivables,
  customers,
  creditLimits,
  manageCustomers,
  performance,
  auth,
  accounts,
  personnel,
  tasks,
  notifications,
  contacts,
  communications,
  promises,
  disputes,
  portal,
  customerDoor,
  investors,
  reports,
  imports,
  collections,
  dunning,
  digest,
  kpis,
  paymentBehaviour,
  forecast,
  creditHolds: creditHoldsCalls,
  bank,
  provision,
  writeOffs,
  msme,
  cheques,
};

export type CallTable = typeof CALLS;

/** Every call of the table, for the tests that walk them all and for the API list. */
export function allCalls(): ServedCall[] {
  return Object.values(CALLS).flatMap((domain) => Object.values(domain) as ServedCall[]);
}
