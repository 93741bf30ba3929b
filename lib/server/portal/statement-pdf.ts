import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Db } from '@/lib/db/client';
import type { TStatementDownloadQuery } from '@/lib/contract/portal';
import { formatDayInput } from '@/lib/domain/day-input';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { KIND_LABEL } from '@/lib/domain/statement';
import { upiAllowed, upiLink, upiReference } from '@/lib/domain/upi';
import { paymentDetails } from '@/lib/server/dunning/payment-details';
import { statementInterest } from '@/lib/server/msme/statement-interest';
import { ledgerLines } from './ledger';
import { allOpenItems, openItemsSummary, unallocatedAt } from './open-items';
import { statementBasis, statementEntriesSql } from './statement';

const PDF_CONTENT_TYPE = 'application/pdf';

/** Indian grouping without a symbol (the PDF's standard fonts have no ₹ glyph; the header says INR). */
const amount = (v: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const day = (iso: string | null) => formatDayInput(iso);

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const BOTTOM = PAGE.height - MARGIN - 28;
type Column = { width: number; align: 'left' | 'right' };
const l = (width: number): Column => ({ width, align: 'left' });
const r = (width: number): Column => ({ width, align: 'right' });
/** Date, type, reference, against, due, debit, credit, balance: 515 points, A4 less the margins. */
const LINE_COLUMNS = [l(50), l(52), l(90), l(90), l(50), r(61), r(61), r(61)];
/** Document, type, account, issued, due, amount, outstanding, ageing. */
const ITEM_COLUMNS = [l(92), l(52), l(60), l(50), l(50), r(70), r(70), r(71)];
/** Invoice, account, accepted, statutory due, days beyond, principal, interest. */
const INTEREST_COLUMNS = [l(100), l(65), l(60), l(65), r(55), r(85), r(85)];
const ROW = 13;

/**
 * GET /api/customerportal/statement.pdf: the statement of the period as a PDF, from one template:
 * the client's and the customer's names, the period, opening balance, every line with the running
 * balance (each page closes at "Carried forward" and the next opens at "Brought forward" with the
 * same figure), the closing balance, the ageing of the open items, the open items themselves, the
 * MSMED interest when the client states it, the UPI QR and the bank details, and "Page n of m" on every page. Amounts in Indian grouping.
 */
export async function statementPdf(
  db: Db,
  clientId: number,
  query: TStatementDownloadQuery,
  scope?: ObligorScope,
): Promise<Response> {
  const s = await statementBasis(db, clientId, query, scope);
  const { members, fromDate, toDate, opening, boundaries } = s;
  const [summary, unallocated, details, interest] = await Promise.all([
    openItemsSummary(db, clientId, members, toDate, boundaries),
    unallocatedAt(db, clientId, members, toDate),
    paymentDetails(db, clientId),
    statementInterest(db, clientId, members, toDate),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Statement of account ${s.customer.name}`, Author: s.client.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // ---- Header: who owes whom, for which period ----
  doc.font('Helvetica-Bold').fontSize(14).text(s.client.name);
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text('Statement of account');
  doc.moveDown(0.6).fillColor('#0f172a').font('Helvetica-Bold').fontSize(11).text(s.customer.name);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Customer ${s.code}${s.customer.city ? `, ${s.customer.city}` : ''}${s.customer.isParent ? ' (the whole family)' : ''}`,
    );
  doc.text(`Period ${day(fromDate)} to ${day(toDate)}. Amounts in ${s.client.currency}.`);
  doc.moveDown(0.6);

  // ---- Summary and ageing ----
  const closingAt = { debits: 0, credits: 0 };
  const summaryTop = doc.y;
  const figures: [string, number][] = [
    ['Opening balance', opening],
    ['Overdue', summary.overdue],
  ];
  figures.forEach(([label, v], i) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#475569')
      .text(label, MARGIN + i * 130, summaryTop);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#0f172a')
      .text(amount(v), MARGIN + i * 130, summaryTop + 10);
  });
  doc.y = summaryTop + 30;
  doc.x = MARGIN;
  if (summary.ageing.length) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Ageing of the open items: ${summary.ageing.map((a) => `${a.bucket} ${amount(a.amount)}`).join('   ')}`);
  }

  // ---- Where to pay: the UPI QR for the balance at the end, and the bank account ----
  const payTop = doc.y + 6;
  const due = s.credit.exposure > 0 ? Math.round(s.credit.exposure * 100) / 100 : null;
  const link =
    details.upiVpa && upiAllowed(due, details.upiLimit)
      ? upiLink({
          vpa: details.upiVpa,
          payeeName: s.client.name,
          amount: due,
          reference: upiReference(s.code, s.client.code),
        })
      : null;
  if (link) {
    const png = await QRCode.toBuffer(link, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    doc.image(png, MARGIN, payTop, { width: 62 });
  }
  const payText = [
    link ? `Pay by UPI: scan the code with any UPI app (${details.upiVpa}).` : null,
    details.bankAccountNumber
      ? `Bank transfer (NEFT/RTGS/IMPS): ${details.bankAccountName ?? s.client.name}, account ${details.bankAccountNumber}${details.bankIfsc ? `, IFSC ${details.bankIfsc}` : ''}${details.bankName ? `, ${details.bankName}` : ''}.`
      : null,
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(payText.join('\n') || 'Ask us for our payment details.', MARGIN + (link ? 72 : 0), payTop + 4, {
      width: PAGE.width - 2 * MARGIN - 72,
    });
  doc.y = Math.max(doc.y, payTop + (link ? 66 : 14));
  doc.x = MARGIN;
  doc.moveDown(0.6);

  // ---- The lines, with brought and carried forward across pages ----
  const cells = (values: string[], bold = false, columns = LINE_COLUMNS) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    columns.forEach((c, i) => {
      doc.text(values[i] ?? '', x + 2, y + 3, { width: c.width - 4, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    });
    doc.x = MARGIN;
    doc.y = y + ROW;
  };
  const header = () => {
    doc
      .rect(MARGIN, doc.y, PAGE.width - 2 * MARGIN, ROW)
      .fill('#f1f5f9')
      .fillColor('#0f172a');
    cells(['Date', 'Type', 'Reference', 'Against', 'Due', 'Debit', 'Credit', 'Balance'], true);
  };
  const balanceLine = (label: string, at: string, v: number) =>
    cells([day(at), '', label, '', '', '', '', amount(v)], true);
  header();
  balanceLine('Opening balance', fromDate, opening);
  let balance = opening;
  let lastDay = fromDate;
  for await (const line of ledgerLines(db, statementEntriesSql(clientId, members, fromDate, toDate), opening)) {
    if (doc.y + ROW * 2 > BOTTOM) {
      balanceLine('Carried forward', lastDay, balance);
      doc.addPage();
      header();
      balanceLine('Brought forward', lastDay, balance);
    }
    cells([
      day(line.date),
      KIND_LABEL[line.kind],
      line.reference,
      line.against ?? '',
      day(line.dueDate),
      line.debit ? amount(line.debit) : '',
      line.credit ? amount(line.credit) : '',
      amount(line.balance),
    ]);
    closingAt.debits += Math.round(line.debit * 100);
    closingAt.credits += Math.round(line.credit * 100);
    balance = line.balance;
    lastDay = line.date;
  }
  if (doc.y + ROW * 3 > BOTTOM) doc.addPage();
  balanceLine('Closing balance', toDate, balance);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      `Debits ${amount(closingAt.debits / 100)}, credits ${amount(closingAt.credits / 100)}${unallocated ? `; received on account, not yet allocated to bills: ${amount(-unallocated)}` : ''}.`,
      MARGIN,
      doc.y + 4,
    );

  // ---- Open items at the end date ----
  doc.moveDown(1);
  if (doc.y + ROW * 4 > BOTTOM) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Open items at ${day(toDate)}`, MARGIN);
  doc.moveDown(0.3);
  const itemHeader = () => {
    doc
      .rect(MARGIN, doc.y, PAGE.width - 2 * MARGIN, ROW)
      .fill('#f1f5f9')
      .fillColor('#0f172a');
    cells(['Document', 'Type', 'Account', 'Issued', 'Due', 'Amount', 'Outstanding', 'Ageing'], true, ITEM_COLUMNS);
  };
  itemHeader();
  for await (const item of allOpenItems(db, clientId, members, toDate, boundaries)) {
    if (doc.y + ROW > BOTTOM) {
      doc.addPage();
      itemHeader();
    }
    cells(
      [
        item.invoiceNum,
        KIND_LABEL[item.docType],
        item.sysObligorCode,
        day(item.issueDate),
        day(item.dueDate),
        amount(item.amount),
        amount(item.outstanding),
        item.bucket,
      ],
      false,
      ITEM_COLUMNS,
    );
  }

  // ---- MSMED interest at the end date, when the client states it: a claim beside the balance ----
  if (interest) {
    doc.moveDown(1);
    if (doc.y + ROW * 5 > BOTTOM) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Interest on late payment to ${day(interest.date)}`, MARGIN);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#475569')
      .text(
        'MSMED Act 2006 s16: compound interest with monthly rests at three times the RBI Bank Rate, from the day after the statutory due date (acceptance taken as the invoice date). Not included in the balance above.',
        MARGIN,
        doc.y + 2,
        { width: PAGE.width - 2 * MARGIN },
      )
      .fillColor('#0f172a');
    doc.moveDown(0.3);
    const interestHeader = () => {
      doc
        .rect(MARGIN, doc.y, PAGE.width - 2 * MARGIN, ROW)
        .fill('#f1f5f9')
        .fillColor('#0f172a');
      cells(
        ['Invoice', 'Account', 'Accepted', 'Statutory due', 'Days beyond', 'Principal owed', 'Interest'],
        true,
        INTEREST_COLUMNS,
      );
    };
    interestHeader();
    for (const line of interest.lines) {
      if (doc.y + ROW * 2 > BOTTOM) {
        doc.addPage();
        interestHeader();
      }
      cells(
        [
          line.invoiceNum,
          line.sysObligorCode,
          day(line.acceptanceDate),
          day(line.statutoryDueDate),
          String(line.daysBeyond),
          amount(line.principalOutstanding),
          amount(line.interest),
        ],
        false,
        INTEREST_COLUMNS,
      );
    }
    cells(['Interest claimable', '', '', '', '', '', amount(interest.total)], true, INTEREST_COLUMNS);
  }

  // ---- Page numbers ----
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: no new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#64748b')
      .text(
        `${s.client.name} - statement of ${s.customer.name} - Page ${i + 1} of ${range.count}`,
        MARGIN,
        PAGE.height - MARGIN - 10,
        {
          width: PAGE.width - 2 * MARGIN,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  doc.end();
  const pdf = await done;
  const fileName = `statement-${s.code}-${fromDate}-to-${toDate}.pdf`.replace(/[^\w.-]/g, '_');
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': PDF_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
