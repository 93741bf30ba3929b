import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZUsersQuery } from '@/lib/contract/tasks';
import { ZInviteUserBody } from '@/lib/contract/personnel';
import { listUsers } from '@/lib/server/users/list-users';
import { inviteUser } from '@/lib/server/users/manage-user';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.people, query: ZUsersQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listUsers(db, session.clientId, query);
  return new PagedResult(rows, total);
});

/** POST /api/users { name, email, roleId, phone? }: invites a user (a set-password link by email). */
export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers, body: ZInviteUserBody }, ({ db, session, body }) =>
  inviteUser(db, session, body));
