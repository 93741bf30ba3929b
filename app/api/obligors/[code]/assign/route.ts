import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZAssignObligorBody, ZObligorCodeParam } from '@/lib/contract/obligors';
import { assignObligor } from '@/lib/server/obligors/assign-obligor';

export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageCustomers, body: ZAssignObligorBody },
  ({ db, session, params, body }) => assignObligor(db, session, ZObligorCodeParam.parse(params).code, body));
