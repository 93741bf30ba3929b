import { route } from '@/lib/server/api/route';
import { reports } from '@/lib/server/calls/reports';

export const GET = route(reports.list);
