import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { auditLog, invoices, obligors, roles, taskInvoices, tasks, users } from '@/lib/db/schema';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { canSeeObligor } from '@/lib/server/obligors/obligor-scope';
import type { TCreateTaskBody, TTaskRow } from '@/lib/contract/tasks';
import { hasPermission } from '@/lib/domain/access';
import { clientToday } from '@/lib/server/clients/client-day';
import { invalid, conflict, forbidden, notFound } from '@/lib/server/domain-errors';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { emailNotification, storeNotification, type TaskNotice } from '@/lib/server/notifications/notify';
import { ensureTaskCategory } from './task-categories';
import { TaskRow, taskSelect, visibleTo } from './list-tasks';

const badField = (field: string, message: string) => invalid(message, { [field]: message });

/** One task the user may see, or 404 (another client's or another collector's task alike). */
export async function getTask(db: Db, session: SessionData, id: number): Promise<TTaskRow> {
  const task = await queryRow(
    db,
    taskSelect(
      session.clientId,
      await clientToday(db, session.clientId),
      sql`t.client_id = ${session.clientId} and t.id = ${id} and ${visibleTo(session)}`,
    ),
    TaskRow,
  );
  if (!task) throw notFound('Task');
  return task;
}

async function activeBorrower(db: Db, clientId: number, userId: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, role: roles.code })
    .from(users)
    .innerJoin(roles, and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.id, userId),
        eq(users.status, 'ACTIVE'),
        eq(users.userType, 'borrowers'),
      ),
    );
  return user;
}

/**
 * A field officer or area sales manager sees only their own customers (row-level scope): a task on
 * another customer would be work they cannot open, so it is refused with the reason.
 */
async function assertAssigneeSeesCustomer(
  db: Db,
  clientId: number,
  assignee: { id: number; name: string; role: string },
  code: string | null,
): Promise<void> {
  if (!code) return;
  if (await canSeeObligor(db, clientId, obligorScope({ role: assignee.role, userId: assignee.id }), code)) return;
  throw badField(
    'assigneeId',
    `${assignee.name} is not assigned to this customer; assign the customer to them first (Manage customers)`,
  );
}

/** Runs a change and its notices in one transaction, then emails the notices (after commit). */
async function withNotices<T>(db: Db, change: (tx: Db, notices: TaskNotice[]) => Promise<T>): Promise<T> {
  const notices: TaskNotice[] = [];
  const result = await db.transaction((tx) => change(tx, notices));
  await Promise.all(notices.map((notice) => emailNotification(db, notice)));
  return result;
}

async function notice(tx: Db, notices: TaskNotice[], value: TaskNotice): Promise<void> {
  if (value.from?.id === value.userId) return; // nobody is told about their own action
  await storeNotification(tx, value);
  notices.push(value);
}

/** POST /tasks: validated against the client's own users, categories, customers and invoices. */
export async function createTask(db: Db, session: SessionData, body: TCreateTaskBody): Promise<TTaskRow> {
  const clientId = session.clientId;
  if (body.dueDate < (await clientToday(db, clientId))) throw badField('dueDate', 'the due date cannot be in the past');
  const assignee = await activeBorrower(db, clientId, body.assigneeId);
  if (!assignee) throw badField('assigneeId', 'choose an active user of your company');
  if (body.sysObligorCode) {
    const [obligor] = await db
      .select({ code: obligors.sysObligorCode })
      .from(obligors)
      .where(and(eq(obligors.clientId, clientId), eq(obligors.sysObligorCode, body.sysObligorCode)));
    if (!obligor) throw badField('sysObligorCode', 'no such customer');
    await assertAssigneeSeesCustomer(db, clientId, assignee, body.sysObligorCode);
  }
  const invoiceNums = [...new Set(body.sysInvoiceNum)];
  if (invoiceNums.length) {
    const found = await db
      .select({ num: invoices.sysInvoiceNum })
      .from(invoices)
      .where(
        and(
          eq(invoices.clientId, clientId),
          // The customer's own items, or for a parent customer those of any account of its family.
          inArray(
            invoices.sysObligorCode,
            db
              .select({ code: obligors.sysObligorCode })
              .from(obligors)
              .where(
                and(
                  eq(obligors.clientId, clientId),
                  or(
                    eq(obligors.sysObligorCode, body.sysObligorCode!),
                    eq(obligors.parentSysObligorCode, body.sysObligorCode!),
                  ),
                ),
              ),
          ),
          inArray(invoices.sysInvoiceNum, invoiceNums),
        ),
      );
    const missing = invoiceNums.filter((n) => !found.some((f) => f.num === n));
    if (missing.length) throw badField('sysInvoiceNum', `not invoices of this customer: ${missing.join(', ')}`);
  }
  const id = await withNotices(db, async (tx, notices) => {
    if (!(await ensureTaskCategory(tx, clientId, body.categoryId)))
      throw badField('categoryId', 'no such task category');
    const [task] = await tx
      .insert(tasks)
      .values({
        clientId,
        name: body.name,
        sysObligorCode: body.sysObligorCode,
        categoryId: body.categoryId,
        assigneeId: assignee.id,
        reporterId: session.userId,
        dueDate: body.dueDate,
      })
      .returning({ id: tasks.id });
    const taskId = task!.id;
    if (invoiceNums.length)
      await tx.insert(taskInvoices).values(invoiceNums.map((sysInvoiceNum) => ({ clientId, taskId, sysInvoiceNum })));
    await tx
      .insert(auditLog)
      .values({ clientId, userId: session.userId, action: 'task_created', entity: 'task', entityId: String(taskId) });
    await notice(tx, notices, {
      clientId,
      userId: assignee.id,
      from: { id: session.userId, name: session.name },
      taskId,
      kind: 'TASK_ASSIGNED',
      message: `${session.name} assigned you a task: ${body.name}`,
    });
    return taskId;
  });
  return getTask(db, session, id);
}

async function openTaskFor(db: Db, session: SessionData, id: number) {
  const task = await getTask(db, session, id);
  if (task.status !== 'OPEN') throw conflict('This task is already closed');
  return task;
}

/** POST /tasks/{id}/close: the assignee, the reporter or a task manager closes it with a comment. */
export async function closeTask(db: Db, session: SessionData, id: number, comment: string): Promise<TTaskRow> {
  const task = await openTaskFor(db, session, id);
  const involved = task.assigneeId === session.userId || task.reporterId === session.userId;
  if (!involved && !hasPermission(session, 'MANAGE_TASKS'))
    throw forbidden('Only the assignee or the reporter can close this task');
  await withNotices(db, async (tx, notices) => {
    const closed = await tx
      .update(tasks)
      .set({ status: 'CLOSED', comment, closedAt: new Date() })
      .where(and(eq(tasks.clientId, session.clientId), eq(tasks.id, id), eq(tasks.status, 'OPEN')))
      .returning({ id: tasks.id });
    if (!closed.length) throw conflict('This task is already closed');
    await tx.insert(auditLog).values({
      clientId: session.clientId,
      userId: session.userId,
      action: 'task_closed',
      entity: 'task',
      entityId: String(id),
      detail: { comment },
    });
    await notice(tx, notices, {
      clientId: session.clientId,
      userId: task.reporterId,
      from: { id: session.userId, name: session.name },
      taskId: id,
      kind: 'TASK_CLOSED',
      message: `${session.name} closed the task: ${task.name}`,
    });
  });
  return getTask(db, session, id);
}

/** POST /tasks/{id}/assign: hands an open task to another user, who is notified. */
export async function assignTask(db: Db, session: SessionData, id: number, assigneeId: number): Promise<TTaskRow> {
  const task = await openTaskFor(db, session, id);
  if (task.reporterId !== session.userId && !hasPermission(session, 'MANAGE_TASKS')) {
    throw forbidden('Only the reporter or a task manager can reassign this task');
  }
  const assignee = await activeBorrower(db, session.clientId, assigneeId);
  if (!assignee) throw badField('assigneeId', 'choose an active user of your company');
  await assertAssigneeSeesCustomer(db, session.clientId, assignee, task.sysObligorCode);
  await withNotices(db, async (tx, notices) => {
    await tx
      .update(tasks)
      .set({ assigneeId })
      .where(and(eq(tasks.clientId, session.clientId), eq(tasks.id, id)));
    await notice(tx, notices, {
      clientId: session.clientId,
      userId: assigneeId,
      from: { id: session.userId, name: session.name },
      taskId: id,
      kind: 'TASK_ASSIGNED',
      message: `${session.name} assigned you a task: ${task.name}`,
    });
  });
  return getTask(db, session, id);
}
