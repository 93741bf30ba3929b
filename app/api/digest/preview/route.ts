import { route } from '@/lib/server/api/route';
import { digest } from '@/lib/server/calls/digest';

export const POST = route(digest.preview);
