import 'server-only';
import { communicationCalls } from '@/lib/contract/communications';
import { listCommunications } from '@/lib/server/communications/list-communications';
import { logCommunication } from '@/lib/server/communications/log-communication';
import { implement } from './serve';

export const communications = implement('communications', communicationCalls, {
  list: ({ db, session, scope, params, query }) => listCommunications(db, session.clientId, scope, params.code, query),
  log: ({ db, session, scope, params, body }) =>
    logCommunication(db, { clientId: session.clientId, userId: session.userId, scope }, params.code, body),
});
