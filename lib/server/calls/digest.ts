import 'server-only';
import { digestCalls } from '@/lib/contract/digest';
import { previewDigest, retryFailedDigests, runDigests } from '@/lib/server/digest/runs';
import { listDigestSends } from '@/lib/server/digest/sends';
import { loadDigestSubscription, saveDigestSubscription } from '@/lib/server/digest/subscription';
import { implement } from './serve';

export const digest = implement('digest', digestCalls, {
  subscription: ({ db, session }) => loadDigestSubscription(db, session.clientId, session.userId),
  saveSubscription: ({ db, session, body }) => saveDigestSubscription(db, session.clientId, session.userId, body),
  preview: ({ db, session, body }) => previewDigest(db, session, body),
  run: ({ db, session, body }) =>
    body.retryFailed
      ? retryFailedDigests(db, { clientId: session.clientId, date: body.date })
      : runDigests(db, { clientId: session.clientId, date: body.date }),
  sends: ({ db, session, query }) => listDigestSends(db, session.clientId, query),
});
