import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/reports/list/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { REPORT_CODES } from '@/lib/contract/reports';
import { todayIso } from '@/lib/domain/dates';
import { moneyFormat } from '@/lib/server/reports/excel-format';
import { sharedPages } from '@/lib/server/reports/customer-reports';
import { pagedRows, workbookStream } from '@/lib/server/reports/workbook-writer';
import { cookieForSession } from '../helpers/api';
import { clientIdOf, createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';
import { allPages, download, get, RECEIPT_TYPES, table, workbook } from '../helpers/reports';
import type { TestDatabase } from '../helpers/db';

/**
 * GET /reports/list and who may download, and every report of GET /reports/download.xlsx opened
 * with ExcelJS: title row, frozen header, autofilter, typed cells in the client's currency format;
 * paging and streaming the workbooks. The guest (given the Reports page) sees only assigned customers.
 */
let database: TestDatabase;
let admin: string;
let guest: string;
let member: string;
let plainGuest: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const g = await signInAs(database, 'guest@vardhman.test');
  plainGuest = g.cookie;
  guest = await cookieForSession({ ...g.session, pages: [...g.session.pages, 'REPORTS'] });
  const adminSession = (await signInAs(database, 'admin@vardhman.test')).session;
  // A member (Receivables, Tasks, Reports) of the same client, made from the admin's identity.
  member = await cookieForSession({
    ...adminSession,
    role: 'member',
    pages: ['RECEIVABLES', 'TASKS', 'REPORTS'],
    permissions: [],
  });
});
afterAll(() => database?.dispose());

describe('GET /reports/list', () => {
  it('lists the six reports with their download links', async () => {
    const res = await get(admin, listRoute, '/api/reports/list');
    expect(res.status).toBe(200);
    expect(res.json.map((r: { code: string }) => r.code)).toEqual([...REPORT_CODES]);
    expect(res.json[0]).toMatchObject({
      name: 'Ageing by customer',
      href: '/api/reports/download.xlsx?report=AGEING_BY_CUSTOMER',
    });
    expect(res.json.every((r: { description: string }) => r.description.length > 20)).toBe(true);
  });

  it('needs the Reports page', async () => {
    expect((await get(plainGuest, listRoute, '/api/reports/list')).status).toBe(403);
    expect((await download(plainGuest, { report: 'AGEING_BY_CUSTOMER' })).res.status).toBe(403);
    expect((await get(member, listRoute, '/api/reports/list')).status).toBe(200);
  });

  it('refuses an unknown report, a bad date and another client', async () => {
    expect((await download(admin, { report: 'NOPE' })).res.status).toBe(400);
    expect((await download(admin, { report: 'TASKS', date: '2026-13-01' })).res.status).toBe(400);
    const other = await clientIdOf(database, 'KAVERI');
    expect((await download(admin, { report: 'TASKS', clientId: other })).res.status).toBe(403);
  });
});

describe('the workbooks', () => {
  it('are attachments with a file name saying client, report and date', async () => {
    const { res } = await download(admin, { report: 'AGEING_BY_CUSTOMER', date: TEST_TODAY });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="vardhman-ageing-by-customer-2026-11-20.xlsx"',
    );
  });

  it.each(REPORT_CODES)('%s has a title row, a frozen filtered header and typed cells', async (code) => {
    const { wb } = await workbook(admin, code, code === 'TASKS' ? todayIso() : TEST_TODAY);
    const ws = wb.worksheets[0]!;
    const title = String(ws.getCell('A1').value);
    expect(title).toContain('Vardhman');
    expect(title).toMatch(/as of \d{1,2} \w{3} 2026/);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.getRow(3).font?.bold).toBe(true);
    const { headers, rows } = table(ws);
    expect(rows.length).toBeGreaterThan(0);
    const first = ws.getRow(4);
    headers.forEach((header, i) => {
      const cell = first.getCell(i + 1);
      if (cell.numFmt === moneyFormat('INR', 'en-IN')) expect(typeof cell.value).toBe('number');
      if (cell.numFmt === 'dd-mmm-yyyy' && cell.value != null) expect(cell.value).toBeInstanceOf(Date);
    });
  });

  it('money cells use the client currency format with Indian grouping', () => {
    expect(moneyFormat('INR', 'en-IN')).toBe('"₹"#,##,##0.00;[Red]-"₹"#,##,##0.00');
    expect(moneyFormat('USD', 'en-US')).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
  });
});

describe('paging the customer reports', () => {
  it('two sheets over the same paged service fetch each page once and both get every row', async () => {
    const fetched: number[] = [];
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const fetchPage = async (page: number) => {
      fetched.push(page);
      return { rows: rows.slice((page - 1) * 3, page * 3), total: rows.length };
    };
    const pages = sharedPages(fetchPage, 2);
    const read = async () => {
      const out: number[] = [];
      for await (const r of pagedRows(pages, 3)) out.push(r);
      return out;
    };
    expect(await read()).toEqual(rows);
    expect(await read()).toEqual(rows);
    expect(fetched).toEqual([1, 2, 3]);
  });
});

describe('streaming', () => {
  it('stops reading rows when the reader cancels the download, and reports no error', async () => {
    let produced = 0;
    let finished!: () => void;
    const closed = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const rows = (async function* () {
      try {
        for (let n = 0; n < 1_000_000; n += 1) {
          produced += 1;
          yield { n, text: `row ${n} `.repeat(20) };
        }
      } finally {
        finished();
      }
    })();
    const errors: unknown[] = [];
    const meta = {
      clientName: 'Test',
      reportName: 'Cancel',
      asOf: TEST_TODAY,
      asOfLabel: TEST_TODAY,
      moneyFormat: moneyFormat('INR', 'en-IN'),
    };
    const body = workbookStream(
      meta,
      () => [
        {
          name: 'Rows',
          subtitle: 'rows',
          rows,
          columns: [
            { header: 'N', kind: 'count', value: (r: { n: number }) => r.n },
            { header: 'Text', kind: 'text', value: (r: { text: string }) => r.text },
          ],
        },
      ],
      (error) => errors.push(error),
    );
    const reader = body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await closed; // the rows' generator was closed: nothing more is read
    expect(produced).toBeLessThan(1_000_000);
    expect(errors).toEqual([]);
  });
});

describe('row-level scope', () => {
  it("the guest's reports hold only the customers assigned to them", async () => {
    const adminBook = table((await workbook(admin, 'AGEING_BY_CUSTOMER')).wb.worksheets[0]!);
    const guestBook = table((await workbook(guest, 'AGEING_BY_CUSTOMER')).wb.worksheets[0]!);
    const guestList = await allPages<{ sysObligorCode: string }>(
      guest,
      receivablesRoute,
      '/api/v4/clients/receivables',
      { date: TEST_TODAY },
    );
    const guestSummary = (
      await get(guest, summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TEST_TODAY })
    ).json;
    expect(guestBook.rows.length).toBeGreaterThan(0);
    expect(guestBook.rows.length).toBeLessThan(adminBook.rows.length);
    expect(new Set(guestBook.rows.map((r) => r['Customer code']))).toEqual(
      new Set(guestList.map((r) => r.sysObligorCode)),
    );
    expect(guestBook.total!.Balance).toBeCloseTo(guestSummary.balance, 2);

    const guestInvoices = table((await workbook(guest, 'OPEN_INVOICES')).wb.worksheets[0]!);
    const apiInvoices = await allPages<{ outstanding: number }>(guest, invoicesRoute, '/api/v4/invoices', {
      date: TEST_TODAY,
    });
    expect(guestInvoices.rows.filter((r) => !RECEIPT_TYPES.includes(String(r.Type)))).toHaveLength(apiInvoices.length);
    expect(guestInvoices.total!.Outstanding).toBeCloseTo(guestSummary.netBalance, 2);
    expect(guestBook.total!['Net balance']).toBeCloseTo(guestSummary.netBalance, 2);
  });
});
