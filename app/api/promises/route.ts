import { route } from '@/lib/server/api/route';
import { promises } from '@/lib/server/calls/promises';

export const GET = route(promises.list);
export const POST = route(promises.take);
