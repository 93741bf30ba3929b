import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { notifications, users } from '@/lib/db/schema';
import { reportError } from '@/lib/server/observability/report-error';
import { appUrl, sendMail } from '@/lib/server/mail/send-mail';

export type NotificationKind =
  'TASK_ASSIGNED' | 'TASK_CLOSED' | 'TASK_DUE_TOMORROW' | 'TASK_OVERDUE' | 'PROMISE_BROKEN';

export interface TaskNotice {
  clientId: number;
  userId: number;
  from: { id: number; name: string } | null;
  message: string;
  kind: NotificationKind;
  taskId: number;
}

/** Stores the notification (NEW): the bell reads it; it is the record of what happened. */
export async function storeNotification(db: Db, notice: TaskNotice): Promise<void> {
  await db.insert(notifications).values({
    clientId: notice.clientId,
    userId: notice.userId,
    message: notice.message,
    kind: notice.kind,
    fromId: notice.from?.id,
    fromName: notice.from?.name ?? 'Receivables Desk',
    associationId: notice.taskId,
  });
}

/**
 * Emails a stored notification with a link to the task. Called after the transaction commits; a
 * mail failure is reported but never undoes the change (the bell still shows it).
 */
export async function emailNotification(db: Db, notice: TaskNotice): Promise<void> {
  try {
    const [recipient] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.clientId, notice.clientId), eq(users.id, notice.userId)));
    if (!recipient) return;
    const link = appUrl(`/borrowers/tasks/${notice.taskId}`);
    await sendMail({
      to: recipient.email,
      subject: notice.message,
      text: `Dear ${recipient.name},\n\n${notice.message}\n\nOpen the task: ${link}\n\n— Receivables Desk`,
      html: `<p>Dear ${escapeHtml(recipient.name)},</p><p>${escapeHtml(notice.message)}</p><p><a href="${link}">Open the task</a></p><p>— Receivables Desk</p>`,
    });
  } catch (error) {
    reportError(error, { where: 'emailNotification', taskId: notice.taskId });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
