import { route } from '@/lib/server/api/route';
import { provision } from '@/lib/server/calls/provision';

export const PUT = route(provision.adjust);
