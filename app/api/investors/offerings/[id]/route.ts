import { route } from '@/lib/server/api/route';
import { investors } from '@/lib/server/calls/investors';

export const GET = route(investors.offering);
