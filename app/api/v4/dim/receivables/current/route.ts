import { route } from '@/lib/server/api/route';
import { performance } from '@/lib/server/calls/performance';

export const GET = route(performance.dimReceivables);
