import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZReportsListQuery } from '@/lib/contract/reports';
import { listReports } from '@/lib/server/reports/catalogue';

/** The Excel reports the client offers, with what each holds and its download link. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.reports, query: ZReportsListQuery }, async ({ db, session }) =>
  listReports(db, session.clientId));
