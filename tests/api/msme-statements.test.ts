import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as statementPdfRoute } from '@/app/api/customerportal/statement.pdf/route';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as statementXlsxRoute } from '@/app/api/customerportal/statement.xlsx/route';
import { PUT as saveSettingsRoute } from '@/app/api/msme/settings/route';
import { PUT as termsRoute } from '@/app/api/msme/terms/[code]/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { callRoute } from '../helpers/api';
import { callRouteRaw } from '../helpers/api-raw';
import { ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { csv } from '../imports/helpers';

/*
 * MSMED s16 interest where the accountant looks, to 15/04/2024, on the product's Bank Rate table
 * (6.75% from 08/02/2023: 20.25% a year; on ₹3,65,000, ₹202.50 a day). Nothing agreed: due 15 days
 * after acceptance (the invoice date), interest from the next day, monthly rests at month ends.
 *   A-1  01/03/2024 ₹3,65,000 unpaid: due 16/03; 17/03-31/03 15 x 202.50 = 3,037.50 added at the
 *        rest, 01/04-15/04 3,68,037.50 x 20.25% x 15/365 = 3,062.78; 6,100.28, 30 days beyond.
 *   A-2  01/04/2024 ₹3,65,000: due 16/04, not yet: 0 days, no interest.
 *   A-3  01/03/2024 ₹3,65,000, ₹1,82,500 received on account 25/03 and allocated to it 31/03: 17/03-31/03
 *        3,037.50; 01/04-15/04 (1,82,500 + 3,037.50) x 20.25% x 15/365 = 1,544.03; 4,581.53.
 *   AC-1 15/03/2024 ₹3,65,000 (AC, A's child account): due 30/03; 31/03 202.50; 01/04-15/04
 *        3,65,202.50 x 20.25% x 15/365 = 3,039.19 (3,039.185…): 3,241.69, 16 days beyond.
 *   A-CN a credit note: no interest. OPT-1 01/03/2024: the customer is opted out.
 * The family A's statement: 6,100.28 + 4,581.53 + 3,241.69 = 13,923.50.
 */
const DATE = '2024-04-15';
let world: LedgerClient;

const saveSettings = (body: Record<string, unknown>) =>
  callRoute(saveSettingsRoute, '/api/msme/settings', { method: 'PUT', cookie: world.cookie, body });
const openInvoices = async () => {
  const res = await callRoute(invoicesRoute, '/api/v4/invoices', {
    cookie: world.cookie,
    query: { date: DATE, count: 50, sortBy: 'invoiceNum', order: 'ASC' },
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.json as { sysInvoiceNum: string; msme: unknown }[]).map((r) => [r.sysInvoiceNum, r.msme]),
  );
};
const statementQuery = { sysObligorCode: 'A', fromDate: '2024-03-01', toDate: DATE };

beforeAll(async () => {
  world = await ledgerClient('MSMESTMT', {
    'obligors.csv': csv([
      'sys_obligor_code,name,parent_sys_obligor_code',
      'A,Agarwal Traders,',
      'AC,Agarwal Traders Pune,A',
      'OPT,Oswal Distributors,',
    ]),
    'invoices.csv': csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
      'A-1,A/1,A,2024-03-01,2024-03-31,365000,INVOICE',
      'A-2,A/2,A,2024-04-01,2024-05-01,365000,INVOICE',
      'A-3,A/3,A,2024-03-01,2024-03-31,365000,INVOICE',
      'A-CN,A/CN,A,2024-04-02,,1000,CREDIT_NOTE',
      'AC-1,AC/1,AC,2024-03-15,2024-04-14,365000,INVOICE',
      'OPT-1,OPT/1,OPT,2024-03-01,2024-03-31,365000,INVOICE',
    ]),
    'payments.csv': csv(['payment_ref,sys_obligor_code,kind,paid_date,amount', 'R1,A,ON_ACCOUNT,2024-03-25,182500']),
    'allocations.csv': csv(['payment_ref,sys_invoice_num,amount,allocated_date', 'R1,A-3,182500,2024-03-31']),
  });
  expect(world.report.status, JSON.stringify(world.report)).toBe('SUCCEEDED');
  const opt = await callRoute(termsRoute, '/api/msme/terms/OPT', {
    method: 'PUT',
    cookie: world.cookie,
    body: { agreedCreditDays: null, optOut: true },
    params: { code: 'OPT' },
  });
  expect(opt.status).toBe(200);
});
afterAll(() => world?.database.dispose());

describe('MSMED interest on the open-invoice list', () => {
  it('is absent while the client claims none (not registered, or medium)', async () => {
    expect(Object.values(await openInvoices()).every((m) => m === null)).toBe(true);
    expect((await saveSettings({ category: 'MEDIUM', interestGstRate: 18 })).status).toBe(200);
    expect(Object.values(await openInvoices()).every((m) => m === null)).toBe(true);
  });

  it('shows each debt its statutory due date, days beyond and interest: the hand figures', async () => {
    expect((await saveSettings({ category: 'SMALL', interestGstRate: 18 })).status).toBe(200);
    expect(await openInvoices()).toEqual({
      'A-1': { statutoryDueDate: '2024-03-16', daysBeyond: 30, interest: 6100.28 },
      'A-2': { statutoryDueDate: '2024-04-16', daysBeyond: 0, interest: 0 },
      'A-3': { statutoryDueDate: '2024-03-16', daysBeyond: 30, interest: 4581.53 },
      'A-CN': null,
      'AC-1': { statutoryDueDate: '2024-03-30', daysBeyond: 16, interest: 3241.69 },
      'OPT-1': null,
    });
  });
});

describe('MSMED interest on the statement of account', () => {
  it('is not stated until the client asks for it', async () => {
    const res = await callRoute(statementRoute, '/api/customerportal/statement', {
      cookie: world.cookie,
      query: statementQuery,
    });
    expect(res.status).toBe(200);
    expect(res.json.msmeInterest).toBeNull();
  });

  it('states each late debt of the family and the total, beside the balance', async () => {
    expect(
      (await saveSettings({ category: 'SMALL', interestGstRate: 18, addInterestToStatements: true })).json,
    ).toMatchObject({ addInterestToStatements: true });
    const res = await callRoute(statementRoute, '/api/customerportal/statement', {
      cookie: world.cookie,
      query: statementQuery,
    });
    expect(res.json.msmeInterest).toEqual({
      date: DATE,
      total: 13923.5,
      lines: [
        expect.objectContaining({
          sysInvoiceNum: 'A-1',
          daysBeyond: 30,
          principalOutstanding: 365000,
          interest: 6100.28,
        }),
        expect.objectContaining({
          sysInvoiceNum: 'A-3',
          daysBeyond: 30,
          principalOutstanding: 182500,
          interest: 4581.53,
        }),
        expect.objectContaining({
          sysInvoiceNum: 'AC-1',
          sysObligorCode: 'AC',
          statutoryDueDate: '2024-03-30',
          interest: 3241.69,
        }),
      ],
    });
    // The balance is the ledger's: the interest is a claim until the debit note is raised.
    expect(res.json.closing).toBe(365000 * 4 - 1000 - 182500);
  });

  it('has an MSMED interest sheet in the workbook and a section in the PDF', async () => {
    const xlsx = await callRouteRaw(statementXlsxRoute, '/api/customerportal/statement.xlsx', {
      cookie: world.cookie,
      query: statementQuery,
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.body) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Statement', 'Open items', 'MSMED interest']);
    const sheet = book.getWorksheet('MSMED interest')!;
    const values: unknown[][] = [];
    sheet.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    const header = values.findIndex((v) => v[0] === 'Invoice');
    expect(values[header]).toEqual([
      'Invoice',
      'Account',
      'Accepted',
      'Statutory due',
      'Days beyond',
      'Principal owed',
      'Interest',
    ]);
    expect(values.slice(header + 1).map((v) => [v[0], v[4], v[6]])).toEqual([
      ['A/1', 30, 6100.28],
      ['A/3', 30, 4581.53],
      ['AC/1', 16, 3241.69],
      ['Interest claimable', undefined, expect.objectContaining({ result: 13923.5 })],
    ]);

    const pdf = await callRouteRaw(statementPdfRoute, '/api/customerportal/statement.pdf', {
      cookie: world.cookie,
      query: statementQuery,
    });
    expect(pdf.status).toBe(200);
    // For looking at: pdftoppm -png -r 60 /tmp/statement-msme-interest.pdf out
    writeFileSync('/tmp/statement-msme-interest.pdf', pdf.body);
    const doc = await getDocument({ data: new Uint8Array(pdf.body), useSystemFonts: false }).promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n++)
      text += (await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    text = text.replace(/\s+/g, ' ');
    expect(text).toContain('Interest on late payment to 15/04/2024');
    expect(text).toContain('A/1 A 01/03/2024 16/03/2024 30 3,65,000.00 6,100.28');
    expect(text).toContain('AC/1 AC 15/03/2024 30/03/2024 16 3,65,000.00 3,241.69');
    expect(text).toContain('Interest claimable 13,923.50');
  });
});
