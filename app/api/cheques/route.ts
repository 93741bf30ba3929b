import { route } from '@/lib/server/api/route';
import { cheques } from '@/lib/server/calls/msme';

export const GET = route(cheques.list);
export const POST = route(cheques.receive);
