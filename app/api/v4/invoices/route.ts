import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { PagedResult } from '@/lib/server/api/handler';
import { ZInvoicesQuery } from '@/lib/contract/receivables';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.receivables, query: ZInvoicesQuery }, async ({ db, session, scope, query }) => {
  const { rows, total } = await listOpenInvoices(db, session.clientId, { ...query, scope });
  return new PagedResult(rows, total);
});
