import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZRoleIdParam, ZRolePermissionsBody } from '@/lib/contract/personnel';
import { roleMatrix, saveRolePermissions } from '@/lib/server/users/role-permissions';

const options = { userType: 'borrowers', requirement: API_ACCESS.manageUsers } as const;

/** GET /api/user_management/{role_id}/permissions: the role's row of the matrix. */
export const GET = apiRoute(options, ({ db, session, params }) => roleMatrix(db, session.clientId, ZRoleIdParam.parse(params).role_id));

/** POST /api/user_management/{role_id}/permissions { permissions }: stores it; the role's users re-sign in. */
export const POST = apiRoute({ ...options, body: ZRolePermissionsBody }, ({ db, session, params, body }) =>
  saveRolePermissions(db, session, ZRoleIdParam.parse(params).role_id, body));
