import 'server-only';
import type { Db } from '@/lib/db/client';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import type { TStatementInterest } from '@/lib/contract/msme';
import type { TOpenItem, TStatementDownloadQuery } from '@/lib/contract/portal';
import { formatMoney } from '@/lib/domain/format';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { KIND_LABEL, RECEIPT_KIND_LABEL, type StatementLine } from '@/lib/domain/statement';
import { upiLink, upiReference } from '@/lib/domain/upi';
import { statementInterest } from '@/lib/server/msme/statement-interest';
import { reportError } from '@/lib/server/observability/report-error';
import { moneyFormat, titleDate } from '@/lib/server/reports/excel-format';
import { readAhead, workbookStream, type ReportSheet } from '@/lib/server/reports/workbook-writer';
import { ledgerLines } from './ledger';
import { allOpenItems, unallocatedReceipts } from './open-items';
import { statementBasis, statementEntriesSql } from './statement';

type InterestLine = TStatementInterest['lines'][number];

async function* each<R>(rows: readonly R[]): AsyncIterable<R> {
  yield* rows;
}

/**
 * The statement's 'MSMED interest' sheet (the client states it on statements): each debt that owes
 * s16 interest at the end date, with its total. A claim beside the balance, not part of it.
 */
function interestSheet(interest: TStatementInterest): ReportSheet<InterestLine> {
  return {
    name: 'MSMED interest',
    subtitle: `Interest on late payment to ${titleDate(interest.date)} under the MSMED Act 2006 s16: compound, monthly rests, 3 x the RBI Bank Rate, from the day after the statutory due date (acceptance taken as the invoice date). Not included in the balance.`,
    columns: [
      { header: 'Invoice', kind: 'text', width: 22, value: (l) => l.invoiceNum },
      { header: 'Account', kind: 'text', width: 12, value: (l) => l.sysObligorCode },
      { header: 'Accepted', kind: 'date', value: (l) => l.acceptanceDate },
      { header: 'Statutory due', kind: 'date', value: (l) => l.statutoryDueDate },
      { header: 'Days beyond', kind: 'count', value: (l) => l.daysBeyond },
      { header: 'Principal owed', kind: 'money', value: (l) => l.principalOutstanding, total: true },
      { header: 'Interest', kind: 'money', value: (l) => l.interest, total: true },
    ],
    rows: each(interest.lines),
    totalLabel: 'Interest claimable',
  };
}

type StatementRow = Partial<StatementLine> & { label?: string };

/** A line of the 'Open items' sheet: an open item, or a receipt with money not yet allocated. */
type OpenLine =
  | TOpenItem
  | (Pick<TOpenItem, 'invoiceNum' | 'sysObligorCode' | 'issueDate' | 'dueDate' | 'amount' | 'outstanding'> & {
      type: string;
      daysPastDue: null;
      bucket: null;
    });

/**
 * GET /api/customerportal/statement.xlsx: the whole statement as a workbook streamed into the
 * response, however long the period: a 'Statement' sheet (the opening balance, every line with the
 * running balance, read from the database a thousand lines at a time, and the closing balance) and
 * an 'Open items' sheet with ageing, then the receipts on account not yet allocated, which together
 * add up to the closing balance. Figures are numbers with the client's money format and real
 * dates, so they add up in Excel. An unknown or out-of-scope customer is refused (404) before the
 * first byte.
 */
export async function statementDownload(
  db: Db,
  clientId: number,
  query: TStatementDownloadQuery,
  scope?: ObligorScope,
): Promise<Response> {
  const s = await statementBasis(db, clientId, query, scope);
  const { members, fromDate, toDate, opening, boundaries } = s;
  const money = (v: number) => formatMoney(v, s.client.currency, s.client.locale);
  const limit =
    s.credit.creditLimit == null
      ? 'no credit limit'
      : `credit limit ${money(s.credit.creditLimit)}, available ${money(s.credit.available ?? 0)}`;
  // Where to pay, in the header: the UPI link (the amount left to the payer) when the client has a VPA.
  const pay = s.client.upiVpa
    ? `; pay by UPI: ${upiLink({ vpa: s.client.upiVpa, payeeName: s.client.name, reference: upiReference(s.code, s.client.code) })}`
    : '';
  const meta = {
    clientName: s.client.name,
    reportName: `Statement of account: ${s.customer.name} (${s.code})`,
    asOf: toDate,
    asOfLabel: titleDate(toDate),
    moneyFormat: moneyFormat(s.client.currency, s.client.locale),
  };
  async function* statementRows(): AsyncGenerator<StatementRow> {
    yield { date: fromDate, label: 'Opening balance', balance: opening };
    yield* ledgerLines(db, statementEntriesSql(clientId, members, fromDate, toDate), opening);
  }
  const statement: ReportSheet<StatementRow> = {
    name: 'Statement',
    subtitle: `${titleDate(fromDate)} to ${titleDate(toDate)}${s.customer.isParent ? ', the whole family' : ''}; amounts in ${s.client.currency}; ${limit}${pay}`,
    columns: [
      { header: 'Date', kind: 'date', value: (r) => r.date },
      { header: 'Type', kind: 'text', width: 16, value: (r) => r.label ?? (r.kind ? KIND_LABEL[r.kind] : null) },
      { header: 'Reference', kind: 'text', width: 22, value: (r) => r.reference },
      { header: 'Against', kind: 'text', width: 20, value: (r) => r.against },
      { header: 'Due date', kind: 'date', value: (r) => r.dueDate },
      { header: 'Debit', kind: 'money', value: (r) => r.debit || null, total: true },
      { header: 'Credit', kind: 'money', value: (r) => r.credit || null, total: true },
      {
        header: 'Balance',
        kind: 'money',
        value: (r) => r.balance,
        total: (sums) => Math.round((opening + (sums.Debit ?? 0) - (sums.Credit ?? 0)) * 100) / 100,
      },
    ],
    rows: statementRows(),
    totalLabel: 'Closing balance',
  };
  // The open items, then the money received on account or in advance that no bill has taken yet (a
  // negative line each, in no bucket): together the closing balance, which is the net balance.
  async function* openLines(): AsyncGenerator<OpenLine> {
    for await (const item of allOpenItems(db, clientId, members, toDate, boundaries)) yield item;
    for (const receipt of await unallocatedReceipts(db, clientId, members, toDate)) {
      yield {
        invoiceNum: receipt.paymentRef,
        type: RECEIPT_KIND_LABEL[receipt.kind],
        sysObligorCode: receipt.sysObligorCode,
        issueDate: receipt.paidDate,
        dueDate: null,
        amount: -receipt.amount,
        outstanding: receipt.unallocated,
        daysPastDue: null,
        bucket: null,
      };
    }
  }
  const openItems: ReportSheet<OpenLine> = {
    name: 'Open items',
    subtitle: `Open at ${titleDate(toDate)}, most overdue first, then the money received on account or in advance not yet allocated to a bill (negative: received, and what is left of it); they add up to the closing balance`,
    columns: [
      { header: 'Document', kind: 'text', width: 22, value: (i) => i.invoiceNum },
      {
        header: 'Type',
        kind: 'text',
        width: 20,
        value: (i) => ('docType' in i ? KIND_LABEL[i.docType] : i.type),
      },
      { header: 'Account', kind: 'text', width: 12, value: (i) => i.sysObligorCode },
      { header: 'Issued', kind: 'date', value: (i) => i.issueDate },
      { header: 'Due', kind: 'date', value: (i) => i.dueDate },
      { header: 'Amount', kind: 'money', value: (i) => i.amount },
      { header: 'Outstanding', kind: 'money', value: (i) => i.outstanding, total: true },
      {
        header: 'Days past due',
        kind: 'count',
        width: 14,
        value: (i) => (i.daysPastDue === null ? null : Math.max(0, i.daysPastDue)),
      },
      { header: 'Ageing', kind: 'text', width: 16, value: (i) => i.bucket },
    ],
    // Its first page is read while the statement sheet is written.
    rows: readAhead(openLines()),
  };
  const interest = await statementInterest(db, clientId, members, toDate);
  const body = workbookStream(
    meta,
    () => (interest ? [statement, openItems, interestSheet(interest)] : [statement, openItems]),
    (error) => reportError(error, { where: 'statementDownload', clientId, sysObligorCode: s.code }),
  );
  const fileName = `statement-${s.code}-${fromDate}-to-${toDate}.xlsx`.replace(/[^\w.-]/g, '_');
  return new Response(body, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
