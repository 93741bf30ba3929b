import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZParentObligorsQuery } from '@/lib/contract/customers';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZParentObligorsQuery }, async ({ db, session, scope, query }) => {
  const { rows, total } = await listParentObligors(db, session.clientId, { ...query, scope });
  return new PagedResult(rows, total);
});
