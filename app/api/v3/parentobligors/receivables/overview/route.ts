import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZObligorSeriesQuery } from '@/lib/contract/customers';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { receivablesOverview } from '@/lib/server/receivables/overview';

/** The monthly receivables overview of one family (or one obligor). */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZObligorSeriesQuery }, async ({ db, session, scope, query }) => {
  await assertObligorVisible(db, session.clientId, scope, (query.parentSysObligorCode ?? query.sysObligorCode)!);
  return receivablesOverview(db, session.clientId, { ...query, scope });
});
