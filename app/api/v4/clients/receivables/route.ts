import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { PagedResult } from '@/lib/server/api/handler';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import { listReceivables } from '@/lib/server/receivables/list-receivables';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.receivables, query: ZReceivablesQuery }, async ({ db, session, scope, query }) => {
  const { rows, total } = await listReceivables(db, session.clientId, { ...query, scope });
  return new PagedResult(rows, total);
});
