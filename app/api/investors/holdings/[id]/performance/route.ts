import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam } from '@/lib/contract/investors';
import { originatorOfHolding, poolPerformance } from '@/lib/server/investors/pool-performance';

/** The pool behind one of the firm's holdings: aggregates of the originator's receivables only. */
export const GET = apiRoute({ userType: 'investors' }, async ({ db, session, params }) =>
  poolPerformance(db, await originatorOfHolding(db, session.clientId, ZIdParam.parse(params.id))));
