import { route } from '@/lib/server/api/route';
import { msme } from '@/lib/server/calls/msme';

export const GET = route(msme.caseFilePdf);
