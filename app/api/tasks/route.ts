import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCreateTaskBody, ZTasksQuery } from '@/lib/contract/tasks';
import { listTasks } from '@/lib/server/tasks/list-tasks';
import { createTask } from '@/lib/server/tasks/task-changes';

const access = { userType: 'borrowers', requirement: API_ACCESS.tasks } as const;

export const GET = apiRoute({ ...access, query: ZTasksQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listTasks(db, session, query);
  return new PagedResult(rows, total);
});

export const POST = apiRoute({ ...access, body: ZCreateTaskBody }, ({ db, session, body }) => createTask(db, session, body));
