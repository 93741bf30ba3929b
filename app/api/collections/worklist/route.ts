import { route } from '@/lib/server/api/route';
import { collections } from '@/lib/server/calls/collections';

export const GET = route(collections.worklist);
