import { route } from '@/lib/server/api/route';
import { writeOffs } from '@/lib/server/calls/write-offs';

export const POST = route(writeOffs.reject);
