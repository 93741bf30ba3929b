import { route } from '@/lib/server/api/route';
import { tasks } from '@/lib/server/calls/tasks';

export const GET = route(tasks.get);
