import 'server-only';
import { receivablesCalls } from '@/lib/contract/receivables';
import { receivablesByDim1 } from '@/lib/server/receivables/by-dimension';
import { getInvoice } from '@/lib/server/receivables/invoice-detail';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { implement } from './serve';

export const receivables = implement('receivables', receivablesCalls, {
  list: ({ db, session, scope, query }) => listReceivables(db, session.clientId, { ...query, scope }),
  summary: ({ db, session, scope, query }) => receivablesSummary(db, session.clientId, { ...query, scope }),
  overview: ({ db, session, scope, query }) => receivablesOverview(db, session.clientId, { ...query, scope }),
  byDim1: ({ db, session, scope, query }) => receivablesByDim1(db, session.clientId, { ...query, scope }),
  families: ({ db, session, scope, query: { parentSysObligorCode, ...rest } }) =>
    listReceivables(db, session.clientId, {
      ...rest,
      sysObligorCode: parentSysObligorCode ?? rest.sysObligorCode,
      scope,
    }),
  openInvoices: ({ db, session, scope, query }) => listOpenInvoices(db, session.clientId, { ...query, scope }),
  invoice: ({ db, session, scope, query }) => getInvoice(db, session.clientId, query.sysInvoiceNum, query.date, scope),
});
