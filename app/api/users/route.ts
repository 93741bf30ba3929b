import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZUsersQuery } from '@/lib/contract/tasks';
import { listUsers } from '@/lib/server/users/list-users';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.people, query: ZUsersQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listUsers(db, session.clientId, query);
  return new PagedResult(rows, total);
});
