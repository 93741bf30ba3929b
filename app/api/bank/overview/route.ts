import { route } from '@/lib/server/api/route';
import { bank } from '@/lib/server/calls/bank';

export const GET = route(bank.overview);
