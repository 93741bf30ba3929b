import { route } from '@/lib/server/api/route';
import { clients } from '@/lib/server/calls/clients';

export const GET = route(clients.emailTemplate);
