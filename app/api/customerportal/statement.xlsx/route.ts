import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZStatementDownloadQuery } from '@/lib/contract/portal';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';

/** The whole statement of the period (every line, every open item) as an Excel workbook, streamed. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerPortal, query: ZStatementDownloadQuery }, ({ db, session, scope, query }) =>
  statementDownload(db, session.clientId, query, scope));
