import { route } from '@/lib/server/api/route';
import { kpis } from '@/lib/server/calls/kpis';

export const GET = route(kpis.kpis);
