import 'server-only';
import { API_ACCESS } from '@/lib/contract/access';
import { dunningCalls } from '@/lib/contract/dunning';
import { satisfies } from '@/lib/domain/access';
import { letterhead, saveLetterhead } from '@/lib/server/clients/letterhead';
import { forbidden } from '@/lib/server/domain-errors';
import { paymentDetails, savePaymentDetails } from '@/lib/server/dunning/payment-details';
import { loadPolicy, savePolicy } from '@/lib/server/dunning/policy';
import { getRun, listRuns } from '@/lib/server/dunning/run-history';
import { reminderPdfDownload } from '@/lib/server/dunning/reminder-pdf';
import { runReminders } from '@/lib/server/dunning/runs';
import { statementHistory } from '@/lib/server/dunning/statement-history';
import { loadStatementSchedule, runStatements, saveStatementSchedule } from '@/lib/server/dunning/statement-runs';
import { implement } from './serve';

export const dunning = implement('dunning', dunningCalls, {
  policy: ({ db, session }) => loadPolicy(db, session.clientId),
  savePolicy: ({ db, session, body }) => savePolicy(db, session.clientId, session.userId, body),
  run: ({ db, session, scope, body }) => {
    // A preview needs the Worklist page (the call's access); sending needs a permission of its own.
    if (!body.dryRun && !satisfies(session, API_ACCESS.sendReminders)) {
      throw forbidden('Sending reminders needs the permission "Send customer reminders": ask an administrator');
    }
    return runReminders(db, {
      clientId: session.clientId,
      userId: session.userId,
      scope,
      trigger: 'MANUAL',
      dryRun: body.dryRun,
      code: body.sysObligorCode,
    });
  },
  runs: ({ db, session, scope, query }) => listRuns(db, session.clientId, scope, session.userId, query),
  getRun: ({ db, session, scope, params }) => getRun(db, session.clientId, params.id, scope, session.userId),
  reminderPdf: ({ db, session, scope, query }) =>
    reminderPdfDownload(db, session.clientId, query.sysObligorCode, scope),
  paymentDetails: ({ db, session }) => paymentDetails(db, session.clientId),
  savePaymentDetails: ({ db, session, body }) => savePaymentDetails(db, session.clientId, session.userId, body),
  letterhead: ({ db, session }) => letterhead(db, session.clientId),
  saveLetterhead: ({ db, session, body }) => saveLetterhead(db, session.clientId, session.userId, body),
  statementSchedule: ({ db, session }) => loadStatementSchedule(db, session.clientId),
  saveStatementSchedule: ({ db, session, body }) => saveStatementSchedule(db, session.clientId, session.userId, body),
  statementRun: ({ db, session, body }) =>
    runStatements(db, { clientId: session.clientId, userId: session.userId, dryRun: body.dryRun }),
  statementRuns: ({ db, session }) => statementHistory(db, session.clientId),
});
