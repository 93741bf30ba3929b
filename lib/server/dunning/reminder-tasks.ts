import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { taskInvoices, tasks } from '@/lib/db/schema';
import { amountText, overdueTableText } from '@/lib/domain/dunning';
import { ASK_ALLOCATION_TASK, askAllocationReason } from '@/lib/domain/on-account-reminders';
import { storeNotification } from '@/lib/server/notifications/notify';
import { categoryNamed } from '@/lib/server/tasks/task-categories';
import { insertMessage, type Planned, type RunRequest, type User } from './run-messages';

/** A reminder's task for a collector or manager, with the bills it is about, and their notification. */
export async function insertReminderTask(
  tx: Db,
  task: {
    clientId: number;
    code: string;
    categoryId: number;
    assignee: User;
    /** Who asked for the run; null for the daily job (the assignee reports it then). */
    userId: number | null;
    today: string;
    name: string;
    comment: string;
    /** The notification's text. */
    message: string;
    bills?: string[];
  },
): Promise<number> {
  const { clientId, assignee } = task;
  const [row] = await tx
    .insert(tasks)
    .values({
      clientId,
      name: task.name.slice(0, 200),
      sysObligorCode: task.code,
      categoryId: task.categoryId,
      assigneeId: assignee.id,
      reporterId: task.userId ?? assignee.id,
      dueDate: task.today,
      comment: task.comment,
    })
    .returning({ id: tasks.id });
  if (task.bills?.length)
    await tx
      .insert(taskInvoices)
      .values(task.bills.map((sysInvoiceNum) => ({ clientId, taskId: row!.id, sysInvoiceNum })));
  if (task.userId !== assignee.id)
    await storeNotification(tx, {
      clientId,
      userId: assignee.id,
      from: null,
      kind: 'TASK_ASSIGNED',
      taskId: row!.id,
      message: task.message,
    });
  return row!.id;
}

/** The open "which bills does the receipt pay" task of a family or account, if any. */
async function openAskTask(db: Db, clientId: number, code: string): Promise<number | null> {
  const task = await queryRow(
    db,
    sql`select id from tasks where client_id = ${clientId} and sys_obligor_code = ${code} and status = 'OPEN'
      and left(name, ${ASK_ALLOCATION_TASK.length}) = ${ASK_ALLOCATION_TASK} order by id limit 1`,
    row({ id: col.int }),
  );
  return task?.id ?? null;
}

/** The task message of a group whose money on account covers what it owes, and the reason in words. */
function askAllocationPlan(planned: Planned, admin: User | null): { p: Planned; reason: string } {
  const c = planned.candidate;
  const assignee = c.collector ?? c.manager ?? admin;
  return {
    p: { ...planned, level: { ...planned.level, channel: 'TASK' }, assignee, recipient: assignee?.name ?? null },
    reason: askAllocationReason(c.itemsDue, c.unallocated, c.amountDue),
  };
}

/** A preview's line for such a group: the task it would make, or the one still open. */
export async function askAllocationPreview(
  db: Db,
  clientId: number,
  planned: Planned,
  admin: User | null,
): Promise<{ p: Planned; reason: string; taskId: number | null }> {
  return { ...askAllocationPlan(planned, admin), taskId: await openAskTask(db, clientId, planned.candidate.code) };
}

/**
 * A group whose money on account covers what it owes is not reminded: its collector (else its
 * manager, else an administrator, as the WhatsApp level) gets a task to ask which bills that money
 * pays, on the family or account, with the items it owes, once: not again while one is open (the
 * group's obligor row is locked while looking, so two runs at once make one). The run records the
 * group as SKIPPED with the reason and the task.
 */
export async function askAllocation(
  db: Db,
  req: RunRequest,
  runId: number,
  today: string,
  planned: Planned,
  admin: User | null,
): Promise<void> {
  const { clientId } = req;
  const c = planned.candidate;
  const { p, reason } = askAllocationPlan(planned, admin);
  const assignee = p.assignee;
  if (!assignee) {
    await insertMessage(db, clientId, runId, today, p, 'FAILED', `${reason}; nobody to give the task to`);
    return;
  }
  const categoryId = await categoryNamed(db, clientId, 'Payment follow-up');
  const { taskId, created } = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from obligors where client_id = ${clientId} and sys_obligor_code = ${c.code} for update`,
    );
    const open = await openAskTask(tx, clientId, c.code);
    if (open !== null) return { taskId: open, created: false };
    const name = `${ASK_ALLOCATION_TASK}: ${c.name}`;
    const taskId = await insertReminderTask(tx, {
      clientId,
      code: c.code,
      categoryId,
      assignee,
      userId: req.userId,
      today,
      name,
      comment:
        `${c.name} (${c.familyName}) has ₹${amountText(-c.unallocated)} received on account or in advance that is not yet ` +
        `allocated to bills, and it covers the ₹${amountText(c.itemsDue)} due on the items below, so no reminder was sent. ` +
        `Ask which bills it pays and have it allocated in the accounts; the next import applies it.\n\n` +
        overdueTableText(c.items),
      message: name,
      bills: [...new Set(c.items.filter((i) => i.outstanding > 0 && i.sysInvoiceNum).map((i) => i.sysInvoiceNum!))],
    });
    return { taskId, created: true };
  });
  await insertMessage(
    db,
    clientId,
    runId,
    today,
    p,
    'SKIPPED',
    created ? reason : `${reason} (the task asking it is still open)`,
    taskId,
  );
}
