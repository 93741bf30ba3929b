import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZTaskIdParam } from '@/lib/contract/tasks';
import { markAsRead } from '@/lib/server/notifications/list-notifications';

export const POST = apiRoute({ requirement: API_ACCESS.notifications }, async ({ db, session, params }) => {
  await markAsRead(db, session, ZTaskIdParam.parse(params).id);
  return { ok: true };
});
