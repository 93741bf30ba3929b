import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZAccountsQuery } from '@/lib/contract/portal';
import { listAccounts } from '@/lib/server/portal/accounts';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerPortal, query: ZAccountsQuery }, ({ db, session, scope, query }) =>
  listAccounts(db, session.clientId, query.accountType, query.obligorName, scope));
