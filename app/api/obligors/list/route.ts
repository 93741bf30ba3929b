import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZObligorListQuery } from '@/lib/contract/obligors';
import { listObligors } from '@/lib/server/obligors/list-obligors';
import { obligorScope } from '@/lib/server/obligors/obligor-scope';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZObligorListQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listObligors(db, session.clientId, { ...query, scope: obligorScope(session) });
  return new PagedResult(rows, total);
});
