import 'server-only';
import { portalCalls } from '@/lib/contract/portal';
import { listAccounts, postpaidAccount, prepaidAccount } from '@/lib/server/portal/accounts';
import { customerStatement } from '@/lib/server/portal/statement';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';
import { statementPdf } from '@/lib/server/portal/statement-pdf';
import { implement } from './serve';

export const portal = implement('portal', portalCalls, {
  statement: ({ db, session, scope, query }) => customerStatement(db, session.clientId, query, scope),
  statementXlsx: ({ db, session, scope, query }) => statementDownload(db, session.clientId, query, scope),
  statementPdf: ({ db, session, scope, query }) => statementPdf(db, session.clientId, query, scope),
  accounts: ({ db, session, scope, query }) =>
    listAccounts(db, session.clientId, query.accountType, query.obligorName, scope),
  postpaid: ({ db, session, scope, query }) => postpaidAccount(db, session.clientId, query, scope),
  prepaid: ({ db, session, scope, query }) => prepaidAccount(db, session.clientId, query, scope),
});
