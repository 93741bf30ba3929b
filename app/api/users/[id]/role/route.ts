import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZChangeRoleBody, ZUserIdParam } from '@/lib/contract/personnel';
import { changeRole } from '@/lib/server/users/manage-user';

/** POST /api/users/{id}/role { roleId }: effective on the user's next request (they sign in again). */
export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers, body: ZChangeRoleBody }, ({ db, session, params, body }) =>
  changeRole(db, session, ZUserIdParam.parse(params).id, body.roleId));
