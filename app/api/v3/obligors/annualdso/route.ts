import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZObligorSeriesQuery } from '@/lib/contract/customers';
import { annualDsoAt } from '@/lib/server/obligors/dso';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZObligorSeriesQuery }, async ({ db, session, scope, query }) => {
  await assertObligorVisible(db, session.clientId, scope, (query.parentSysObligorCode ?? query.sysObligorCode)!);
  return annualDsoAt(db, session.clientId, { ...query, scope });
});
