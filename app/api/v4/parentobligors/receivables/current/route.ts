import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { PagedResult } from '@/lib/server/api/handler';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import { listReceivables } from '@/lib/server/receivables/list-receivables';

/** One row per parent obligor (or the one named by parentSysObligorCode) as of the date. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.receivables, query: ZReceivablesQuery }, async ({ db, session, scope, query }) => {
  const { parentSysObligorCode, ...rest } = query;
  const { rows, total } = await listReceivables(db, session.clientId, { ...rest, sysObligorCode: parentSysObligorCode ?? rest.sysObligorCode, scope });
  return new PagedResult(rows, total);
});
