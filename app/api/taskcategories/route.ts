import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { listTaskCategories } from '@/lib/server/tasks/task-categories';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.tasks }, ({ db, session }) =>
  listTaskCategories(db, session.clientId));
