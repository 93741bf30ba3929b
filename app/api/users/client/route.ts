import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { listClientUsers } from '@/lib/server/users/list-users';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.people }, ({ db, session }) => listClientUsers(db, session.clientId));
