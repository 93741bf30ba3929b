import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZAssignTaskBody, ZTaskIdParam } from '@/lib/contract/tasks';
import { assignTask } from '@/lib/server/tasks/task-changes';

export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.tasks, body: ZAssignTaskBody }, ({ db, session, params, body }) =>
  assignTask(db, session, ZTaskIdParam.parse(params).id, body.assigneeId));
