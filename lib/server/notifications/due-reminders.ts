import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { LOCKS, tryLock } from '@/lib/db/locks';
import { emailNotification, storeNotification, type TaskNotice } from './notify';

/**
 * The daily job: tells assignees about open tasks due tomorrow and overdue ones, at most once per
 * task and day (an earlier reminder of the same kind today is looked up first). "Today" and
 * "tomorrow" are each client's own days at `now`, in its time zone, whatever the server's.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  // One sender at a time over every app server: another that finds the lock taken leaves the
  // work to it; the next sender then finds today's reminders stored.
  const notices = await db.transaction(async (tx) => {
    if (!(await tryLock(tx, LOCKS.dueReminders))) return [];
    const stored = await dueNotices(tx, now);
    for (const notice of stored) await storeNotification(tx, notice);
    return stored;
  });
  for (const notice of notices) await emailNotification(db, notice);
  return notices.length;
}

async function dueNotices(tx: Db, now: Date): Promise<TaskNotice[]> {
  const due = await queryRows(
    tx,
    sql`
    with client_day as (
      select id, time_zone, (${now.toISOString()}::timestamptz at time zone time_zone)::date as today from clients)
    select t.client_id as "clientId", t.id, t.name, t.assignee_id as "assigneeId", t.due_date::text as "dueDate",
      (cd.today + 1)::text as tomorrow
    from tasks t join client_day cd on cd.id = t.client_id
    where t.status = 'OPEN' and t.due_date <= cd.today + 1
      and not exists (select 1 from notifications n where n.client_id = t.client_id and n.association_id = t.id
        and n.kind in ('TASK_DUE_TOMORROW', 'TASK_OVERDUE')
        and (n.created_at at time zone cd.time_zone)::date >= cd.today)
    order by t.client_id, t.id`,
    row({
      clientId: col.int,
      id: col.int,
      name: col.text,
      assigneeId: col.int,
      dueDate: col.day,
      tomorrow: col.day,
    }),
  );
  return due.map(({ tomorrow, ...task }) => ({
    clientId: task.clientId,
    userId: task.assigneeId,
    from: null,
    taskId: task.id,
    kind: task.dueDate === tomorrow ? 'TASK_DUE_TOMORROW' : 'TASK_OVERDUE',
    message: task.dueDate === tomorrow ? `Due tomorrow: ${task.name}` : `Overdue since ${task.dueDate}: ${task.name}`,
  }));
}
