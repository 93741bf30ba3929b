import 'server-only';
import { bankCalls } from '@/lib/contract/bank';
import { applyBankLine } from '@/lib/server/bank/apply-line';
import { undoBankLine } from '@/lib/server/bank/undo-line';
import { cashSettingsOf, saveCashSettings } from '@/lib/server/bank/cash-settings';
import { exportReceipts, tdsReport } from '@/lib/server/bank/export-receipts';
import { bankOverview, ignoreBankLine, listBankLines } from '@/lib/server/bank/list-lines';
import { uploadedStatement } from '@/lib/server/bank/statement-upload';
import { importStatement } from '@/lib/server/bank/store-statement';
import { implement } from './serve';

export const bank = implement('bank', bankCalls, {
  uploadStatement: async ({ db, session, request }) => importStatement(db, session, await uploadedStatement(request)),
  lines: ({ db, session, query }) => listBankLines(db, session.clientId, query),
  overview: ({ db, session, query }) => bankOverview(db, session.clientId, query.statementId),
  ignore: ({ db, session, params }) => ignoreBankLine(db, session.clientId, params.id),
  apply: ({ db, session, params, body }) => applyBankLine(db, session, params.id, body),
  undo: ({ db, session, params }) => undoBankLine(db, session, params.id),
  settings: ({ db, session }) => cashSettingsOf(db, session.clientId),
  saveSettings: ({ db, session, body }) => saveCashSettings(db, session.clientId, body),
  exportReceipts: ({ db, session, query }) => exportReceipts(db, session.clientId, query.format),
  tdsReport: ({ db, session }) => tdsReport(db, session.clientId),
});
