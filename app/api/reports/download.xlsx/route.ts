import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZReportDownloadQuery } from '@/lib/contract/reports';
import { downloadReport } from '@/lib/server/reports/download-report';

/** One report as an Excel workbook (streamed attachment), as of `date`, under the user's row-level scope. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.reports, query: ZReportDownloadQuery }, async ({ db, session, scope, query }) =>
  downloadReport(db, session, scope, query));
