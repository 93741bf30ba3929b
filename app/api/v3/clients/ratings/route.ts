import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZRatingsQuery } from '@/lib/contract/obligors';
import { listRatings } from '@/lib/server/obligors/list-ratings';
import { obligorScope } from '@/lib/server/obligors/obligor-scope';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZRatingsQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listRatings(db, session.clientId, { ...query, scope: obligorScope(session) });
  return new PagedResult(rows, total);
});
