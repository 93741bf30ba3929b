import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { notifications } from '@/lib/db/schema';
import { notFound } from '@/lib/server/domain-errors';
import type { TNotification } from '@/lib/contract/notifications';
import type { SessionData } from '@/lib/server/auth/session-cookie';

const mine = (session: SessionData) =>
  and(eq(notifications.clientId, session.clientId), eq(notifications.userId, session.userId));

/** GET /notifications: the user's NEW or READ notifications, newest first, 20 a page. */
export async function listNotifications(
  db: Db,
  session: SessionData,
  query: { status: 'NEW' | 'READ'; offset: number; count: number },
): Promise<{ rows: TNotification[]; total: number }> {
  const where = and(mine(session), eq(notifications.status, query.status));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        message: notifications.message,
        from: notifications.fromName,
        fromId: notifications.fromId,
        createdAt: notifications.createdAt,
        associationId: notifications.associationId,
        status: notifications.status,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.count)
      .offset((query.offset - 1) * query.count),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: total?.n ?? 0 };
}

/** POST /notifications/{id}/markasread: only the user's own notification. */
export async function markAsRead(db: Db, session: SessionData, id: number): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ status: 'READ' })
    .where(and(mine(session), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!updated.length) throw notFound('Notification');
}

/** POST /notifications/markallasread. */
export async function markAllAsRead(db: Db, session: SessionData): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ status: 'READ' })
    .where(and(mine(session), eq(notifications.status, 'NEW')))
    .returning({ id: notifications.id });
  return updated.length;
}
