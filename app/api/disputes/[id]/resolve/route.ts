import { route } from '@/lib/server/api/route';
import { disputes } from '@/lib/server/calls/disputes';

export const POST = route(disputes.resolve);
