import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { listRoles } from '@/lib/server/users/personnel';

/** GET /api/user_management: the client's roles (investor excluded) with their user counts. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers }, ({ db, session }) => listRoles(db, session.clientId));
