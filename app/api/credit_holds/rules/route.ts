import { route } from '@/lib/server/api/route';
import { creditHoldsCalls } from '@/lib/server/calls/credit-holds';

export const GET = route(creditHoldsCalls.rules);
export const PUT = route(creditHoldsCalls.saveRules);
