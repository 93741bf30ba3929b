import 'server-only';
import { taskCalls } from '@/lib/contract/tasks';
import { listTasks } from '@/lib/server/tasks/list-tasks';
import { listTaskCategories } from '@/lib/server/tasks/task-categories';
import { assignTask, closeTask, createTask, getTask } from '@/lib/server/tasks/task-changes';
import { taskHistory } from '@/lib/server/tasks/task-history';
import { taskInvoices } from '@/lib/server/tasks/task-invoices';
import { implement } from './serve';

export const tasks = implement('tasks', taskCalls, {
  list: ({ db, session, query }) => listTasks(db, session, query),
  create: ({ db, session, body }) => createTask(db, session, body),
  get: ({ db, session, params }) => getTask(db, session, params.id),
  close: ({ db, session, params, body }) => closeTask(db, session, params.id, body.comment),
  assign: ({ db, session, params, body }) => assignTask(db, session, params.id, body.assigneeId),
  // Only the history of a task the user may see (another's is 404, like the task).
  history: async ({ db, session, params }) => {
    await getTask(db, session, params.id);
    return taskHistory(db, session.clientId, params.id);
  },
  invoices: ({ db, session, scope, params }) => taskInvoices(db, session, scope, params.id),
  categories: ({ db, session }) => listTaskCategories(db, session.clientId),
});
