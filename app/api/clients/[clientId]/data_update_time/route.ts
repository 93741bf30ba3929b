import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { dataUpdateTime } from '@/lib/server/clients/client-settings';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.clientSettings }, ({ db, session }) =>
  dataUpdateTime(db, session.clientId));
