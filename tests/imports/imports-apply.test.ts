import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLimitHistory, dataUpdateTimes, invoices } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TImportReport } from '@/lib/contract/imports';
import { runImport } from '@/lib/server/imports/run-import';
import * as receivablesRoute from '@/app/api/v4/clients/receivables/route';
import * as summaryRoute from '@/app/api/v4/clients/receivables/current/summary/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch } from '../helpers/ledger-client';
import {
  csv,
  file,
  fingerprint,
  handClientDatabase,
  handFiles,
  HAND_BATCH,
  newClient,
  PASSWORD,
  TODAY,
} from './helpers';

// A good batch applied, imported again and changed; the file formats a batch may come in (the XLSX
// test compares with the hand client's batch applied above). Refused rows: imports-validation.test.ts.

let database: TestDatabase;
let hand: { clientId: number; email: string };
let cookie: string;

beforeAll(async () => {
  ({ database, hand, cookie } = await handClientDatabase());
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
      // The order of dates is told from every file with dates before anything is written (date-order.ts).
      'ratings.csv: telling the date order',
      'invoices.csv: telling the date order',
      'payments.csv: telling the date order',
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
      expect.stringMatching(/^writing the ageing rollups of \d+ dates$/),
      'family and client totals',
      // A client's first import builds its stored cash-in forecast before it returns.
      'first import: stored cash-in forecast built',
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
    const again = await importBatch(database.db, hand.clientId, handFiles());
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
    const report = await importBatch(database.db, hand.clientId, [file('obligors.csv', changed)]);
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
    const report = await importBatch(database.db, hand.clientId, [
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

describe('the optional address column', () => {
  it('stores a customer postal address, " | " between its lines, and leaves it alone when the column is absent', async () => {
    const { clientId } = await newClient(database.db, 'ADDRESSES');
    const batch = csv([
      'sys_obligor_code,name,business_id,address',
      'A1,Shree Traders,27AAPFU0939F1ZV,"Shop 12, Laxmi Market | Station Road | Pune 411001, Maharashtra"',
      'A2,Kumar Stores,,',
    ]);
    const report = await importBatch(database.db, clientId, [file('obligors.csv', batch)]);
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    const stored = () =>
      queryRows(
        database.db,
        sql`select sys_obligor_code as code, address from obligors where client_id = ${clientId} order by 1`,
        row({ code: col.text, address: col.text.nullable() }),
      );
    expect(await stored()).toEqual([
      { code: 'A1', address: 'Shop 12, Laxmi Market\nStation Road\nPune 411001, Maharashtra' },
      { code: 'A2', address: null },
    ]);
    await importBatch(database.db, clientId, [
      file('obligors.csv', csv(['sys_obligor_code,name', 'A1,Shree Traders'])),
    ]);
    expect((await stored())[0]!.address).toBe('Shop 12, Laxmi Market\nStation Road\nPune 411001, Maharashtra');
  });
});

describe('formats', () => {
  it('refuses a field or cell longer than a spreadsheet cell, without reading it whole', async () => {
    const { clientId } = await newClient(database.db, 'HUGECELL');
    const long = 'x'.repeat(40_000);
    const unclosed = await importBatch(database.db, clientId, [
      file('obligors.csv', csv(['sys_obligor_code,name', `O1,"${long}`, 'O2,Second'])),
    ]);
    expect(unclosed.status).toBe('FAILED');
    expect(unclosed.errors[0]!.reason).toMatch(/at most 32,767 characters/);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('obligors');
    sheet.addRow(['sys_obligor_code', 'name']);
    sheet.addRow(['O1', long]);
    const cell = await importBatch(database.db, clientId, [
      file('obligors.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())),
    ]);
    expect(cell.status).toBe('FAILED');
    expect(cell.errors[0]!.reason).toMatch(/at most 32,767 characters/);
  });

  it('stores text with backslashes, tabs, quotes, line breaks and \\N exactly as the file holds it', async () => {
    // Rows reach the staging tables in COPY's text format, where these characters are escapes.
    const { clientId } = await newClient(database.db, 'ESCAPES');
    const names = ['Shah \\ Sons\t"Gala"\nUnit 2', '\\N', 'C:\\new\\tally\r\nRoad 5', 'Ramesh\\'];
    const report = await importBatch(database.db, clientId, [
      file(
        'obligors.csv',
        csv(['sys_obligor_code,name', ...names.map((name, i) => `E${i},"${name.replaceAll('"', '""')}"`)]),
      ),
    ]);
    expect(report.errors).toEqual([]);
    const stored = await queryRows(
      database.db,
      sql`select name from obligors where client_id = ${clientId} order by sys_obligor_code`,
      row({ name: col.text }),
    );
    expect(stored.map((r) => r.name)).toEqual(names);
  });

  it('reads both date styles and both digit groupings to the same values', async () => {
    const { clientId } = await newClient(database.db, 'FORMATS');
    const report = await importBatch(database.db, clientId, [
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
    const report = await importBatch(database.db, clientId, [file('obligors.xlsx', buffer)]);
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
    const report = await importBatch(database.db, clientId, workbooks);
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
