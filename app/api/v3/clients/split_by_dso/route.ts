import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZSplitByDsoQuery } from '@/lib/contract/customers';
import { dsoSplit } from '@/lib/server/obligors/dso';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZSplitByDsoQuery }, ({ db, session, scope, query }) =>
  dsoSplit(db, session.clientId, { ...query, scope }));
