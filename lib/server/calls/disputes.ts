import 'server-only';
import { disputeCalls } from '@/lib/contract/disputes';
import { isPortalOnly } from '@/lib/domain/access';
import { openDispute, resolveDispute } from '@/lib/server/disputes/dispute-changes';
import { listDisputes } from '@/lib/server/disputes/list-disputes';
import { forbidden } from '@/lib/server/domain-errors';
import { implement } from './serve';

export const disputes = implement('disputes', disputeCalls, {
  list: ({ db, session, scope, query }) => listDisputes(db, session.clientId, scope, query),
  open: ({ db, session, scope, body }) =>
    openDispute(db, { clientId: session.clientId, userId: session.userId, scope, portal: isPortalOnly(session) }, body),
  // The customer raises a dispute on the portal; the supplier decides it.
  resolve: ({ db, session, scope, params, body }) => {
    if (isPortalOnly(session)) throw forbidden('A dispute is resolved by your supplier, not on the portal');
    return resolveDispute(db, { clientId: session.clientId, userId: session.userId, scope }, params.id, body);
  },
});
