import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZFamilyObligorsQuery } from '@/lib/contract/customers';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { listReceivables } from '@/lib/server/receivables/list-receivables';

/** The obligors of a family with their ageing as of the date (the parent itself included). */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customers, query: ZFamilyObligorsQuery }, async ({ db, session, scope, query, params }) => {
  await assertObligorVisible(db, session.clientId, scope, params.id!);
  const { rows, total } = await listReceivables(db, session.clientId, {
    ...ZReceivablesQuery.parse({ ...query, parentSysObligorCode: params.id }), scope,
  });
  return new PagedResult(rows, total);
});
