import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZSeriesQuery } from '@/lib/contract/customers';
import { annualDsoAt } from '@/lib/server/obligors/dso';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZSeriesQuery }, ({ db, session, scope, query }) =>
  annualDsoAt(db, session.clientId, { ...query, parentSysObligorCode: undefined, sysObligorCode: undefined, scope }));
