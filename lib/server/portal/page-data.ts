import 'server-only';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { satisfies } from '@/lib/domain/access';
import { requirePageSession } from '@/lib/server/auth/page-session';
import { API_ACCESS } from '@/lib/contract/access';
import { getClient } from '@/lib/server/clients/get-client';

/** What a portal page needs once per request: the session's db, tenant, scope, money format and rights. */
export const portalContext = cache(async () => {
  const session = await requirePageSession();
  const db = await getDb();
  const client = await getClient(db, session.clientId);
  return {
    session, db, clientId: session.clientId, scope: obligorScope(session),
    money: { currency: client.currency, locale: client.locale },
    canLog: satisfies(session, API_ACCESS.logCommunication),
    canManageContacts: satisfies(session, API_ACCESS.manageContacts),
  };
});
