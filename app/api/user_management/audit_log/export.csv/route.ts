import { route } from '@/lib/server/api/route';
import { personnel } from '@/lib/server/calls/personnel';

export const GET = route(personnel.auditCsv);
