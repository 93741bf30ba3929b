import 'server-only';
import PDFDocument from 'pdfkit';
import type { Db } from '@/lib/db/client';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import {
  pdfAmount as amount,
  pdfBytes,
  pdfDay as day,
  pdfFooters,
  pdfHeading,
  pdfTable,
  PDF_PAGE,
} from '@/lib/server/reports/pdf-table';
import { caseFileFacts } from './case-file';
import type { InvoiceInterest } from './customer-interest';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'yyyy-mm' as "Mar 2024". */
const monthName = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v * 100, 0)) / 100;
const paidOf = (i: InvoiceInterest) => sum(i.payments.map((p) => p.amount));

/**
 * GET /msme/case_file.pdf: the case file as one document to attach to a reference on the MSME
 * Samadhaan portal (MSMED s18): the supplier (Udyam number and category) and the buyer, the basis
 * of the figures, the invoices with their acceptance and statutory due dates and the interest on
 * each, the interest month by month, the payments, the communications and the promises to pay.
 * The same facts as the workbook (case-file.ts).
 */
export async function caseFilePdf(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  query: { sysObligorCode: string; date?: string },
): Promise<Response> {
  const f = await caseFileFacts(db, clientId, scope, query);
  const { detail, client } = f;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_PAGE.margin,
    bufferPages: true,
    info: { Title: `MSMED case file ${f.customerName}`, Author: client.name },
  });
  const done = pdfBytes(doc);
  const width = PDF_PAGE.width - 2 * PDF_PAGE.margin;

  // ---- Who claims from whom, to which day, on what basis ----
  doc.font('Helvetica-Bold').fontSize(14).text(client.name);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#475569')
    .text('Case file: delayed payment to a micro or small enterprise (MSMED Act 2006, sections 15 to 18)');
  doc.moveDown(0.6).fillColor('#0f172a').font('Helvetica').fontSize(9);
  const facts: [string, string][] = [
    ['Supplier', f.supplier],
    ['Buyer', `${f.customerName} (customer ${f.code})`],
    ['Worked to', day(detail.date)],
    [
      'Agreed credit days',
      detail.agreedCreditDays === null
        ? 'none in writing: 15 days from acceptance (s2(b))'
        : `${detail.agreedCreditDays} (at most 45 count, s15)`,
    ],
    ['Amounts', `in ${client.currency}`],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fillColor('#475569').text(label, PDF_PAGE.margin, y, { width: 110 });
    doc
      .font('Helvetica-Bold')
      .fillColor('#0f172a')
      .text(value, PDF_PAGE.margin + 110, y, { width: width - 110 });
  }
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#475569')
    .text(
      detail.applies
        ? "Interest under s16: compound interest with monthly rests (at each calendar month end) at three times the Bank Rate notified by the Reserve Bank of India, from the day after the statutory due date until payment; each day earns a 365th of the year's rate. Acceptance of the goods or services is taken as the invoice date. Payments and credit notes lower the principal from their dates."
        : (detail.reason ?? ''),
      PDF_PAGE.margin,
      doc.y,
      { width },
    )
    .fillColor('#0f172a');
  doc.moveDown(0.6);
  const principal = sum(detail.invoices.map((i) => i.principalOutstanding));
  const top = doc.y;
  (
    [
      ['Principal owed', principal],
      ['Interest claimable', detail.totalInterest],
      ['Total', sum([principal, detail.totalInterest])],
    ] as const
  ).forEach(([label, v], i) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#475569')
      .text(label, PDF_PAGE.margin + i * 150, top);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#0f172a')
      .text(amount(v), PDF_PAGE.margin + i * 150, top + 10);
  });
  doc.x = PDF_PAGE.margin;
  doc.y = top + 26;

  // ---- 1. The invoices ----
  pdfHeading(
    doc,
    '1. Invoices paid late or still owed',
    'Statutory due date: acceptance + the agreed days (at most 45), or + 15 days.',
  );
  pdfTable(
    doc,
    [
      { header: 'Invoice', width: 80, value: (i: InvoiceInterest) => i.invoiceNum },
      { header: 'Accepted', width: 50, value: (i) => day(i.acceptanceDate) },
      { header: 'Statutory due', width: 58, value: (i) => day(i.statutoryDueDate) },
      { header: 'Amount', width: 65, align: 'right', value: (i) => amount(i.amount) },
      { header: 'Paid', width: 65, align: 'right', value: (i) => amount(paidOf(i)) },
      { header: 'Principal owed', width: 67, align: 'right', value: (i) => amount(i.principalOutstanding) },
      { header: 'Days beyond', width: 55, align: 'right', value: (i) => String(i.daysBeyond) },
      { header: 'Interest', width: 75, align: 'right', value: (i) => amount(i.interest) },
    ],
    detail.invoices,
    [
      'Total',
      '',
      '',
      amount(sum(detail.invoices.map((i) => i.amount))),
      amount(sum(detail.invoices.map(paidOf))),
      amount(principal),
      '',
      amount(detail.totalInterest),
    ],
  );

  // ---- 2. The interest, month by month ----
  type Month = InvoiceInterest['months'][number] & { invoiceNum: string };
  const months: Month[] = detail.invoices.flatMap((i) => i.months.map((m) => ({ ...m, invoiceNum: i.invoiceNum })));
  pdfHeading(
    doc,
    '2. Interest month by month',
    'Base: the principal owed plus the interest added at earlier month ends. Rate: three times the RBI Bank Rate in force (a change applies from its day).',
  );
  pdfTable(
    doc,
    [
      { header: 'Invoice', width: 95, value: (m: Month) => m.invoiceNum },
      { header: 'Month', width: 70, value: (m) => monthName(m.month) },
      { header: 'Base at start', width: 100, align: 'right', value: (m) => amount(m.openingBase) },
      { header: 'Rate (% a year)', width: 80, align: 'right', value: (m) => m.ratePercent.toFixed(2) },
      { header: 'Days', width: 60, align: 'right', value: (m) => String(m.days) },
      { header: 'Interest', width: 110, align: 'right', value: (m) => amount(m.interest) },
    ],
    months,
    ['Total', '', '', '', '', amount(sum(months.map((m) => m.interest)))],
  );

  // ---- 3. Payments ----
  type Payment = { invoiceNum: string; date: string; amount: number };
  const payments: Payment[] = detail.invoices.flatMap((i) =>
    i.payments.map((p) => ({ ...p, invoiceNum: i.invoiceNum })),
  );
  pdfHeading(doc, '3. Payments, receipts allocated and credit notes against these invoices');
  pdfTable(
    doc,
    [
      { header: 'Invoice', width: 200, value: (p: Payment) => p.invoiceNum },
      { header: 'Date', width: 150, value: (p) => day(p.date) },
      { header: 'Amount', width: 165, align: 'right', value: (p) => amount(p.amount) },
    ],
    payments,
    ['Total', '', amount(sum(payments.map((p) => p.amount)))],
  );

  // ---- 4. Communications: the demands made ----
  type Note = (typeof f.notes)[number];
  pdfHeading(
    doc,
    '4. Communications with the buyer',
    'Calls, mails, visits, reminders and promises logged, oldest first.',
  );
  pdfTable(
    doc,
    [
      { header: 'Date', width: 55, value: (n: Note) => day(n.day) },
      { header: 'Channel', width: 70, value: (n) => n.channel.replace(/_/g, ' ').toLowerCase() },
      { header: 'Summary', width: 300, wrap: true, value: (n) => n.summary },
      { header: 'By', width: 90, value: (n) => n.user ?? '' },
    ],
    f.notes,
  );

  // ---- 5. Promises to pay ----
  type PromiseRow = (typeof f.promises)[number];
  pdfHeading(doc, '5. Promises to pay', 'Taken from the buyer (post-dated cheques included), and what came of them.');
  pdfTable(
    doc,
    [
      { header: 'Taken', width: 55, value: (p: PromiseRow) => day(p.takenOn) },
      { header: 'Promised for', width: 60, value: (p) => day(p.promisedDate) },
      { header: 'Status', width: 55, value: (p) => p.status.toLowerCase() },
      { header: 'Promised by', width: 185, value: (p) => p.promisedBy ?? '' },
      { header: 'Amount', width: 80, align: 'right', value: (p) => amount(p.amount) },
      { header: 'Paid', width: 80, align: 'right', value: (p) => amount(p.paid) },
    ],
    f.promises,
  );

  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#475569')
    .text(
      "Worked out from the supplier's ledger by its receivables software; not legal advice. The supplier and its advisers check the figures, the dates of acceptance and any written agreement before a reference under s18.",
      PDF_PAGE.margin,
      doc.y,
      { width },
    );
  pdfFooters(doc, `${client.name} - MSMED case file: ${f.customerName}`);
  doc.end();
  const pdf = await done;
  const fileName = `msmed-case-${f.code}-${detail.date}.pdf`.replace(/[^\w.-]/g, '_');
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
