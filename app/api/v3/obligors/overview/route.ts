import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZObligorSeriesQuery } from '@/lib/contract/customers';
import { obligorOverview } from '@/lib/server/obligors/obligor-profile';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZObligorSeriesQuery }, ({ db, session, scope, query }) =>
  obligorOverview(db, session.clientId, { ...query, scope }));
