import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZInvoiceQuery } from '@/lib/contract/receivables';
import { getInvoice } from '@/lib/server/receivables/list-invoices';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.receivables, query: ZInvoiceQuery }, ({ db, session, scope, query }) =>
  getInvoice(db, session.clientId, query.sysInvoiceNum, query.date, scope));
