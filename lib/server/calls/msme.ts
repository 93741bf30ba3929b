import 'server-only';
import { chequeCalls } from '@/lib/contract/cheques';
import { msmeCalls } from '@/lib/contract/msme';
import { clearCheque, depositCheque, listCheques, receiveCheque, returnCheque } from '@/lib/server/cheques/cheques';
import { caseFile } from '@/lib/server/msme/case-file';
import { caseFilePdf } from '@/lib/server/msme/case-file-pdf';
import { customerInterest } from '@/lib/server/msme/customer-interest';
import { interestDebitNote } from '@/lib/server/msme/debit-note';
import { getMsmeSettings, saveMsmeSettings, saveMsmeTerms } from '@/lib/server/msme/msme-settings';
import { implement } from './serve';

export const msme = implement('msme', msmeCalls, {
  interest: ({ db, session, scope, query }) => customerInterest(db, session.clientId, scope, query),
  caseFile: ({ db, session, scope, query }) => caseFile(db, session.clientId, scope, query),
  caseFilePdf: ({ db, session, scope, query }) => caseFilePdf(db, session.clientId, scope, query),
  debitNoteCsv: ({ db, session, scope, query }) => interestDebitNote(db, session.clientId, scope, query, 'csv'),
  debitNoteXml: ({ db, session, scope, query }) => interestDebitNote(db, session.clientId, scope, query, 'xml'),
  settings: ({ db, session }) => getMsmeSettings(db, session.clientId),
  saveSettings: ({ db, session, body }) =>
    saveMsmeSettings(db, { clientId: session.clientId, userId: session.userId }, body),
  saveTerms: ({ db, session, scope, params, body }) =>
    saveMsmeTerms(db, { clientId: session.clientId, userId: session.userId, scope }, params.code, body),
});

export const cheques = implement('cheques', chequeCalls, {
  list: ({ db, session, scope, query }) => listCheques(db, session.clientId, scope, query),
  receive: ({ db, session, scope, body }) =>
    receiveCheque(db, { clientId: session.clientId, userId: session.userId, scope }, body),
  deposit: ({ db, session, scope, params, body }) =>
    depositCheque(db, { clientId: session.clientId, userId: session.userId, scope }, params.id, body),
  clear: ({ db, session, scope, params, body }) =>
    clearCheque(db, { clientId: session.clientId, userId: session.userId, scope }, params.id, body),
  return: ({ db, session, scope, params, body }) =>
    returnCheque(db, { clientId: session.clientId, userId: session.userId, scope }, params.id, body),
});
