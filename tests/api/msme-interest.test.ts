import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as caseFileRoute } from '@/app/api/msme/case_file.xlsx/route';
import { GET as debitCsvRoute } from '@/app/api/msme/debit_note.csv/route';
import { GET as debitXmlRoute } from '@/app/api/msme/debit_note.xml/route';
import { GET as interestRoute } from '@/app/api/msme/interest/route';
import { GET as settingsRoute, PUT as saveSettingsRoute } from '@/app/api/msme/settings/route';
import { PUT as termsRoute } from '@/app/api/msme/terms/[code]/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { csv, newClient, PASSWORD } from '../imports/helpers';

/*
 * The hand cases of tests/domain/msmed-interest.test.ts through the API, on the product's Bank Rate
 * table (6.75% from 08/02/2023: on ₹3,65,000, ₹202.50 a day):
 *   MS-1  01/03/2024, nothing agreed, unpaid: due 16/03/2024; to 15/04/2024 3,037.50 + 3,062.78 = 6,100.28.
 *   MS-2  01/06/2024, 1,82,500 paid 20/06/2024: to 30/06/2024 810.00 + 1,012.50 = 1,822.50.
 *   T30-1 10/01/2024, 30 agreed days: due 09/02/2024; to 29/02/2024 20 x 202.50 = 4,050.00.
 *   T60-1 01/01/2024, 60 agreed (45 count), paid in full 15/02/2024 (day 45): no interest.
 *   T60-2 01/01/2024, paid in full 16/02/2024 (day 46): one day, 202.50.
 */
let world: LedgerClient;

const interest = (cookie: string, sysObligorCode: string, date: string) =>
  callRoute(interestRoute, '/api/msme/interest', { cookie, query: { sysObligorCode, date } });
const saveSettings = (cookie: string, body: Record<string, unknown>) =>
  callRoute(saveSettingsRoute, '/api/msme/settings', { method: 'PUT', cookie, body });
const setTerms = (cookie: string, code: string, body: Record<string, unknown>) =>
  callRoute(termsRoute, `/api/msme/terms/${code}`, { method: 'PUT', cookie, body, params: { code } });

beforeAll(async () => {
  world = await ledgerClient('MSME', {
    'obligors.csv': csv(['sys_obligor_code,name', 'MS,Mehta Stores', 'T30,Thakkar Agencies', 'T60,Tiwari & Sons']),
    'invoices.csv': csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
      'MS-1,MS/1,MS,2024-03-01,2024-03-31,365000,INVOICE',
      'MS-2,MS/2,MS,2024-06-01,2024-07-01,365000,INVOICE',
      'T30-1,T30/1,T30,2024-01-10,2024-02-09,365000,INVOICE',
      'T60-1,T60/1,T60,2024-01-01,2024-03-01,365000,INVOICE',
      'T60-2,T60/2,T60,2024-01-01,2024-03-01,365000,INVOICE',
    ]),
    'payments.csv': csv([
      'payment_ref,sys_invoice_num,paid_date,amount',
      'P1,MS-2,2024-06-20,182500',
      'P2,T60-1,2024-02-15,365000',
      'P3,T60-2,2024-02-16,365000',
    ]),
  });
  expect(world.report.status, JSON.stringify(world.report)).toBe('SUCCEEDED');
});
afterAll(() => world?.database.dispose());

describe('GET /api/msme/interest', () => {
  it('claims nothing until the client says it is a micro or small enterprise', async () => {
    const res = await interest(world.cookie, 'MS', '2024-04-15');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ applies: false, totalInterest: 0, invoices: [] });
    const medium = await saveSettings(world.cookie, { category: 'MEDIUM', interestGstRate: 18 });
    expect(medium.status).toBe(200);
    expect((await interest(world.cookie, 'MS', '2024-04-15')).json.reason).toBe(
      'MSMED interest is owed to micro and small enterprises only',
    );
  });

  it('refuses a malformed Udyam number with a field message', async () => {
    const res = await saveSettings(world.cookie, { udyamNumber: 'UDYAM-12', category: 'MICRO', interestGstRate: 18 });
    expect(res.status).toBe(400);
    expect(res.json.fields.udyamNumber).toBe('write the Udyam number as UDYAM-XX-00-0000000');
  });

  it('equals the hand-computed cases', async () => {
    const saved = await saveSettings(world.cookie, {
      udyamNumber: 'udyam-mh-26-0012345',
      category: 'MICRO',
      addInterestToReminders: true,
      interestGstRate: 18,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ udyamNumber: 'UDYAM-MH-26-0012345', category: 'MICRO', defaultRates: true });

    const ms = await interest(world.cookie, 'MS', '2024-04-15');
    expect(ms.status).toBe(200);
    expect(ms.json).toMatchObject({ sysObligorCode: 'MS', date: '2024-04-15', applies: true, totalInterest: 6100.28 });
    expect(ms.json.invoices).toEqual([
      {
        sysInvoiceNum: 'MS-1',
        invoiceNum: 'MS/1',
        acceptanceDate: '2024-03-01',
        statutoryDueDate: '2024-03-16',
        daysBeyond: 30,
        principalOutstanding: 365000,
        interest: 6100.28,
      },
    ]);
    const june = await interest(world.cookie, 'MS', '2024-06-30');
    expect(june.json.invoices.find((i: { sysInvoiceNum: string }) => i.sysInvoiceNum === 'MS-2')).toMatchObject({
      statutoryDueDate: '2024-06-16',
      principalOutstanding: 182500,
      interest: 1822.5,
    });

    expect((await setTerms(world.cookie, 'T30', { agreedCreditDays: 30 })).status).toBe(200);
    const t30 = await interest(world.cookie, 'T30', '2024-02-29');
    expect(t30.json).toMatchObject({ agreedCreditDays: 30, totalInterest: 4050 });
    expect(t30.json.invoices[0]).toMatchObject({ statutoryDueDate: '2024-02-09', daysBeyond: 20 });

    expect((await setTerms(world.cookie, 'T60', { agreedCreditDays: 60 })).status).toBe(200);
    const t60 = await interest(world.cookie, 'T60', '2024-06-30');
    expect(t60.json.totalInterest).toBe(202.5);
    expect(t60.json.invoices).toEqual([
      expect.objectContaining({
        sysInvoiceNum: 'T60-2',
        statutoryDueDate: '2024-02-15',
        daysBeyond: 1,
        interest: 202.5,
      }),
    ]);
  });

  it('writes the case file: invoices, interest month by month, payments, communications, promises', async () => {
    const url = new URL('http://localhost:3000/api/msme/case_file.xlsx?sysObligorCode=MS&date=2024-06-30');
    const response = await caseFileRoute(new NextRequest(url, { headers: { cookie: world.cookie } }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Invoices',
      'Interest by month',
      'Payments',
      'Communications',
      'Promises',
    ]);
    // Header on row 3; MS-1 then MS-2. MS-2 to 30/06/2024: 1,822.50 (the part-payment case).
    const invoices = book.getWorksheet('Invoices')!;
    expect(invoices.getRow(3).getCell(8).value).toBe('Interest');
    expect(invoices.getRow(5).getCell(1).value).toBe('MS/2');
    expect(invoices.getRow(5).getCell(5).value).toBe(182500);
    expect(invoices.getRow(5).getCell(8).value).toBe(1822.5);
    const months = book.getWorksheet('Interest by month')!;
    // MS-1: March 2024, 15 days on 3,65,000 at 20.25%: 3,037.50.
    expect(months.getRow(4).values).toEqual([undefined, 'MS/1', '2024-03', 365000, 20.25, 15, 3037.5]);
    expect(book.getWorksheet('Payments')!.getRow(4).getCell(3).value).toBe(182500);
  });

  it('drafts the interest debit note with GST at the client’s rate, as CSV and Tally XML', async () => {
    const csv = await callRoute(debitCsvRoute, '/api/msme/debit_note.csv', {
      cookie: world.cookie,
      query: { sysObligorCode: 'MS', date: '2024-06-30' },
    });
    expect(csv.status).toBe(200);
    const lines = String(csv.json).trim().split('\r\n');
    expect(lines[0]).toBe('date,reference,party,against_invoice,interest,gst_rate,gst,total');
    // MS-2: 1,822.50 + 18% GST 328.05 = 2,150.55.
    expect(lines[2]).toBe('30/06/2024,MSMED-INT/MS/2024-06-30,Mehta Stores,MS/2,1822.50,18,328.05,2150.55');
    const xml = await callRoute(debitXmlRoute, '/api/msme/debit_note.xml', {
      cookie: world.cookie,
      query: { sysObligorCode: 'MS', date: '2024-06-30' },
    });
    expect(xml.status).toBe(200);
    expect(String(xml.json)).toContain('<VOUCHERTYPENAME>Debit Note</VOUCHERTYPENAME>');
    const none = await callRoute(debitCsvRoute, '/api/msme/debit_note.csv', {
      cookie: world.cookie,
      query: { sysObligorCode: 'MS', date: '2024-03-10' },
    });
    expect(none.status).toBe(400);
    expect(none.json.fields.sysObligorCode).toBe('no interest is owed by this customer to that date');
  });

  it('follows the admin’s own Bank Rate table, and an opted-out customer owes nothing', async () => {
    // 3 x 7.30% = 21.90% a year: ₹219.00 a day on ₹3,65,000; 17..31/03/2024 = 15 days = 3,285.00.
    const saved = await saveSettings(world.cookie, {
      category: 'MICRO',
      interestGstRate: 18,
      bankRates: [{ effectiveFrom: '2024-01-01', ratePercent: 7.3, source: 'test' }],
    });
    expect(saved.json.defaultRates).toBe(false);
    expect((await interest(world.cookie, 'MS', '2024-03-31')).json.totalInterest).toBe(3285);
    expect((await setTerms(world.cookie, 'MS', { optOut: true })).status).toBe(200);
    expect((await interest(world.cookie, 'MS', '2024-03-31')).json).toMatchObject({ applies: false, totalInterest: 0 });
    const back = await callRoute(settingsRoute, '/api/msme/settings', { cookie: world.cookie });
    expect(back.json.bankRates).toEqual([{ effectiveFrom: '2024-01-01', ratePercent: 7.3, source: 'test' }]);
  });

  it('answers 404 for a customer of another client, 400 for a bad date', async () => {
    const other = await newClient(world.database.db, 'OTHERCO');
    const cookie = (await sessionCookieFor(world.database.db, other.email, PASSWORD)).cookie;
    expect((await interest(cookie, 'T30', '2024-02-29')).status).toBe(404);
    expect((await setTerms(cookie, 'T30', { agreedCreditDays: 10 })).status).toBe(404);
    const bad = await interest(world.cookie, 'T30', '2024-02-30');
    expect(bad.status).toBe(400);
  });
});
