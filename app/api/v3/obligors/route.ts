import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZObligorQuery } from '@/lib/contract/customers';
import { obligorInfo } from '@/lib/server/obligors/obligor-profile';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZObligorQuery }, ({ db, session, scope, query }) =>
  obligorInfo(db, session.clientId, (query.sysObligorCode ?? query.parentSysObligorCode)!, scope));
