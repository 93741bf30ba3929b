import { route } from '@/lib/server/api/route';
import { portal } from '@/lib/server/calls/portal';

export const GET = route(portal.statementPdf);
