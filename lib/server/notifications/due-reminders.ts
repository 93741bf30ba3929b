import 'server-only';
import { sql } from 'drizzle-orm';
import { addDays, format, parseISO } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { emailNotification, storeNotification, type TaskNotice } from './notify';

/**
 * The daily job: tells assignees about open tasks due tomorrow and overdue ones, at most once per
 * task and day (an earlier reminder of the same kind today is looked up first).
 */
export async function sendDueReminders(db: Db, today: string): Promise<number> {
  const tomorrow = format(addDays(parseISO(today), 1), 'yyyy-MM-dd');
  const due = await queryRows<{ clientId: number; id: number; name: string; assigneeId: number; dueDate: string }>(
    db,
    sql`
    select t.client_id as "clientId", t.id, t.name, t.assignee_id as "assigneeId", t.due_date::text as "dueDate"
    from tasks t
    where t.status = 'OPEN' and t.due_date <= ${tomorrow}::date
      and not exists (select 1 from notifications n where n.client_id = t.client_id and n.association_id = t.id
        and n.kind in ('TASK_DUE_TOMORROW', 'TASK_OVERDUE')
        -- "Once a day" is once per business day in India (lib/domain/dates.ts), whatever the server's time zone.
        and (n.created_at at time zone 'Asia/Kolkata')::date >= ${today}::date)
    order by t.client_id, t.id`,
  );
  const notices: TaskNotice[] = due.map((task) => ({
    clientId: task.clientId,
    userId: task.assigneeId,
    from: null,
    taskId: task.id,
    kind: task.dueDate === tomorrow ? 'TASK_DUE_TOMORROW' : 'TASK_OVERDUE',
    message: task.dueDate === tomorrow ? `Due tomorrow: ${task.name}` : `Overdue since ${task.dueDate}: ${task.name}`,
  }));
  await db.transaction(async (tx) => {
    for (const notice of notices) await storeNotification(tx as never, notice);
  });
  for (const notice of notices) await emailNotification(db, notice);
  return notices.length;
}
