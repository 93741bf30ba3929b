import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { listCreditLimits } from '@/lib/server/obligors/list-credit-limits';

/** Parent customers with limit, exposure, available credit and utilisation band; total in x-totalrecords. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZCreditLimitsQuery }, async ({ db, session, scope, query }) => {
  const { rows, total } = await listCreditLimits(db, session.clientId, { ...query, scope });
  return new PagedResult(rows, total);
});
