import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { markAllAsRead } from '@/lib/server/notifications/list-notifications';

export const POST = apiRoute({ requirement: API_ACCESS.notifications }, async ({ db, session }) => ({ ok: true, marked: await markAllAsRead(db, session) }));
