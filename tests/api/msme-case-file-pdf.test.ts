import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as caseFilePdfRoute } from '@/app/api/msme/case_file.pdf/route';
import { PUT as saveSettingsRoute } from '@/app/api/msme/settings/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { callRouteRaw } from '../helpers/api-raw';
import { ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { csv, newClient, PASSWORD } from '../imports/helpers';

/*
 * The case file as a PDF, to 15/04/2024, on the product's Bank Rate table (6.75%: 20.25% a year,
 * ₹202.50 a day on ₹3,65,000), nothing agreed (due 15 days after the invoice date):
 *   T-1  01/01/2024, paid in full 16/02/2024: due 16/01; January 17-31, 15 days, 3,037.50 added at
 *        the rest; February 1-16 on 3,68,037.50, 16 days: 3,266.96; 6,304.46, 31 days beyond.
 *   MS-1 01/03/2024, unpaid: due 16/03; March 17-31, 15 days, 3,037.50; April 1-15
 *        on 3,68,037.50: 3,062.78; 6,100.28, 30 days beyond.
 * Total interest 12,404.74; principal owed 3,65,000.00.
 */
let world: LedgerClient;

beforeAll(async () => {
  world = await ledgerClient('MSMEPDF', {
    'obligors.csv': csv(['sys_obligor_code,name', 'MS,Mehta Stores']),
    'invoices.csv': csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
      'T-1,T/1,MS,2024-01-01,2024-01-31,365000,INVOICE',
      'MS-1,MS/1,MS,2024-03-01,2024-03-31,365000,INVOICE',
    ]),
    'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,T-1,2024-02-16,365000']),
  });
  expect(world.report.status, JSON.stringify(world.report)).toBe('SUCCEEDED');
  const saved = await callRoute(saveSettingsRoute, '/api/msme/settings', {
    method: 'PUT',
    cookie: world.cookie,
    body: { udyamNumber: 'UDYAM-MH-26-0012345', category: 'MICRO', interestGstRate: 18 },
  });
  expect(saved.status).toBe(200);
  const summary = `Spoke to Mr Mehta about MS/1 and the late payment of T/1. ${'He asked for the ledger copy again and said the accounts team would look at it after the quarter closes. '.repeat(3)}`;
  await world.database.db
    .execute(sql`insert into communications (client_id, sys_obligor_code, comm_date, channel, summary)
    values (${world.clientId}, 'MS', '2024-03-20'::date, 'CALL', ${summary})`);
  await world.database.db
    .execute(sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, promised_by, status)
    values (${world.clientId}, 'MS', 365000, '2024-04-10'::date, '2024-03-25'::date, 'PDC', 'PDC 004512, Bank of Maharashtra', 'BROKEN')`);
});
afterAll(() => world?.database.dispose());

/** The text of a PDF, each page's items joined by spaces. */
async function textOf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++)
    text += ` ${(await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')}`;
  return { pages: pdf.numPages, text: text.replace(/\s+/g, ' ') };
}

describe('GET /api/msme/case_file.pdf', () => {
  it('writes the case file for MSME Samadhaan: parties, invoices, interest by month, payments, communications, promises', async () => {
    const res = await callRouteRaw(caseFilePdfRoute, '/api/msme/case_file.pdf', {
      cookie: world.cookie,
      query: { sysObligorCode: 'MS', date: '2024-04-15' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('msmed-case-MS-2024-04-15.pdf');
    // For looking at: pdftoppm -png -r 60 /tmp/msmed-case-file.pdf out
    writeFileSync('/tmp/msmed-case-file.pdf', res.body);
    const { pages, text } = await textOf(res.body);
    expect(pages).toBe(1);
    expect(text).toContain('Supplier MSMEPDF');
    expect(text).toContain('UDYAM-MH-26-0012345 (micro)');
    expect(text).toContain('Buyer Mehta Stores (customer MS)');
    expect(text).toContain('Worked to 15/04/2024');
    expect(text).toContain('Principal owed 3,65,000.00 Interest claimable 12,404.74 Total 3,77,404.74');
    // 1. Invoices: oldest first.
    expect(text).toContain('T/1 01/01/2024 16/01/2024 3,65,000.00 3,65,000.00 0.00 31 6,304.46');
    expect(text).toContain('MS/1 01/03/2024 16/03/2024 3,65,000.00 0.00 3,65,000.00 30 6,100.28');
    expect(text).toContain('Total 7,30,000.00 3,65,000.00 3,65,000.00 12,404.74');
    // 2. Interest month by month.
    expect(text).toContain('T/1 Jan 2024 3,65,000.00 20.25 15 3,037.50');
    expect(text).toContain('T/1 Feb 2024 3,68,037.50 20.25 16 3,266.96');
    expect(text).toContain('MS/1 Mar 2024 3,65,000.00 20.25 15 3,037.50');
    expect(text).toContain('MS/1 Apr 2024 3,68,037.50 20.25 15 3,062.78');
    // 3. Payments; 4. the call, its long summary whole; 5. the post-dated cheque's promise.
    expect(text).toContain('T/1 16/02/2024 3,65,000.00');
    expect(text).toContain('20/03/2024 call Spoke to Mr Mehta about MS/1');
    expect(text).toContain('after the quarter closes.');
    expect(text).toContain('25/03/2024 10/04/2024 broken PDC 004512, Bank of Maharashtra 3,65,000.00 0.00');
    expect(text).toContain('not legal advice');
  });

  it('refuses a customer of another client (404) and a bad date (400)', async () => {
    const other = await newClient(world.database.db, 'OTHERPDF');
    const cookie = (await sessionCookieFor(world.database.db, other.email, PASSWORD)).cookie;
    const query = { sysObligorCode: 'MS', date: '2024-04-15' };
    expect((await callRouteRaw(caseFilePdfRoute, '/api/msme/case_file.pdf', { cookie, query })).status).toBe(404);
    const bad = { sysObligorCode: 'MS', date: '2024-02-30' };
    expect(
      (await callRouteRaw(caseFilePdfRoute, '/api/msme/case_file.pdf', { cookie: world.cookie, query: bad })).status,
    ).toBe(400);
  });
});
