import { route } from '@/lib/server/api/route';
import { auth } from '@/lib/server/calls/auth';

export const GET = route(auth.borrowerUser);
