import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCloseTaskBody, ZTaskIdParam } from '@/lib/contract/tasks';
import { closeTask } from '@/lib/server/tasks/task-changes';

export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.tasks, body: ZCloseTaskBody }, ({ db, session, params, body }) =>
  closeTask(db, session, ZTaskIdParam.parse(params).id, body.comment));
