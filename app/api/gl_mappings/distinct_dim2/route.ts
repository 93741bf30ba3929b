import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { distinctDimension } from '@/lib/server/clients/client-settings';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.clientSettings }, ({ db, session }) =>
  distinctDimension(db, session.clientId, 2));
