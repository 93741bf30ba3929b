import { route } from '@/lib/server/api/route';
import { dunning } from '@/lib/server/calls/dunning';

export const GET = route(dunning.reminderPdf);
