import 'server-only';
import { performanceCalls } from '@/lib/contract/performance';
import { dimReceivables } from '@/lib/server/performance/dim-receivables';
import { dim1Overview } from '@/lib/server/performance/dim1-overview';
import { implement } from './serve';

export const performance = implement('performance', performanceCalls, {
  dimReceivables: ({ db, session, scope, query }) => dimReceivables(db, session.clientId, { ...query, scope }),
  dim1Overview: ({ db, session, scope, query }) => dim1Overview(db, session.clientId, { ...query, scope }),
});
