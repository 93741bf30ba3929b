import 'server-only';
import { reportCalls } from '@/lib/contract/reports';
import { listReports } from '@/lib/server/reports/catalogue';
import { downloadReport } from '@/lib/server/reports/download-report';
import { implement } from './serve';

export const reports = implement('reports', reportCalls, {
  list: ({ db, session }) => listReports(db, session.clientId),
  download: ({ db, session, scope, query }) => downloadReport(db, session, scope, query),
});
