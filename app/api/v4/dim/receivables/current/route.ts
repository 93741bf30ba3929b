import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZDimReceivablesQuery } from '@/lib/contract/performance';
import { dimReceivables } from '@/lib/server/performance/dim-receivables';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.summary, query: ZDimReceivablesQuery }, async ({ db, session, scope, query }) => {
  const { rows, total } = await dimReceivables(db, session.clientId, { ...query, scope });
  return new PagedResult(rows, total);
});
