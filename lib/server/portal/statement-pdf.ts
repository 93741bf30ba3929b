import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TStatementDownloadQuery } from '@/lib/contract/portal';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { KIND_LABEL as KINDS } from '@/lib/domain/statement';
import { statementInterest } from '@/lib/server/msme/statement-interest';
import { ledgerLines } from './ledger';
import { allOpenItems, openItemsSummary, unallocatedAt } from './open-items';
import { amount, day, l, Letter, partiesOf, pdfResponse, r } from './pdf-template';
import { statementBasis, statementEntriesSql } from './statement';

/** The type column is narrow: money received on account is "On account". */
const KIND_LABEL = { ...KINDS, RECEIPT: 'On account' };

/** Date, type, reference, against, due, debit, credit, balance: 515 points, A4 less the margins. */
const LINE_COLUMNS = [l(50), l(52), l(90), l(90), l(50), r(61), r(61), r(61)];
/** Document, type, account, issued, due, amount, outstanding, ageing. */
const ITEM_COLUMNS = [l(92), l(52), l(60), l(50), l(50), r(70), r(70), r(71)];
/** Invoice, account, accepted, statutory due, days beyond, principal, interest. */
const INTEREST_COLUMNS = [l(100), l(65), l(60), l(65), r(55), r(85), r(85)];

/**
 * GET /api/customerportal/statement.pdf: the statement of the period as a PDF, from the template of
 * the customer's documents (./pdf-template.ts): the letterhead and the customer's block, opening
 * balance, overdue and closing balance, the ageing of the open items, every line with the running
 * balance (each page closes at "Carried forward" and the next opens at "Brought forward" with the
 * same figure), the closing balance, the open items themselves, the MSMED interest when the
 * client states it, the UPI QR and the bank details, and "Page n of m" on every page.
 */
export async function statementPdf(
  db: Db,
  clientId: number,
  query: TStatementDownloadQuery,
  scope?: ObligorScope,
): Promise<Response> {
  const s = await statementBasis(db, clientId, query, scope);
  const { members, fromDate, toDate, opening, boundaries } = s;
  const [summary, unallocated, parties, interest] = await Promise.all([
    openItemsSummary(db, clientId, members, toDate, boundaries),
    unallocatedAt(db, clientId, members, toDate),
    partiesOf(db, clientId, s.code),
    statementInterest(db, clientId, members, toDate),
  ]);
  const letter = new Letter(parties, 'Statement of account', `${day(fromDate)} to ${day(toDate)}`);
  if (s.customer.isParent)
    letter.note('Covers every account of the group; the open items name the account of each bill.');
  // The closing balance is the receivables row's net balance: the open items less money on account.
  const closing = summary.outstanding + unallocated;
  letter.figures([
    ['Opening balance', amount(opening)],
    ['Closing balance', amount(closing)],
    ['Overdue', amount(summary.overdue)],
    ['Open items', String(summary.count)],
  ]);
  letter.ageing(summary.ageing);
  const due = s.credit.exposure > 0 ? Math.round(s.credit.exposure * 100) / 100 : null;
  await letter.payBlock(due);

  // ---- The lines, with brought and carried forward across pages ----
  letter.title2('Lines of the period');
  let balance = opening;
  let lastDay = fromDate;
  const totals = { debits: 0, credits: 0 };
  const balanceLine = (label: string, at: string, v: number) => [day(at), '', label, '', '', '', '', amount(v)];
  const lines = letter.table(
    LINE_COLUMNS,
    ['Date', 'Type', 'Reference', 'Against', 'Due', 'Debit', 'Credit', 'Balance'],
    {
      carried: () => balanceLine('Carried forward', lastDay, balance),
      brought: () => balanceLine('Brought forward', lastDay, balance),
    },
  );
  lines.row(balanceLine('Opening balance', fromDate, opening), true);
  // The document holds every line anyway: read in batches of 5,000 rather than 1,000, a two-year
  // statement is one read of the period's entries, not one per thousand lines (each sorts them all).
  const entries = statementEntriesSql(clientId, members, fromDate, toDate);
  for await (const line of ledgerLines(db, entries, opening, 5000)) {
    lines.row([
      day(line.date),
      KIND_LABEL[line.kind],
      line.reference,
      line.against ?? '',
      day(line.dueDate),
      line.debit ? amount(line.debit) : '',
      line.credit ? amount(line.credit) : '',
      amount(line.balance),
    ]);
    totals.debits += Math.round(line.debit * 100);
    totals.credits += Math.round(line.credit * 100);
    balance = line.balance;
    lastDay = line.date;
  }
  lines.row(
    [
      day(toDate),
      '',
      'Closing balance',
      '',
      '',
      amount(totals.debits / 100),
      amount(totals.credits / 100),
      amount(balance),
    ],
    true,
  );
  if (unallocated) {
    letter.note(
      `Received on account, not yet allocated to bills: ${amount(-unallocated)} (in the closing balance).`,
      8,
    );
  }

  // ---- Open items at the end date ----
  letter.doc.y += 8;
  letter.ensure(4);
  letter.title2(`Open items at ${day(toDate)}`);
  const items = letter.table(ITEM_COLUMNS, [
    'Document',
    'Type',
    'Account',
    'Issued',
    'Due',
    'Amount',
    'Outstanding',
    'Ageing',
  ]);
  for await (const item of allOpenItems(db, clientId, members, toDate, boundaries)) {
    items.row([
      item.invoiceNum,
      KIND_LABEL[item.docType],
      item.sysObligorCode,
      day(item.issueDate),
      day(item.dueDate),
      amount(item.amount),
      amount(item.outstanding),
      item.bucket,
    ]);
  }

  // ---- MSMED interest at the end date, when the client states it: a claim beside the balance ----
  if (interest) {
    letter.doc.y += 8;
    letter.ensure(5);
    letter.title2(`Interest on late payment to ${day(interest.date)}`);
    letter.note(
      'MSMED Act 2006 s16: compound interest with monthly rests at three times the RBI Bank Rate, from the day after the statutory due date (acceptance taken as the invoice date). Not included in the balance above.',
      7.5,
    );
    const claims = letter.table(INTEREST_COLUMNS, [
      'Invoice',
      'Account',
      'Accepted',
      'Statutory due',
      'Days beyond',
      'Principal owed',
      'Interest',
    ]);
    for (const line of interest.lines)
      claims.row([
        line.invoiceNum,
        line.sysObligorCode,
        day(line.acceptanceDate),
        day(line.statutoryDueDate),
        String(line.daysBeyond),
        amount(line.principalOutstanding),
        amount(line.interest),
      ]);
    claims.row(['Interest claimable', '', '', '', '', '', amount(interest.total)], true);
  }
  return pdfResponse(await letter.finish(), `statement-${s.code}-${fromDate}-to-${toDate}.pdf`);
}
