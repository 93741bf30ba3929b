import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCustomerMappingQuery } from '@/lib/contract/customers';
import { customerMapping } from '@/lib/server/obligors/customer-mapping';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZCustomerMappingQuery }, ({ db, session, scope, query }) =>
  customerMapping(db, session.clientId, { ...query, scope }));
