import { route } from '@/lib/server/api/route';
import { receivables } from '@/lib/server/calls/receivables';

export const GET = route(receivables.overview);
