import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZPersonnelQuery } from '@/lib/contract/personnel';
import { listPersonnel } from '@/lib/server/users/personnel';

/** GET /api/user_management/users: personnel of any role, searchable, filtered, paged (total in the header). */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers, query: ZPersonnelQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listPersonnel(db, session.clientId, query);
  return new PagedResult(rows, total);
});
