import 'server-only';
import { creditHoldCalls } from '@/lib/contract/credit-holds';
import { exportHolds } from '@/lib/server/credit-holds/export-holds';
import { holdRules, saveHoldRules } from '@/lib/server/credit-holds/hold-rules';
import { creditHolds } from '@/lib/server/credit-holds/list-holds';
import { releaseHold } from '@/lib/server/credit-holds/release-hold';
import { implement } from './serve';

export const creditHoldsCalls = implement('creditHolds', creditHoldCalls, {
  list: async ({ db, session, scope, query }) => {
    const all = (await creditHolds(db, session.clientId, scope)).filter(
      (r) => query.status === 'ALL' || r.status === query.status,
    );
    const start = (query.offset - 1) * query.count;
    return { rows: all.slice(start, start + query.count), total: all.length };
  },
  csv: ({ db, session, scope, query }) => exportHolds(db, session.clientId, scope, query.status),
  release: ({ db, session, scope, params, body }) =>
    releaseHold(db, { clientId: session.clientId, userId: session.userId, scope }, params.code, body),
  rules: ({ db, session }) => holdRules(db, session.clientId),
  saveRules: ({ db, session, body }) =>
    saveHoldRules(db, session.clientId, session.userId, {
      overLimit: body.overLimit,
      daysPastDue: body.daysPastDue,
      brokenPromises: body.brokenPromises,
      returnedCheques: body.returnedCheques,
      returnedChequeDays: body.returnedChequeDays,
    }),
});
