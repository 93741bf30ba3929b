import 'server-only';
import { bankCalls } from '@/lib/contract/bank';
import { ignoreBankLine, listBankLines } from '@/lib/server/bank/list-lines';
import { uploadedStatement } from '@/lib/server/bank/statement-upload';
import { importStatement } from '@/lib/server/bank/store-statement';
import { implement } from './serve';

export const bank = implement('bank', bankCalls, {
  uploadStatement: async ({ db, session, request }) => importStatement(db, session, await uploadedStatement(request)),
  lines: ({ db, session, query }) => listBankLines(db, session.clientId, query),
  ignore: ({ db, session, params }) => ignoreBankLine(db, session.clientId, params.id),
});
