import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { listPages } from '@/lib/server/users/role-permissions';

/** GET /api/user_management/pages: the catalogue of page features and permissions. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers }, ({ db }) => listPages(db));
