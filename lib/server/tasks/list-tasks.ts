import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { TASK_STATUSES, type TTaskRow, type TTasksQuery } from '@/lib/contract/tasks';
import { hasPermission } from '@/lib/domain/access';
import { clientToday } from '@/lib/server/clients/client-day';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { openItemTerms } from '@/lib/server/receivables/open-items';
import type { SessionData } from '@/lib/server/auth/session-cookie';

/** A row of taskSelect(): the API's task, as it comes out of SQL, with the window's total. */
export const TaskRow = row({
  id: col.int,
  name: col.text,
  sysObligorCode: col.text.nullable(),
  obligorName: col.text.nullable(),
  sysInvoiceNum: col.array(col.text),
  openAmount: col.num.nullable(),
  daysPastDue: col.int.nullable(),
  assigneeId: col.int,
  assigneeName: col.text,
  reporterId: col.int,
  reporterName: col.text,
  categoryId: col.int,
  category: col.text,
  status: col.oneOf(TASK_STATUSES),
  dueDate: col.day,
  comment: col.text.nullable(),
  closedAt: col.instant.nullable(),
  createdAt: col.instant,
}) satisfies z.ZodType<TTaskRow, unknown>;

/** Collectors see the tasks assigned to or reported by them; MANAGE_TASKS (and admins) see all. */
export function visibleTo(session: SessionData): SQL {
  return hasPermission(session, 'MANAGE_TASKS')
    ? sql`true`
    : sql`(t.assignee_id = ${session.userId} or t.reporter_id = ${session.userId})`;
}

/**
 * The tasks of `where` (of the client) with their people, category and what their invoices still
 * owe today, open as the invoices call decides it (openItemTerms: one rule for "open at a date").
 */
export function taskSelect(clientId: number, today: string, where: SQL): SQL {
  const open = openItemTerms(clientId, today, today);
  const openInvoices = sql`from task_invoices ti join invoices i on i.client_id = ti.client_id
      and i.sys_invoice_num = ti.sys_invoice_num
    where ti.client_id = t.client_id and ti.task_id = t.id and ${sql.join(open.conditions, sql` and `)}`;
  return sql`
    select t.id, t.name, t.sys_obligor_code as "sysObligorCode", o.name as "obligorName",
      coalesce((select array_agg(ti.sys_invoice_num order by ti.sys_invoice_num) from task_invoices ti
        where ti.client_id = t.client_id and ti.task_id = t.id), '{}') as "sysInvoiceNum",
      (select sum(${open.outstanding}) ${openInvoices}) as "openAmount",
      (select max(${open.pastDue}) ${openInvoices} and i.amount > 0) as "daysPastDue",
      t.assignee_id as "assigneeId", a.name as "assigneeName", t.reporter_id as "reporterId", r.name as "reporterName",
      t.category_id as "categoryId", c.task_category as category, t.status, t.due_date::text as "dueDate", t.comment,
      t.closed_at as "closedAt", t.created_at as "createdAt", count(*) over () as total
    from tasks t
    join users a on a.client_id = t.client_id and a.id = t.assignee_id
    join users r on r.client_id = t.client_id and r.id = t.reporter_id
    join task_categories c on c.client_id = t.client_id and c.id = t.category_id
    left join obligors o on o.client_id = t.client_id and o.sys_obligor_code = t.sys_obligor_code
    where ${where}`;
}

/** GET /tasks: filtered and paged; open tasks by due date first. */
export async function listTasks(
  db: Db,
  session: SessionData,
  query: TTasksQuery,
): Promise<{ rows: TTaskRow[]; total: number }> {
  const where: SQL[] = [sql`t.client_id = ${session.clientId}`, visibleTo(session)];
  if (query.status !== 'ALL') where.push(sql`t.status = ${query.status}`);
  if (query.assigneeId) where.push(sql`t.assignee_id = ${query.assigneeId}`);
  if (query.reporterId) where.push(sql`t.reporter_id = ${query.reporterId}`);
  if (query.categoryId) where.push(sql`t.category_id = ${query.categoryId}`);
  if (query.sysObligorCode) where.push(sql`t.sys_obligor_code = ${query.sysObligorCode}`);
  if (query.parentSysObligorCode)
    where.push(sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${query.parentSysObligorCode}`);
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    where.push(sql`(t.name ilike ${like} or o.name ilike ${like} or t.sys_obligor_code ilike ${like})`);
  }
  if (query.sysInvoiceNum) {
    where.push(sql`exists (select 1 from task_invoices ti where ti.client_id = t.client_id and ti.task_id = t.id
      and ti.sys_invoice_num = ${query.sysInvoiceNum})`);
  }
  const rows = await queryRows(
    db,
    sql`
    ${taskSelect(session.clientId, await clientToday(db, session.clientId), sql.join(where, sql` and `))}
    order by t.status desc, t.due_date asc, t.id asc
    limit ${query.count} offset ${(query.offset - 1) * query.count}`,
    TaskRow.extend({ total: col.int }),
  );
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...task }) => task) };
}
