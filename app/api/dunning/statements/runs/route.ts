import { route } from '@/lib/server/api/route';
import { dunning } from '@/lib/server/calls/dunning';

export const POST = route(dunning.statementRun);
export const GET = route(dunning.statementRuns);
