import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZUserIdParam, ZUserStatusBody } from '@/lib/contract/personnel';
import { setUserStatus } from '@/lib/server/users/manage-user';

/** POST /api/users/{id}/status { status }: deactivate (live sessions stop at once) or reactivate. */
export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers, body: ZUserStatusBody }, ({ db, session, params, body }) =>
  setUserStatus(db, session, ZUserIdParam.parse(params).id, body.status));
