import { route } from '@/lib/server/api/route';
import { communications } from '@/lib/server/calls/communications';

export const GET = route(communications.list);
export const POST = route(communications.log);
