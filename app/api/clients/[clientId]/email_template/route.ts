import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { emailTemplate } from '@/lib/server/clients/client-settings';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.people }, ({ db, session }) => emailTemplate(db, session.clientId));
