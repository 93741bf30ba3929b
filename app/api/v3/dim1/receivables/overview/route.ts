import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZDim1OverviewQuery } from '@/lib/contract/performance';
import { dim1Overview } from '@/lib/server/performance/dim1-overview';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.summary, query: ZDim1OverviewQuery }, ({ db, session, scope, query }) =>
  dim1Overview(db, session.clientId, { ...query, scope }));
