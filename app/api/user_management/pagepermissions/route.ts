import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { listRolePermissions } from '@/lib/server/users/role-permissions';

/** GET /api/user_management/pagepermissions: every role's stored matrix for the client. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers }, ({ db, session }) => listRolePermissions(db, session.clientId));
