import { readdirSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLimitHistory, dataUpdateTimes, imports, invoices, payments } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query';
import type { TImportReport } from '@/lib/contract/imports';
import { runImport } from '@/lib/server/imports/run-import';
import * as receivablesRoute from '@/app/api/v4/clients/receivables/route';
import * as summaryRoute from '@/app/api/v4/clients/receivables/current/summary/route';
import * as importsRoute from '@/app/api/integrations/imports/route';
import * as importRoute from '@/app/api/integrations/imports/[id]/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, fingerprint, handFiles, HAND_BATCH, newClient, PASSWORD, TODAY } from './helpers';

let database: TestDatabase;
let hand: { clientId: number; email: string };
let cookie: string;

const importInto = (clientId: number, files: ReturnType<typeof handFiles>) =>
  runImport(database.db, { clientId, userId: null, source: 'CLI', files, today: TODAY });

beforeAll(async () => {
  database = await createTestDatabase();
  hand = await newClient(database.db, 'HAND');
  cookie = (await sessionCookieFor(database.db, hand.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

describe('a good batch', () => {
  let first: TImportReport;
  const progress: string[] = [];
  beforeAll(async () => {
    first = await runImport(database.db, {
      clientId: hand.clientId,
      userId: null,
      source: 'CLI',
      files: handFiles(),
      today: TODAY,
      onProgress: (message) => progress.push(message),
    });
  });

  it('tells its progress step by step, the rollup job after the commit included', () => {
    expect(progress.filter((m) => !/rows staged$/.test(m))).toEqual([
      'obligors.csv: reading',
      'invoices.csv: reading',
      'payments.csv: reading',
      'ratings.csv: reading',
      'validating references',
      'obligors.csv: writing',
      'ratings.csv: writing',
      'invoices.csv: writing',
      'payments.csv: writing',
      expect.stringMatching(/^analysing /),
      expect.stringMatching(/^analysing /),
      expect.stringMatching(/^analysing /),
      expect.stringMatching(/^analysing /),
      'settling the paid items',
      'rollup job queued: the ageing rollups are rebuilt after the commit',
      'rebuilding the ageing rollups of every date',
      expect.stringMatching(/^ageing rollups of \d+ dates$/),
      'family and client totals',
    ]);
  });

  it('imports every row and reports what it did', () => {
    expect(first.errors).toEqual([]);
    expect(first.status).toBe('SUCCEEDED');
    expect(first.counts).toEqual({
      obligors: { rows: 4, inserted: 4, updated: 0, unchanged: 0, skipped: 0 },
      ratings: { rows: 3, inserted: 3, updated: 0, unchanged: 0, skipped: 0 },
      invoices: { rows: 7, inserted: 7, updated: 0, unchanged: 0, skipped: 0 },
      payments: { rows: 4, inserted: 4, updated: 0, unchanged: 0, skipped: 0 },
    });
    expect(first.dimensionValuesCreated).toBe(2);
  });

  it('shows exactly the hand-computed buckets through the receivables API', async () => {
    const list = await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', {
      cookie,
      query: { date: TODAY, sortBy: 'name', order: 'ASC' },
    });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(2);
    expect(list.json[0]).toMatchObject({
      sysObligorCode: 'P1',
      current: 10000,
      currentNum: 1,
      crdBucket1: -2000,
      crdBucket2: 0,
      crdBucket3: 20000,
      crdBucket4: 10000,
      invBucket1: 8000,
      invBucket4: 30000,
      outstanding: 38000,
      overdue: 28000,
      rating: 'low',
    });
    expect(list.json[1]).toMatchObject({ sysObligorCode: 'S1', crdBucket2: 7500, invBucket2: 7500, overdue: 7500 });
    const summary = await callRoute(summaryRoute.GET as never, '/api/v4/clients/receivables/current/summary', {
      cookie,
      query: { date: TODAY },
    });
    expect(summary.json).toMatchObject({ outstanding: 45500, overdue: 35500, current: 10000, balance: 45500 });
  });

  it('stores credit notes negative, empty due dates as the issue date, and sets the update times', async () => {
    const [cn] = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.clientId, hand.clientId), eq(invoices.sysInvoiceNum, 'CN1')));
    expect(cn).toMatchObject({
      amount: '-2000.00',
      docType: 'CREDIT_NOTE',
      issueDate: '2026-11-10',
      dueDate: '2026-11-10',
    });
    const [i2] = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.clientId, hand.clientId), eq(invoices.sysInvoiceNum, 'I2')));
    expect(i2).toMatchObject({
      issueDate: '2026-08-01',
      dueDate: '2026-08-31',
      amount: '25000.00',
      paidToDate: '10000.00',
      status: 'OPEN',
    });
    const [times] = await database.db.select().from(dataUpdateTimes).where(eq(dataUpdateTimes.clientId, hand.clientId));
    expect(times?.integrationUpdateTime).toBeInstanceOf(Date);
    expect(times?.viewUpdateTime).toBeInstanceOf(Date);
    const limits = await database.db
      .select()
      .from(creditLimitHistory)
      .where(eq(creditLimitHistory.clientId, hand.clientId));
    expect(limits.map((l) => [l.sysObligorCode, l.creditLimit, l.effectiveDate]).sort()).toEqual([
      ['C1', '100000.00', TODAY],
      ['P1', '500000.00', TODAY],
      ['S1', '40000.00', TODAY],
    ]);
  });

  it('is a no-op when imported again', async () => {
    const before = await fingerprint(database.db, hand.clientId);
    const again = await importInto(hand.clientId, handFiles());
    expect(again.status).toBe('SUCCEEDED');
    expect(again.changes).toBe(0);
    expect(Object.values(again.counts).every((c) => c.inserted === 0 && c.updated === 0)).toBe(true);
    const after = JSON.parse(await fingerprint(database.db, hand.clientId))[0];
    const { integrated: _a, ...rest } = after;
    const { integrated: _b, ...restBefore } = JSON.parse(before)[0];
    expect(rest).toEqual(restBefore);
  });

  it('updates a changed row, adds a credit limit period, and counts just that', async () => {
    const changed = HAND_BATCH['obligors.csv'].replace(
      'C1,Child One,P1,"1,00,000"',
      'C1,Child One Renamed,P1,"1,20,000"',
    );
    const report = await importInto(hand.clientId, [file('obligors.csv', changed)]);
    expect(report.counts.obligors).toEqual({ rows: 4, inserted: 0, updated: 1, unchanged: 3, skipped: 0 });
    const c1 = await database.db
      .select()
      .from(creditLimitHistory)
      .where(and(eq(creditLimitHistory.clientId, hand.clientId), eq(creditLimitHistory.sysObligorCode, 'C1')));
    expect(c1.map((h) => h.creditLimit).sort()).toEqual(['100000.00', '120000.00']);
  });

  it('a batch of headers without rows changes nothing, the update times included', async () => {
    const before = await fingerprint(database.db, hand.clientId);
    const [timesBefore] = await database.db
      .select()
      .from(dataUpdateTimes)
      .where(eq(dataUpdateTimes.clientId, hand.clientId));
    const report = await importInto(hand.clientId, [
      file('invoices.csv', csv(['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount'])),
      file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount'])),
    ]);
    expect(report.status).toBe('SUCCEEDED');
    expect(report.counts.invoices?.rows ?? 0).toBe(0);
    expect(await fingerprint(database.db, hand.clientId)).toEqual(before);
    const [timesAfter] = await database.db
      .select()
      .from(dataUpdateTimes)
      .where(eq(dataUpdateTimes.clientId, hand.clientId));
    expect(timesAfter).toEqual(timesBefore);
  });
});

describe('bad rows', () => {
  const cases: [string, Record<string, string>, { file: string; line: number; column: string; reason: RegExp }][] = [
    [
      'a missing required value',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('I6,INV/I6,S1', 'I6,,S1') },
      { file: 'invoices.csv', line: 8, column: 'invoice_num', reason: /required/ },
    ],
    [
      'a date that is not a date',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('2026-10-01', '2026-02-30') },
      { file: 'payments.csv', line: 5, column: 'paid_date', reason: /not a calendar date/ },
    ],
    [
      'an amount with 3 decimals',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('9000.00', '9000.001') },
      { file: 'invoices.csv', line: 7, column: 'amount', reason: /more than 2 decimals/ },
    ],
    [
      'a negative amount',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('5000.00', '-5000.00') },
      { file: 'payments.csv', line: 5, column: 'amount', reason: /negative/ },
    ],
    [
      'a rating of 4',
      { 'ratings.csv': HAND_BATCH['ratings.csv'].replace('01-01-2026,2', '01-01-2026,4') },
      { file: 'ratings.csv', line: 4, column: 'rating', reason: /not a rating/ },
    ],
    [
      'an unknown obligor',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('I6,INV/I6,S1', 'I6,INV/I6,S9') },
      { file: 'invoices.csv', line: 8, column: 'sys_obligor_code', reason: /obligor S9 is neither/ },
    ],
    [
      'an unknown invoice',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4', 'R4,I44') },
      { file: 'payments.csv', line: 5, column: 'sys_invoice_num', reason: /invoice I44 is neither/ },
    ],
    [
      'payments above the invoice',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4,2026-10-01,5000.00', 'R4,I4,2026-10-01,15000.01') },
      { file: 'payments.csv', line: 5, column: 'amount', reason: /total 15000\.01, above its amount 15000\.00/ },
    ],
    [
      'a duplicate key',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4', 'R3,I4') },
      { file: 'payments.csv', line: 5, column: 'payment_ref', reason: /payment_ref R3 also on line 4/ },
    ],
    [
      'an unknown column',
      { 'ratings.csv': HAND_BATCH['ratings.csv'].replace('rating_date,rating', 'rating_date,rating,grade') },
      { file: 'ratings.csv', line: 1, column: '', reason: /unknown column grade/ },
    ],
    [
      'a missing required column',
      { 'ratings.csv': csv(['sys_obligor_code,rating', 'C1,1']) },
      { file: 'ratings.csv', line: 1, column: '', reason: /missing required column rating_date/ },
    ],
    [
      'another currency',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('"7,500.00",', '"7,500.00",USD') },
      { file: 'invoices.csv', line: 8, column: 'currency', reason: /not the client's currency INR/ },
    ],
    [
      'an unknown parent',
      { 'obligors.csv': HAND_BATCH['obligors.csv'].replace('C1,Child One,P1', 'C1,Child One,P7') },
      { file: 'obligors.csv', line: 4, column: 'parent_sys_obligor_code', reason: /parent obligor P7 is neither/ },
    ],
    [
      'a grandchild',
      { 'obligors.csv': `${HAND_BATCH['obligors.csv']}G1,Grandchild,C1,,\r\n` },
      { file: 'obligors.csv', line: 6, column: 'parent_sys_obligor_code', reason: /itself a child of P1/ },
    ],
    [
      'a field officer who is not a user',
      { 'obligors.csv': csv(['sys_obligor_code,name,guest_email', 'S1,Solo Stores,nobody@else.test']) },
      { file: 'obligors.csv', line: 2, column: 'guest_email', reason: /no field officer with email nobody@else.test/ },
    ],
    [
      'a file of no known kind',
      { 'customers.csv': 'a,b\r\n' },
      { file: 'customers.csv', line: 0, column: '', reason: /not an import file/ },
    ],
  ];

  for (const [label, overrides, expected] of cases) {
    it(`${label}: named with file, line, column and reason; nothing written`, async () => {
      const { clientId } = await newClient(database.db, `BAD${cases.findIndex((c) => c[0] === label)}`);
      const before = await fingerprint(database.db, clientId);
      const report = await importInto(clientId, handFiles(overrides));
      expect(report.status).toBe('FAILED');
      expect(report.errors).toContainEqual({ ...expected, reason: expect.stringMatching(expected.reason) });
      expect(await fingerprint(database.db, clientId)).toBe(before);
      const [row] = await database.db
        .select()
        .from(imports)
        .where(and(eq(imports.clientId, clientId), eq(imports.id, report.id)));
      expect(row).toMatchObject({ status: 'FAILED', errorCount: report.errorCount });
    });
  }

  it('lists every bad row up to the limit and counts them all', async () => {
    const { clientId } = await newClient(database.db, 'MANYBAD');
    const rows = Array.from({ length: 700 }, (_, i) => `X${i},not-a-date,2`);
    const report = await importInto(clientId, [
      file('ratings.csv', csv(['sys_obligor_code,rating_date,rating', ...rows])),
    ]);
    // Each row has two problems: its date, and an obligor that exists nowhere.
    expect(report.errorCount).toBe(1400);
    expect(report.errors).toHaveLength(500);
  });
});

describe('formats', () => {
  it('refuses a field or cell longer than a spreadsheet cell, without reading it whole', async () => {
    const { clientId } = await newClient(database.db, 'HUGECELL');
    const long = 'x'.repeat(40_000);
    const unclosed = await importInto(clientId, [
      file('obligors.csv', csv(['sys_obligor_code,name', `O1,"${long}`, 'O2,Second'])),
    ]);
    expect(unclosed.status).toBe('FAILED');
    expect(unclosed.errors[0]!.reason).toMatch(/at most 32,767 characters/);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('obligors');
    sheet.addRow(['sys_obligor_code', 'name']);
    sheet.addRow(['O1', long]);
    const cell = await importInto(clientId, [file('obligors.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))]);
    expect(cell.status).toBe('FAILED');
    expect(cell.errors[0]!.reason).toMatch(/at most 32,767 characters/);
  });

  it('stores text with backslashes, tabs, quotes, line breaks and \\N exactly as the file holds it', async () => {
    // Rows reach the staging tables in COPY's text format, where these characters are escapes.
    const { clientId } = await newClient(database.db, 'ESCAPES');
    const names = ['Shah \\ Sons\t"Gala"\nUnit 2', '\\N', 'C:\\new\\tally\r\nRoad 5', 'Ramesh\\'];
    const report = await importInto(clientId, [
      file(
        'obligors.csv',
        csv(['sys_obligor_code,name', ...names.map((name, i) => `E${i},"${name.replaceAll('"', '""')}"`)]),
      ),
    ]);
    expect(report.errors).toEqual([]);
    const stored = await queryRows<{ name: string }>(
      database.db,
      sql`select name from obligors where client_id = ${clientId} order by sys_obligor_code`,
    );
    expect(stored.map((r) => r.name)).toEqual(names);
  });

  it('reads both date styles and both digit groupings to the same values', async () => {
    const { clientId } = await newClient(database.db, 'FORMATS');
    const report = await importInto(clientId, [
      file('obligors.csv', csv(['sys_obligor_code,name', 'O1,Om Traders'])),
      file(
        'invoices.csv',
        `\uFEFF${csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          'A,INV/A,O1,05-03-2026,04-04-2026,"12,34,567.50"',
          'B,INV/B,O1,05/03/2026,04/04/2026,"1,234,567.50"',
          'C,INV/C,O1,2026-03-05,2026-04-04,1234567.5',
        ])}`,
      ),
    ]);
    expect(report.errors).toEqual([]);
    const rows = await database.db.select().from(invoices).where(eq(invoices.clientId, clientId));
    expect(rows.map((r) => [r.issueDate, r.dueDate, r.amount])).toEqual(
      Array(3).fill(['2026-03-05', '2026-04-04', '1234567.50']),
    );
  });

  it('reads a workbook whose sheet was zipped before the workbook part', async () => {
    const { clientId } = await newClient(database.db, 'ZIPORDER');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('obligors');
    sheet.addRow(['sys_obligor_code', 'name']);
    sheet.addRow(['O1', 'Om Traders']);
    const original = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    const names = Object.keys(original.files).filter((name) => !original.files[name]!.dir);
    // Relations and shared strings, then the sheet, the workbook part last: an order zip writers
    // that stream their parts as they finish can produce.
    const ordered = [
      ...names.filter((n) => !n.startsWith('xl/worksheets/') && n !== 'xl/workbook.xml'),
      ...names.filter((n) => n.startsWith('xl/worksheets/')),
      'xl/workbook.xml',
    ];
    expect(ordered).toContain('xl/sharedStrings.xml');
    const reordered = new JSZip();
    for (const name of ordered) reordered.file(name, await original.file(name)!.async('uint8array'));
    const buffer = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const report = await importInto(clientId, [file('obligors.xlsx', buffer)]);
    expect(report.errors).toEqual([]);
    expect(report.counts.obligors?.inserted).toBe(1);
  });

  it('reads XLSX like CSV: the same batch as workbooks gives the same receivables', async () => {
    const { clientId, email } = await newClient(database.db, 'XLSX');
    const workbooks = await Promise.all(
      Object.entries(HAND_BATCH).map(async ([name, content]) => {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('Export');
        for (const line of parseSimpleCsv(content)) {
          // Dates as real Excel dates and amounts as numbers where the cell allows, as an ERP export would.
          sheet.addRow(
            line.map((cell) =>
              /^\d{4}-\d{2}-\d{2}$/.test(cell)
                ? new Date(`${cell}T00:00:00Z`)
                : /^\d+(\.\d+)?$/.test(cell) && !/^[A-Z]/.test(cell)
                  ? Number(cell)
                  : cell,
            ),
          );
        }
        return file(name.replace('.csv', '.xlsx'), Buffer.from(await workbook.xlsx.writeBuffer()));
      }),
    );
    const report = await importInto(clientId, workbooks);
    expect(report.errors).toEqual([]);
    expect(report.counts.invoices?.inserted).toBe(7);
    const xlsxCookie = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const query = { date: TODAY, sortBy: 'name', order: 'ASC' };
    const fromXlsx = await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', {
      cookie: xlsxCookie,
      query,
    });
    const fromCsv = await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', { cookie, query });
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ clientId: _c, obligorName: _n, name: _m, dimId: _d, ...r }) => r);
    // The CSV client renamed C1 in an earlier test; figures must match.
    expect(strip(fromXlsx.json)).toEqual(strip(fromCsv.json));
  });
});

/** Splits the test CSV (quoted commas and "" only) into cells. */
function parseSimpleCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      for (const m of line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)) {
        if (m.index === line.length && m[0] === '') break;
        cells.push(m[2] !== undefined ? m[2].replaceAll('""', '"') : m[1]!);
        if (m[3] === '') break;
      }
      return cells;
    });
}

describe('POST /api/integrations/imports', () => {
  const upload = (names: string[], who: string) => {
    const form = new FormData();
    for (const name of names)
      form.append('files', new File([HAND_BATCH[name as keyof typeof HAND_BATCH]], name, { type: 'text/csv' }));
    const req = new NextRequest('http://localhost:3000/api/integrations/imports', {
      method: 'POST',
      body: form,
      headers: { cookie: who },
    });
    return importsRoute.POST(req, { params: Promise.resolve({}) });
  };

  it('refuses a workbook that would inflate far beyond its size (a zip bomb), writing nothing', async () => {
    const { clientId, email } = await newClient(database.db, 'ZIPBOMB');
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('obligors').addRow(['sys_obligor_code', 'name']);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    // 8 MB of one repeated character compresses to a few kilobytes: over 200 times its size.
    zip.file('xl/sharedStrings.xml', 'a'.repeat(8 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });
    const form = new FormData();
    form.append('files', new File([bomb], 'obligors.xlsx'));
    const response = await importsRoute.POST(
      new NextRequest('http://localhost:3000/api/integrations/imports', {
        method: 'POST',
        body: form,
        headers: { cookie: admin },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/expands far beyond/);
    const [imported] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from imports where client_id = ${clientId}`,
    );
    expect(imported?.n).toBe(0);
  });

  it("imports an uploaded batch for the admin's own client and lists it with its report", async () => {
    const { clientId, email } = await newClient(database.db, 'UPLOAD');
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const response = await upload(Object.keys(HAND_BATCH), admin);
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ status: 'SUCCEEDED', changes: 18 });
    const [stored] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from invoices where client_id = ${clientId}`,
    );
    expect(stored?.n).toBe(7);
    const list = await callRoute(importsRoute.GET as never, '/api/integrations/imports', { cookie: admin });
    expect(list.headers.get('x-totalrecords')).toBe('1');
    expect(list.json[0]).toMatchObject({
      id: report.id,
      source: 'UPLOAD',
      userName: 'Anita Desai',
      status: 'SUCCEEDED',
    });
    const detail = await callRoute(importRoute.GET as never, `/api/integrations/imports/${report.id}`, {
      cookie: admin,
      params: { id: String(report.id) },
    });
    expect(detail.json).toMatchObject({ id: report.id, errors: [] });
    // Another client's admin sees neither the import nor its report.
    expect(
      (
        await callRoute(importRoute.GET as never, `/api/integrations/imports/${report.id}`, {
          cookie,
          params: { id: String(report.id) },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 400 to a JSON body and 403 to a user who is not an administrator', async () => {
    const json = await callRoute(importsRoute.POST as never, '/api/integrations/imports', {
      method: 'POST',
      cookie,
      body: { files: [] },
    });
    expect(json.status).toBe(400);
    const { users, roles } = await import('@/lib/db/schema');
    const { hashPassword } = await import('@/lib/server/auth/password');
    const [member] = await database.db
      .select()
      .from(roles)
      .where(and(eq(roles.clientId, hand.clientId), eq(roles.code, 'member')));
    await database.db.insert(users).values({
      clientId: hand.clientId,
      email: 'member@hand.test',
      name: 'Mohan Lal',
      userType: 'borrowers',
      roleId: member!.id,
      passwordHash: await hashPassword(PASSWORD),
    });
    const memberCookie = (await sessionCookieFor(database.db, 'member@hand.test', PASSWORD)).cookie;
    expect((await upload(['obligors.csv'], memberCookie)).status).toBe(403);
  });
});

describe('examples/import', () => {
  it('imports into a freshly created client and shows on the dashboard figures', async () => {
    const { clientId, email } = await newClient(database.db, 'EXAMPLE');
    const dir = path.join(process.cwd(), 'examples', 'import');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .map((name) => ({ name, open: () => createReadStream(path.join(dir, name)) }));
    const report = await importInto(clientId, files);
    expect(report.errors).toEqual([]);
    expect(report.files.map((f) => [f.kind, f.rows])).toEqual([
      ['obligors', 6],
      ['invoices', 11],
      ['instalments', 2],
      ['payments', 7],
      ['allocations', 1],
      ['ratings', 5],
    ]);
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const summary = await callRoute(summaryRoute.GET as never, '/api/v4/clients/receivables/current/summary', {
      cookie: admin,
      query: { date: TODAY },
    });
    // Hand-computed in docs/importing.md: current 2,66,916; 1-30 2,36,000; 31-60 15,400; 61-90 60,000
    // (68,000 less the 8,000 credit note against it); >90 1,54,000; 25,000 received on account or in
    // advance and not allocated.
    expect(summary.json).toMatchObject({
      outstanding: 732316,
      overdue: 465400,
      current: 266916,
      crdBucket1: 236000,
      crdBucket2: 15400,
      crdBucket3: 60000,
      crdBucket4: 154000,
      unallocated: -25000,
      netBalance: 707316,
    });
    const [cn] = await database.db.select().from(payments).where(eq(payments.clientId, clientId)).limit(1);
    expect(cn).toBeDefined();
  });
});
