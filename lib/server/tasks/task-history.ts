import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TTaskEvent } from '@/lib/contract/tasks';

/** What happened to a task: the audit trail and the notifications it raised, oldest first. */
export async function taskHistory(db: Db, clientId: number, taskId: number): Promise<TTaskEvent[]> {
  return queryRows(
    db,
    sql`
    select a.at, case a.action when 'task_created' then 'Created by ' || coalesce(u.name, 'someone')
      when 'task_closed' then 'Closed by ' || coalesce(u.name, 'someone') else a.action end as text
    from audit_log a left join users u on u.client_id = a.client_id and u.id = a.user_id
    where a.client_id = ${clientId} and a.entity = 'task' and a.entity_id = ${String(taskId)}
    union all
    select n.created_at, 'Notified ' || u.name || ': ' || n.message
    from notifications n join users u on u.client_id = n.client_id and u.id = n.user_id
    where n.client_id = ${clientId} and n.association_id = ${taskId}
    order by 1, 2`,
    row({ at: col.instant, text: col.text }) satisfies z.ZodType<TTaskEvent, unknown>,
  );
}
