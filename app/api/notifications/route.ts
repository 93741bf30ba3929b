import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZNotificationsQuery } from '@/lib/contract/tasks';
import { listNotifications } from '@/lib/server/notifications/list-notifications';

export const GET = apiRoute({ requirement: API_ACCESS.notifications, query: ZNotificationsQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listNotifications(db, session, query);
  return new PagedResult(rows, total);
});
