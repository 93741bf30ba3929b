import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/server/api/api-access';
import { ZStatementQuery } from '@/lib/contract/portal';
import { customerStatement } from '@/lib/server/portal/statement';
import { statementWorkbook } from '@/lib/server/portal/statement-xlsx';

/** The same statement as an Excel workbook. */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerPortal, query: ZStatementQuery }, async ({ db, session, scope, query }) => {
  const statement = await customerStatement(db, session.clientId, query, scope);
  const file = await statementWorkbook(statement);
  const name = `statement-${statement.customer.sysObligorCode}-${statement.fromDate}-to-${statement.toDate}.xlsx`.replace(/[^\w.-]/g, '_');
  return new Response(new Uint8Array(file), { headers: {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  } });
});
