import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZStatementQuery } from '@/lib/contract/portal';
import { customerStatement } from '@/lib/server/portal/statement';

/** A customer's statement of account for a period (default: three months to today). */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerPortal, query: ZStatementQuery }, ({ db, session, scope, query }) =>
  customerStatement(db, session.clientId, query, scope));
