import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZTaskIdParam } from '@/lib/contract/tasks';
import { getTask } from '@/lib/server/tasks/task-changes';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.tasks }, ({ db, session, params }) =>
  getTask(db, session, ZTaskIdParam.parse(params).id));
