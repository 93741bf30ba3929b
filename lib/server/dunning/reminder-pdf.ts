import 'server-only';
import type { Db } from '@/lib/db/client';
import { boundariesOf } from '@/lib/domain/ageing';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { KIND_LABEL } from '@/lib/domain/statement';
import { clientToday } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { openItemsSummary } from '@/lib/server/portal/open-items';
import { amount, day, l, Letter, partiesOf, pdfResponse, r } from '@/lib/server/portal/pdf-template';
import { membersOf } from '@/lib/server/portal/statement';
import { reminderCandidates, type Candidate } from './candidates';
import { activePolicy } from './policy';

/** Document, type, issued, due, days past due, outstanding, in dispute, to pay so far: 515 points. */
const COLUMNS = [l(95), l(55), l(55), l(55), r(50), r(70), r(60), r(75)];

/**
 * The payment reminder as a PDF, attached to the reminder mail: the statement's template (the
 * letterhead, the customer's block, the ageing of its open items, the UPI QR and the bank account,
 * page numbers) around the reminder's own items, the running total carried forward from page to
 * page, less the money on account, to the amount asked for.
 */
export async function reminderPdf(
  db: Db,
  clientId: number,
  candidate: Candidate,
  today: string,
  scope?: ObligorScope,
): Promise<Buffer> {
  const client = await getClient(db, clientId);
  const members = membersOf(clientId, candidate.code, scope);
  const [parties, summary] = await Promise.all([
    partiesOf(db, clientId, candidate.code),
    openItemsSummary(db, clientId, members, today, boundariesOf(client)),
  ]);
  const letter = new Letter(parties, 'Payment reminder', `as at ${day(today)}`);
  letter.note(
    `Our records show the bills below unpaid, the oldest ${candidate.oldestDays} days past its due date. Please pay ${amount(candidate.amountDue)}, or tell us what you have paid or why you dispute a bill.`,
    9,
  );
  letter.figures([
    ['Please pay', amount(candidate.amountDue)],
    ['Overdue', amount(summary.overdue)],
    ['All open items', amount(summary.outstanding)],
    ['Oldest, days past due', String(candidate.oldestDays)],
  ]);
  letter.ageing(summary.ageing);
  await letter.payBlock(candidate.amountDue > 0 ? candidate.amountDue : null);

  letter.title2('Bills of this reminder');
  let running = 0;
  const carry = (label: string) => ['', '', label, '', '', '', '', amount(running / 100)];
  const table = letter.table(
    COLUMNS,
    ['Document', 'Type', 'Issued', 'Due', 'Days late', 'Outstanding', 'In dispute', 'Total'],
    { carried: () => carry('Carried forward'), brought: () => carry('Brought forward') },
  );
  for (const item of candidate.items) {
    // A bill due soon is listed, not asked for: it adds nothing to the total.
    if (!item.dueSoon) running += Math.round(item.outstanding * 100);
    table.row([
      item.invoiceNum,
      KIND_LABEL[item.docType],
      day(item.issueDate),
      day(item.dueDate),
      item.dueSoon ? 'due soon' : String(item.daysPastDue),
      amount(item.outstanding),
      item.disputed ? amount(item.disputed) : '',
      amount(running / 100),
    ]);
  }
  table.row(['', '', 'Bills', '', '', '', '', amount(running / 100)], true);
  if (candidate.unallocated < 0) {
    table.row(['', '', 'Received on account', '', '', '', '', amount(candidate.unallocated)], true);
  }
  table.row(['', '', 'Please pay', '', '', '', '', amount(candidate.amountDue)], true);
  return letter.finish();
}

/**
 * GET /dunning/reminder.pdf: the reminder `code` (a family's parent under FAMILY grouping) is due
 * today, as its reminder mail attaches it, worked out as the preview works it out; 404 for a
 * customer outside the user's scope, and when nothing is asked of it today (it owes nothing due, or
 * its money on account covers it).
 */
export async function reminderPdfDownload(db: Db, clientId: number, code: string, scope?: ObligorScope) {
  await assertObligorVisible(db, clientId, scope, code);
  const [today, policy] = await Promise.all([clientToday(db, clientId), activePolicy(db, clientId)]);
  const [candidate] = await reminderCandidates(db, clientId, policy, today, { scope, code });
  if (!candidate || candidate.action !== 'REMIND') throw notFound('Reminder due today');
  return pdfResponse(await reminderPdf(db, clientId, candidate, today, scope), `reminder-${code}-${today}.pdf`);
}
