import 'server-only';
import ExcelJS from 'exceljs';
import type { CustomerStatement } from './statement';

const KIND_LABEL = { INVOICE: 'Invoice', DEBIT_NOTE: 'Debit note', CREDIT_NOTE: 'Credit note', PAYMENT: 'Payment', TOPUP: 'Top-up' } as const;
const MONEY = '#,##,##0.00;[Red]-#,##,##0.00';

/** An ISO day as an Excel date (UTC midnight, so no time zone moves it a day). */
const excelDate = (iso: string | null | undefined) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/**
 * The statement as a workbook the customer can keep: a 'Statement' sheet (opening, every line with
 * the running balance, closing) and an 'Open items' sheet with ageing. Figures are numbers with a
 * money format, not text, so they add up in Excel.
 */
export async function statementWorkbook(s: CustomerStatement): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = s.client.name;
  const sheet = book.addWorksheet('Statement', { views: [{ state: 'frozen', ySplit: 6 }] });
  sheet.columns = [
    { key: 'date', width: 12 }, { key: 'kind', width: 13 }, { key: 'reference', width: 22 }, { key: 'against', width: 20 },
    { key: 'dueDate', width: 12 }, { key: 'debit', width: 16 }, { key: 'credit', width: 16 }, { key: 'balance', width: 18 },
  ];
  sheet.addRow([`Statement of account - ${s.customer.name} (${s.customer.sysObligorCode})`]).font = { bold: true, size: 13 };
  sheet.addRow([`${s.client.name}, amounts in ${s.client.currency}`]);
  sheet.addRow(['Period', excelDate(s.fromDate), 'to', excelDate(s.toDate)]);
  sheet.addRow(['Credit limit', s.creditLimit, 'Available', s.available]);
  sheet.addRow([]);
  const header = sheet.addRow(['Date', 'Type', 'Reference', 'Against', 'Due date', 'Debit', 'Credit', 'Balance']);
  header.font = { bold: true };
  sheet.addRow({ date: excelDate(s.fromDate), kind: 'Opening balance', balance: s.opening }).font = { italic: true };
  for (const l of s.lines) {
    sheet.addRow({ date: excelDate(l.date), kind: KIND_LABEL[l.kind], reference: l.reference, against: l.against ?? null,
      dueDate: excelDate(l.dueDate), debit: l.debit || null, credit: l.credit || null, balance: l.balance });
  }
  const closing = sheet.addRow({ date: excelDate(s.toDate), kind: 'Closing balance', debit: s.debits, credit: s.credits, balance: s.closing });
  closing.font = { bold: true };
  for (const key of ['debit', 'credit', 'balance']) sheet.getColumn(key).numFmt = MONEY;
  for (const key of ['date', 'dueDate']) sheet.getColumn(key).numFmt = 'dd-mmm-yyyy';
  for (const cell of ['B3', 'D3']) sheet.getCell(cell).numFmt = 'dd-mmm-yyyy';
  for (const cell of ['B4', 'D4']) sheet.getCell(cell).numFmt = MONEY;

  const open = book.addWorksheet('Open items', { views: [{ state: 'frozen', ySplit: 1 }] });
  open.columns = [
    { header: 'Document', key: 'invoiceNum', width: 22 }, { header: 'Type', key: 'docType', width: 13 },
    { header: 'Issued', key: 'issueDate', width: 12, style: { numFmt: 'dd-mmm-yyyy' } }, { header: 'Due', key: 'dueDate', width: 12, style: { numFmt: 'dd-mmm-yyyy' } },
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: MONEY } }, { header: 'Outstanding', key: 'outstanding', width: 16, style: { numFmt: MONEY } },
    { header: 'Days past due', key: 'daysPastDue', width: 14 }, { header: 'Ageing', key: 'bucket', width: 16 },
  ];
  open.getRow(1).font = { bold: true };
  for (const i of s.openItems) {
    open.addRow({ ...i, docType: KIND_LABEL[i.docType], issueDate: excelDate(i.issueDate), dueDate: excelDate(i.dueDate),
      daysPastDue: Math.max(0, i.daysPastDue) });
  }
  open.addRow({ invoiceNum: 'Total', outstanding: s.closing }).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
