import { route } from '@/lib/server/api/route';
import { creditLimits } from '@/lib/server/calls/credit-limits';

export const GET = route(creditLimits.bands);
