import 'server-only';
import { notificationCalls } from '@/lib/contract/notifications';
import { listNotifications, markAllAsRead, markAsRead } from '@/lib/server/notifications/list-notifications';
import { implement } from './serve';

export const notifications = implement('notifications', notificationCalls, {
  list: ({ db, session, query }) => listNotifications(db, session, query),
  markAsRead: async ({ db, session, params }) => {
    await markAsRead(db, session, params.id);
    return { ok: true } as const;
  },
  markAllAsRead: async ({ db, session }) => ({ ok: true as const, marked: await markAllAsRead(db, session) }),
});
