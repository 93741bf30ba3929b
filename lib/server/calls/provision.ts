import 'server-only';
import { provisionCalls } from '@/lib/contract/provision';
import { provisionMatrix, saveAdjustment } from '@/lib/server/provision/provision';
import { provisionWorkbook } from '@/lib/server/provision/provision-workbook';
import { implement } from './serve';

export const provision = implement('provision', provisionCalls, {
  matrix: ({ db, session, query }) => provisionMatrix(db, session.clientId, query),
  workbook: ({ db, session, query }) => provisionWorkbook(db, session.clientId, query),
  adjust: ({ db, session, body }) => saveAdjustment(db, session.clientId, session.userId, body),
});
