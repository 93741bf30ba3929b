import 'server-only';
import { promiseCalls } from '@/lib/contract/promises';
import { listPromises } from '@/lib/server/promises/list-promises';
import { promiseStats } from '@/lib/server/promises/promise-stats';
import { takePromise } from '@/lib/server/promises/take-promise';
import { implement } from './serve';

export const promises = implement('promises', promiseCalls, {
  list: ({ db, session, scope, query }) => listPromises(db, session.clientId, scope, query),
  take: ({ db, session, scope, body }) =>
    takePromise(db, { clientId: session.clientId, userId: session.userId, scope }, body),
  stats: ({ db, session, scope, query }) => promiseStats(db, session.clientId, scope, query),
});
