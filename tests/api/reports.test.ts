import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/lib/db/schema';
import { NextRequest } from 'next/server';
import { GET as listRoute } from '@/app/api/reports/list/route';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/receivables/overview/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { GET as creditLimitsRoute } from '@/app/api/v3/clients/credit_limits/route';
import { REPORT_CODES } from '@/lib/contract/reports';
import { todayIso } from '@/lib/domain/dates';
import { annualDso } from '@/lib/domain/dso';
import { RECEIPT_KIND_LABEL } from '@/lib/domain/statement';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { moneyFormat } from '@/lib/server/reports/excel-format';
import { prepareReport } from '@/lib/server/reports/download-report';
import { openInvoiceRows } from '@/lib/server/reports/open-invoice-rows';
import { sharedPages } from '@/lib/server/reports/customer-reports';
import { pagedRows, workbookStream } from '@/lib/server/reports/workbook-writer';
import { callRoute, cookieForSession } from '../helpers/api';
import { clientIdOf, createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';
import type { TestDatabase } from '../helpers/db';

/**
 * Every report of GET /reports/download.xlsx opened with ExcelJS: title row, frozen header,
 * autofilter, typed cells in the client's currency format, and totals equal to the API's answers
 * for the same date and user. The guest (given the Reports page) sees only assigned customers.
 */
let database: TestDatabase;
let admin: string;
let guest: string;
let member: string;
let plainGuest: string;

type Route = Parameters<typeof callRoute>[0];
type Query = Record<string, string | number | undefined>;

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

async function download(cookie: string, query: Query) {
  const url = new URL('http://localhost:3000/api/reports/download.xlsx');
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await downloadRoute(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) });
  const buffer = Buffer.from(await res.arrayBuffer());
  return { res, buffer };
}

async function workbook(cookie: string, report: string, date = TEST_TODAY) {
  const { res, buffer } = await download(cookie, { report, date });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return { wb, res };
}

/** Header names, data rows (as header -> value) and the total row of a sheet. */
function table(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(3).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  let total: Record<string, unknown> | null = null;
  ws.eachRow((row, n) => {
    if (n <= 3) return;
    const values = (row.values as unknown[]).slice(1);
    const record = Object.fromEntries(
      headers.map((h, i) => {
        const v = values[i];
        return [h, v && typeof v === 'object' && 'result' in (v as object) ? (v as { result: unknown }).result : v];
      }),
    );
    if (values[0] === 'Total') total = record;
    else rows.push(record);
  });
  return { headers, rows, total: total as Record<string, unknown> | null };
}

/** The Type of a receipt's line on the open-invoice sheet. */
const RECEIPT_TYPES = Object.values(RECEIPT_KIND_LABEL);

const get = (cookie: string, route: Route, path: string, query: Query = {}) =>
  callRoute(route, path, { cookie, query });
const totalOf = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const sum = (values: unknown[]) => values.reduce<number>((s, v) => s + cents(v), 0) / 100;

async function allPages<T>(cookie: string, route: Route, path: string, query: Query): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 1; ; offset += 1) {
    const res = await get(cookie, route, path, { ...query, offset, count: 500 });
    expect(res.status).toBe(200);
    rows.push(...(res.json as T[]));
    if (rows.length >= totalOf(res) || (res.json as T[]).length === 0) return rows;
  }
}

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

describe('report totals equal the API', () => {
  it('ageing by customer: both bases add up to the receivables summary, one row per parent customer', async () => {
    const { wb } = await workbook(admin, 'AGEING_BY_CUSTOMER');
    const summary = (
      await get(admin, summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TEST_TODAY })
    ).json;
    const list = await get(admin, receivablesRoute, '/api/v4/clients/receivables', { date: TEST_TODAY, count: 1 });
    const [byDue, byInvoice] = wb.worksheets;
    const due = table(byDue!);
    expect(due.rows).toHaveLength(totalOf(list));
    expect(due.total!.Balance).toBeCloseTo(summary.balance, 2);
    expect(due.total!.Overdue).toBeCloseTo(summary.overdue, 2);
    expect(due.total!.Current).toBeCloseTo(summary.current, 2);
    // Money received on account and not yet allocated, and the net balance, beside the balance.
    expect(due.headers.slice(-3)).toEqual(['Balance', 'Unallocated', 'Net balance']);
    expect(summary.unallocated).toBeLessThan(0);
    expect(due.total!.Unallocated).toBeCloseTo(summary.unallocated, 2);
    expect(due.total!['Net balance']).toBeCloseTo(summary.netBalance, 2);
    expect(byDue!.getRow(4).getCell(headerIndex(due.headers, 'Balance')).numFmt).toBe(moneyFormat('INR', 'en-IN'));
    const inv = table(byInvoice!);
    expect(inv.total!.Balance).toBeCloseTo(summary.balance, 2);
    expect(inv.total!['Net balance']).toBeCloseTo(summary.netBalance, 2);
    const invBuckets = inv.headers.filter((h) => h.endsWith('days'));
    expect(invBuckets).toHaveLength(4);
    expect(sum(invBuckets.map((h) => inv.total![h]))).toBeCloseTo(summary.balance, 2);
  });

  it.each([
    ['a past day (payments after it given back)', TEST_TODAY],
    ['today (stored paid-to-date)', todayIso()],
  ])(
    'open invoices on %s: every open item with the amounts the invoices call gives, and the unallocated receipts, customer by customer',
    async (_label, date) => {
      const { wb } = await workbook(admin, 'OPEN_INVOICES', date);
      type Item = {
        invoiceNum: string;
        sysObligorCode: string;
        outstanding: number;
        amount: number;
        paid: number;
        daysPastDue: number;
        dueDate: string | null;
      };
      const api = await allPages<Item>(admin, invoicesRoute, '/api/v4/invoices', { date });
      const { rows: lines, total } = table(wb.worksheets[0]!);
      // Receipts on account and advances not yet allocated are lines of their customer too.
      const receipts = lines.filter((r) => RECEIPT_TYPES.includes(String(r.Type)));
      const rows = lines.filter((r) => !RECEIPT_TYPES.includes(String(r.Type)));
      expect(rows).toHaveLength(api.length);
      expect(api.length).toBeGreaterThan(50);
      const byNumber = new Map(api.map((r) => [`${r.sysObligorCode}/${r.invoiceNum}`, r]));
      expect(byNumber.size).toBe(api.length);
      for (const row of rows) {
        const item = byNumber.get(`${row['Customer code']}/${row['Invoice no.']}`);
        expect(item, `${row['Invoice no.']}`).toBeDefined();
        expect(cents(row.Outstanding)).toBe(cents(item!.outstanding));
        expect(cents(row.Amount)).toBe(cents(item!.amount));
        expect(cents(row.Paid)).toBe(cents(item!.paid));
        expect(row['Days past due']).toBe(Math.max(0, item!.daysPastDue));
      }
      expect(sum(rows.map((r) => r.Outstanding))).toBeCloseTo(sum(api.map((r) => r.outstanding)), 2);
      const summary = (await get(admin, summaryRoute, '/api/v4/clients/receivables/current/summary', { date })).json;
      expect(sum(rows.map((r) => r.Outstanding))).toBeCloseTo(summary.balance, 2);
      // The receipts' lines (negative, in no bucket) are the unallocated money: the total is the net balance.
      expect(receipts.length).toBeGreaterThan(0);
      for (const receipt of receipts) {
        expect(receipt.Outstanding).toBeLessThan(0);
        expect(cents(receipt.Amount)).toBe(cents(receipt.Paid) + cents(receipt.Outstanding));
        expect(receipt['Ageing bucket']).toBeUndefined();
      }
      expect(sum(receipts.map((r) => r.Outstanding))).toBeCloseTo(summary.unallocated, 2);
      expect(total!.Outstanding).toBeCloseTo(summary.netBalance, 2);
      expect(rows[0]!['Issue date']).toBeInstanceOf(Date);
      // Customer by customer (by code), oldest first within each.
      const keys = lines.map((r) => [String(r['Customer code']), (r['Issue date'] as Date).toISOString()] as const);
      expect(
        keys.every(
          (k, i) => i === 0 || k[0] > keys[i - 1]![0] || (k[0] === keys[i - 1]![0] && k[1] >= keys[i - 1]![1]),
        ),
      ).toBe(true);
    },
  );

  it('open invoices: the keyset walk gives each item once whatever the batch size', async () => {
    const { session } = await signInAs(database, 'admin@vardhman.test');
    const { ctx } = await prepareReport(database.db, session, obligorScope(session), {
      report: 'OPEN_INVOICES',
      date: TEST_TODAY,
    });
    const walk = async (batch: number) => {
      const keys: string[] = [];
      for await (const row of openInvoiceRows(ctx, batch)) keys.push(row.sysInvoiceNum);
      return keys;
    };
    const whole = await walk(100_000);
    // Small batches end inside one customer and inside one issue date: nothing skipped, nothing twice.
    for (const batch of [1, 7, 250]) expect(await walk(batch)).toEqual(whole);
    expect(new Set(whole).size).toBe(whole.length);
  });

  it('DSO by customer: each family as the customer analysis shows it, overall DSO in the total row', async () => {
    const { wb } = await workbook(admin, 'DSO_BY_CUSTOMER');
    const api = await allPages<{ sysObligorCode: string; dso: number | null; balance: number; sales12m: number }>(
      admin,
      parentObligorsRoute,
      '/api/v3/clients/parentobligors',
      { date: TEST_TODAY },
    );
    const { rows, total } = table(wb.worksheets[0]!);
    expect(rows).toHaveLength(api.length);
    const byCode = new Map(api.map((r) => [r.sysObligorCode, r]));
    for (const row of rows) {
      const family = byCode.get(String(row['Customer code']))!;
      expect(row['DSO (days)'] ?? null).toBe(family.dso);
      expect(row.Balance).toBeCloseTo(family.balance, 2);
    }
    const balance = sum(api.map((r) => r.balance));
    const sales = sum(api.map((r) => r.sales12m));
    expect(total!.Balance).toBeCloseTo(balance, 2);
    expect(total!['DSO (days)']).toBe(annualDso(balance, sales));
  });

  it('collections by month: 12 months of the receivables overview', async () => {
    const { wb } = await workbook(admin, 'COLLECTIONS_BY_MONTH');
    const overview = (
      await get(admin, overviewRoute, '/api/v3/clients/receivables/overview', {
        fromDate: '2025-12-01',
        toDate: TEST_TODAY,
      })
    ).json[0];
    const { rows, total } = table(wb.worksheets[0]!);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.Month)).toEqual(overview.months.map((m: { month: string }) => m.month));
    rows.forEach((row, i) => {
      const m = overview.months[i];
      expect(row.Sales).toBeCloseTo(m.invoiced, 2);
      expect(row.Collected).toBeCloseTo(m.collected, 2);
      expect(row['Closing balance']).toBeCloseTo(m.outstanding, 2);
      expect(row.Unallocated).toBeCloseTo(m.unallocated, 2);
      expect(row['Net balance']).toBeCloseTo(m.netBalance, 2);
    });
    expect(total!.Collected).toBeCloseTo(sum(overview.months.map((m: { collected: number }) => m.collected)), 2);
    const summary = (
      await get(admin, summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TEST_TODAY })
    ).json;
    expect(rows.at(-1)!['Closing balance']).toBeCloseTo(summary.balance, 2);
    expect(rows.at(-1)!['Net balance']).toBeCloseTo(summary.netBalance, 2);
  });

  it('tasks: every task the user may see', async () => {
    const { wb } = await workbook(admin, 'TASKS', todayIso());
    const list = await get(admin, tasksRoute, '/api/tasks', { status: 'ALL', count: 1 });
    const { rows } = table(wb.worksheets[0]!);
    expect(rows).toHaveLength(totalOf(list));
    expect(rows[0]!['Due date']).toBeInstanceOf(Date);
  });

  it('text that looks like a formula stays text (OWASP CSV injection)', async () => {
    const [task] = await database.db.select({ id: tasks.id, name: tasks.name }).from(tasks).limit(1);
    await database.db
      .update(tasks)
      .set({ name: '=HYPERLINK("http://evil.test","open")' })
      .where(eq(tasks.id, task!.id));
    try {
      const { wb } = await workbook(admin, 'TASKS', todayIso());
      const texts: string[] = [];
      wb.worksheets[0]!.eachRow((row) =>
        row.eachCell((cell) => typeof cell.value === 'string' && texts.push(cell.value)),
      );
      expect(texts).toContain(`'=HYPERLINK("http://evil.test","open")`);
      expect(texts.filter((t) => /^[=+\-@]/.test(t))).toEqual([]);
      expect(wb.worksheets[0]!.getCell('A4').formula).toBeUndefined();
    } finally {
      await database.db.update(tasks).set({ name: task!.name }).where(eq(tasks.id, task!.id));
    }
  });

  it('credit limit utilisation: the credit limit list, breaches first', async () => {
    const { wb } = await workbook(admin, 'CREDIT_LIMIT_UTILISATION');
    const api = await allPages<{ exposure: number; creditLimit: number | null; utilisation: number | null }>(
      admin,
      creditLimitsRoute,
      '/api/v3/clients/credit_limits',
      { date: TEST_TODAY },
    );
    const { rows, total } = table(wb.worksheets[0]!);
    expect(rows).toHaveLength(api.length);
    expect(total!.Exposure).toBeCloseTo(sum(api.map((r) => r.exposure)), 2);
    expect(total!['Credit limit']).toBeCloseTo(sum(api.map((r) => r.creditLimit)), 2);
    expect(rows.map((r) => r.Utilisation ?? null)).toEqual(api.map((r) => r.utilisation));
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

function headerIndex(headers: string[], name: string): number {
  return headers.indexOf(name) + 1;
}
