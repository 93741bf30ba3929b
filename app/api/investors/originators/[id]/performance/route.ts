import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam } from '@/lib/contract/investors';
import { assertPoolVisible, poolPerformance } from '@/lib/server/investors/pool-performance';

/** The originator's book, monthly: only for a pool the firm holds or that is on offer. */
export const GET = apiRoute({ userType: 'investors' }, async ({ db, session, params }) => {
  const id = ZIdParam.parse(params.id);
  await assertPoolVisible(db, session.clientId, id);
  return poolPerformance(db, id);
});
