import 'server-only';
import { collectionCalls } from '@/lib/contract/collections';
import { worklist } from '@/lib/server/collections/worklist';
import { implement } from './serve';

export const collections = implement('collections', collectionCalls, {
  worklist: ({ db, session, scope, query }) => worklist(db, session.clientId, scope, query),
});
