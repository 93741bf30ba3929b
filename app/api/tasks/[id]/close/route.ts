import { route } from '@/lib/server/api/route';
import { tasks } from '@/lib/server/calls/tasks';

export const POST = route(tasks.close);
