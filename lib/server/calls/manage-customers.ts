import 'server-only';
import { manageCustomerCalls } from '@/lib/contract/manage-customers';
import { assignObligor } from '@/lib/server/obligors/assign-obligor';
import { listObligors } from '@/lib/server/obligors/list-obligors';
import { implement } from './serve';

export const manageCustomers = implement('manageCustomers', manageCustomerCalls, {
  list: ({ db, session, scope, query }) => listObligors(db, session.clientId, { ...query, scope }),
  assign: ({ db, session, params, body }) => assignObligor(db, session, params.code, body),
});
