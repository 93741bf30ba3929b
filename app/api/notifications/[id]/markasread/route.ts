import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZTaskIdParam } from '@/lib/contract/tasks';
import { markAsRead } from '@/lib/server/notifications/list-notifications';

export const POST = apiRoute({ requirement: API_ACCESS.notifications }, async ({ db, session, params }) => {
  await markAsRead(db, session, ZTaskIdParam.parse(params).id);
  return { ok: true };
});
