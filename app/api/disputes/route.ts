import { route } from '@/lib/server/api/route';
import { disputes } from '@/lib/server/calls/disputes';

export const GET = route(disputes.list);
export const POST = route(disputes.open);
