import { route } from '@/lib/server/api/route';
import { notifications } from '@/lib/server/calls/notifications';

export const POST = route(notifications.markAllAsRead);
