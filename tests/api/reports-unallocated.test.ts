import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as statementXlsxRoute } from '@/app/api/customerportal/statement.xlsx/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/receivables/overview/route';
import type { TImportReport } from '@/lib/contract/imports';
import { obligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { runImport } from '@/lib/server/imports/run-import';
import { prepareReport } from '@/lib/server/reports/download-report';
import { openInvoiceRows } from '@/lib/server/reports/open-invoice-rows';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD, TALLY_BATCH, TODAY } from '../imports/helpers';

/**
 * The Excel reports and the portal statement workbook over the hand-computed Tally ledger of
 * TALLY_BATCH (tests/imports/helpers.ts; the same figures as tests/api/receipts-on-account-figures.test.ts):
 *
 *   on 31/10 RC2 (A1, on account 35,000) has 25,000 allocated to INV1, 10,000 left; the advance RC3
 *   (S1, 15,000) is not yet allocated and S1 has no invoice yet;
 *   on 20/11 (TODAY) RC2 has 30,000 allocated, 5,000 left; RC3 went whole to INV3 on 06/11.
 *
 * Money on account shows as `Unallocated` (negative) and the net balance beside the balance; the
 * open-invoice sheet and the statement's open items list each receipt with money left as a negative
 * line of its customer, so that their outstanding adds up to the net balance.
 */
const OCT = '2026-10-31';

/** The receivables screen at each date, by hand: balance, unallocated, net balance. */
const CLIENT: Record<string, [number, number, number]> = {
  [OCT]: [45000, -25000, 20000],
  [TODAY]: [45000, -5000, 40000],
};
/** Per parent customer, by name: code, balance, unallocated, net balance. */
const FAMILIES: Record<string, [string, number, number, number][]> = {
  [OCT]: [
    ['P1', 45000, -10000, 35000],
    ['S1', 0, -15000, -15000],
  ],
  [TODAY]: [
    ['P1', 40000, -5000, 35000],
    ['S1', 5000, 0, 5000],
  ],
};

let database: TestDatabase;
let clientId: number;
let cookie: string;
let session: SessionData;
let report: TImportReport;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'TALLY');
  clientId = created.clientId;
  ({ cookie, session } = await sessionCookieFor(database.db, created.email, PASSWORD));
  report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today: TODAY,
    files: Object.entries(TALLY_BATCH).map(([name, content]) => file(name, content)),
  });
});
afterAll(() => database?.dispose());

async function load(response: Response) {
  expect(response.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}

async function reportBook(code: string, date: string) {
  const url = new URL('http://localhost:3000/api/reports/download.xlsx');
  url.searchParams.set('report', code);
  url.searchParams.set('date', date);
  return load(await downloadRoute(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) }));
}

async function statementBook(code: string, toDate: string) {
  const url = new URL('http://localhost:3000/api/customerportal/statement.xlsx');
  url.searchParams.set('sysObligorCode', code);
  url.searchParams.set('fromDate', '2026-08-01');
  url.searchParams.set('toDate', toDate);
  return load(await statementXlsxRoute(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) }));
}

type Cell = string | number | Date | null;

/** Header names, data rows (header -> value, empty cells null) and the total row of a sheet. */
function table(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(3).values as unknown[]).slice(1) as string[];
  const rows: Record<string, Cell>[] = [];
  let total: Record<string, Cell> | null = null;
  ws.eachRow((row, n) => {
    if (n <= 3) return;
    const record = Object.fromEntries(
      headers.map((h, i) => {
        const v = row.getCell(i + 1).value;
        return [h, v && typeof v === 'object' && 'result' in v ? (v.result as Cell) : ((v ?? null) as Cell)];
      }),
    );
    if (row.getCell(1).value === 'Total') total = record;
    else rows.push(record);
  });
  return { headers, rows, total: total as Record<string, Cell> | null };
}

const pick = (rows: Record<string, Cell>[], columns: string[]) => rows.map((r) => columns.map((c) => r[c]));
const summaryAt = async (date: string) =>
  (await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', { cookie, query: { date } })).json as {
    balance: number;
    unallocated: number;
    netBalance: number;
  };

describe('money on account in the Excel reports', () => {
  it('imports the Tally batch', () => {
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  });

  it.each([OCT, TODAY])(
    'ageing by customer on %s: unallocated and net balance after the balance, per family and in total, on both bases',
    async (date) => {
      const wb = await reportBook('AGEING_BY_CUSTOMER', date);
      const summary = await summaryAt(date);
      expect([summary.balance, summary.unallocated, summary.netBalance]).toEqual(CLIENT[date]);
      expect(wb.worksheets.map((ws) => ws.name)).toEqual(['By due date', 'By invoice date']);
      for (const ws of wb.worksheets) {
        const { headers, rows, total } = table(ws);
        expect(headers.slice(-3)).toEqual(['Balance', 'Unallocated', 'Net balance']);
        expect(pick(rows, ['Customer code', 'Balance', 'Unallocated', 'Net balance'])).toEqual(FAMILIES[date]);
        // The totals are the receivables screen's.
        expect([total!.Balance, total!.Unallocated, total!['Net balance']]).toEqual(CLIENT[date]);
        // A SUBTOTAL formula that Excel recomputes under a filter.
        const column = headers.indexOf('Net balance') + 1;
        expect(ws.getRow(ws.rowCount).getCell(column).formula).toMatch(/^SUBTOTAL\(109,/);
      }
    },
  );

  it('open invoices on 31 Oct: the receipts with money left are negative lines of their customer, by date', async () => {
    const { rows, total } = table((await reportBook('OPEN_INVOICES', OCT)).worksheets[0]!);
    const columns = ['Invoice no.', 'Type', 'Customer code', 'Parent code', 'Amount', 'Paid', 'Outstanding'];
    expect(pick(rows, [...columns, 'Days past due', 'Ageing bucket'])).toEqual([
      ['TLY-101', 'Invoice', 'A1', 'P1', 50000, 35000, 15000, 61, '61-90 days'],
      // 35,000 received on 01/10, 25,000 of it allocated to TLY-101 on 15/10: 10,000 left.
      ['RC2', 'Received on account', 'A1', 'P1', -35000, -25000, -10000, null, null],
      ['TLY-102', 'Invoice', 'A1', 'P1', 30000, 0, 30000, 0, 'Current'],
      // S1 has no invoice yet: the advance is its only line.
      ['RC3', 'Advance', 'S1', 'S1', -15000, 0, -15000, null, null],
    ]);
    expect(rows.map((r) => (r['Issue date'] as Date).toISOString().slice(0, 10))).toEqual([
      '2026-08-01',
      '2026-10-01',
      '2026-10-10',
      '2026-10-20',
    ]);
    expect(rows[1]!['Due date']).toBeNull();
    // Outstanding adds up to the net balance; amount = paid + outstanding holds for the receipts too.
    expect([total!.Amount, total!.Paid, total!.Outstanding]).toEqual([30000, 10000, 20000]);
    expect(total!.Outstanding).toBe((await summaryAt(OCT)).netBalance);
  });

  it('open invoices on 20 Nov: the advance, allocated whole, is gone; 5,000 of the receipt on account is left', async () => {
    const { rows, total } = table((await reportBook('OPEN_INVOICES', TODAY)).worksheets[0]!);
    expect(
      pick(rows, ['Invoice no.', 'Type', 'Customer code', 'Amount', 'Paid', 'Outstanding', 'Days past due']),
    ).toEqual([
      ['TLY-101', 'Invoice', 'A1', 50000, 35000, 15000, 81],
      ['RC2', 'Received on account', 'A1', -35000, -30000, -5000, null],
      ['TLY-102', 'Invoice', 'A1', 30000, 5000, 25000, 11],
      ['TLY-103', 'Invoice', 'S1', 20000, 15000, 5000, 0],
    ]);
    expect(total!.Outstanding).toBe(40000);
    expect(total!.Outstanding).toBe((await summaryAt(TODAY)).netBalance);
  });

  it('open invoices: batches of any size give the same lines in the same order', async () => {
    for (const date of [OCT, TODAY, '2026-10-10']) {
      const { ctx } = await prepareReport(database.db, session, obligorScope(session), {
        report: 'OPEN_INVOICES',
        date,
      });
      const walk = async (batch: number) => {
        const keys: string[] = [];
        for await (const row of openInvoiceRows(ctx, batch)) keys.push(row.sysInvoiceNum);
        return keys;
      };
      const whole = await walk(5000);
      for (const batch of [1, 2, 3]) expect(await walk(batch), `${date} by ${batch}`).toEqual(whole);
      if (date === '2026-10-10') expect(whole).toEqual(['INV1', 'RC2', 'INV2']);
    }
  });

  it.each([
    [OCT, [40000, 0, 40000], [45000, -25000, 20000]],
    [TODAY, [45000, -25000, 20000], [45000, -5000, 40000]],
  ])(
    'collections by month to %s: the month ends with unallocated and net balance, as the overview gives them',
    async (date, previous, last) => {
      const { headers, rows } = table((await reportBook('COLLECTIONS_BY_MONTH', date)).worksheets[0]!);
      expect(headers.slice(-4)).toEqual(['Closing balance', 'Of which overdue', 'Unallocated', 'Net balance']);
      const figures = pick(rows, ['Closing balance', 'Unallocated', 'Net balance']);
      expect(figures.slice(-2)).toEqual([previous, last]);
      // Before the first receipt on account there is none; the August month end owes INV1 whole.
      expect(pick(rows, ['Month', 'Closing balance', 'Unallocated', 'Net balance']).at(-4)).toEqual(
        date === OCT ? ['2026-07', 0, 0, 0] : ['2026-08', 50000, 0, 50000],
      );
      const overview = (
        await callRoute(overviewRoute, '/api/v3/clients/receivables/overview', {
          cookie,
          // The first row may be a month's part of the 12-month window ("2025-11 from 21/11"): its month end is the same.
          query: { fromDate: String(rows[0]!.Month).slice(0, 7) + '-01', toDate: date },
        })
      ).json[0].months as { month: string; unallocated: number; netBalance: number }[];
      const ends = [...new Map(overview.map((m) => [m.month, m])).values()];
      expect(
        pick(rows, ['Month', 'Unallocated', 'Net balance']).map(([m, ...r]) => [String(m).slice(0, 7), ...r]),
      ).toEqual(ends.map((m) => [m.month, m.unallocated, m.netBalance]));
    },
  );
});

describe('money on account in the portal statement workbook', () => {
  it.each([
    [
      'P1',
      OCT,
      [
        ['TLY-101', 'Invoice', 'A1', 50000, 15000, 61, '61-90 days'],
        ['TLY-102', 'Invoice', 'A1', 30000, 30000, 0, 'Not yet due'],
        ['RC2', 'Received on account', 'A1', -35000, -10000, null, null],
      ],
      35000,
    ],
    [
      'P1',
      TODAY,
      [
        ['TLY-101', 'Invoice', 'A1', 50000, 15000, 81, '61-90 days'],
        ['TLY-102', 'Invoice', 'A1', 30000, 25000, 11, '1-30 days'],
        ['RC2', 'Received on account', 'A1', -35000, -5000, null, null],
      ],
      35000,
    ],
    ['S1', OCT, [['RC3', 'Advance', 'S1', -15000, -15000, null, null]], -15000],
    ['S1', TODAY, [['TLY-103', 'Invoice', 'S1', 20000, 5000, 0, 'Not yet due']], 5000],
  ] as const)(
    '%s to %s: the open items and the money not yet allocated add up to the closing balance',
    async (code, toDate, lines, closing) => {
      const json = (
        await callRoute(statementRoute, '/api/customerportal/statement', {
          cookie,
          query: { sysObligorCode: code, fromDate: '2026-08-01', toDate },
        })
      ).json as { closing: number; unallocated: number };
      expect(json.closing).toBe(closing);
      const book = await statementBook(code, toDate);
      const { rows, total } = table(book.getWorksheet('Open items')!);
      expect(pick(rows, ['Document', 'Type', 'Account', 'Amount', 'Outstanding', 'Days past due', 'Ageing'])).toEqual(
        lines,
      );
      expect(total!.Outstanding).toBe(closing);
      // The receipts' lines are the statement's `unallocated`.
      const receipts = rows.filter((r) => r['Days past due'] === null);
      expect(receipts.reduce((s, r) => s + Number(r.Outstanding), 0)).toBe(json.unallocated);
      // And the Statement sheet closes at the same balance.
      const statement = book.getWorksheet('Statement')!;
      const last = statement.getRow(statement.rowCount);
      expect(last.getCell(1).value).toBe('Closing balance');
      expect(Number(last.getCell(8).value)).toBe(closing);
    },
  );
});

describe('open invoices with several receipts past the last invoice', () => {
  it('walks them in batches too, and still adds up to the net balance', async () => {
    // Two more advances of S1, the last customer, after its last invoice (20/11 is TODAY: none is allocated).
    const more = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: [
        file(
          'payments.csv',
          csv([
            'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
            'RC4,,S1,Advance,12/11/2026,"1,000.00"',
            'RC5,,S1,On Account,18/11/2026,"2,500.00"',
          ]),
        ),
      ],
    });
    expect(more.status, JSON.stringify(more.errors)).toBe('SUCCEEDED');
    const { ctx } = await prepareReport(database.db, session, obligorScope(session), {
      report: 'OPEN_INVOICES',
      date: TODAY,
    });
    const walk = async (batch: number) => {
      const keys: string[] = [];
      for await (const row of openInvoiceRows(ctx, batch)) keys.push(row.sysInvoiceNum);
      return keys;
    };
    const whole = await walk(5000);
    expect(whole).toEqual(['INV1', 'RC2', 'INV2', 'INV3', 'RC4', 'RC5']);
    for (const batch of [1, 2, 3, 4]) expect(await walk(batch), `by ${batch}`).toEqual(whole);
    const { rows, total } = table((await reportBook('OPEN_INVOICES', TODAY)).worksheets[0]!);
    expect(pick(rows.slice(-2), ['Invoice no.', 'Type', 'Amount', 'Paid', 'Outstanding'])).toEqual([
      ['RC4', 'Advance', -1000, 0, -1000],
      ['RC5', 'Received on account', -2500, 0, -2500],
    ]);
    // 40,000 less the 3,500 just received.
    expect(total!.Outstanding).toBe(36500);
    expect((await summaryAt(TODAY)).netBalance).toBe(36500);
  });
});
