import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZAccountQuery } from '@/lib/contract/portal';
import { prepaidAccount } from '@/lib/server/portal/accounts';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerPortal, query: ZAccountQuery }, ({ db, session, scope, query }) =>
  prepaidAccount(db, session.clientId, query, scope));
