import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZSummaryQuery } from '@/lib/contract/receivables';
import { receivablesSummary } from '@/lib/server/receivables/list-receivables';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.summary, query: ZSummaryQuery }, ({ db, session, scope, query }) =>
  receivablesSummary(db, session.clientId, { ...query, scope }));
