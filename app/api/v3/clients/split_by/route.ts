import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZSplitByQuery } from '@/lib/contract/customers';
import { splitBy } from '@/lib/server/obligors/risk-overview';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZSplitByQuery }, ({ db, session, scope, query }) =>
  splitBy(db, session.clientId, { ...query, scope }));
