import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZOverviewQuery } from '@/lib/contract/receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.summary, query: ZOverviewQuery }, ({ db, session, scope, query }) =>
  receivablesOverview(db, session.clientId, { ...query, scope }));
