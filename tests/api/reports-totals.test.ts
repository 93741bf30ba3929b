import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/lib/db/schema';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as parentObligorsRoute } from '@/app/api/v3/clients/parentobligors/route';
import { GET as overviewRoute } from '@/app/api/v3/clients/receivables/overview/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { GET as creditLimitsRoute } from '@/app/api/v3/clients/credit_limits/route';
import { todayIso } from '@/lib/domain/dates';
import { annualDso } from '@/lib/domain/dso';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { moneyFormat } from '@/lib/server/reports/excel-format';
import { prepareReport } from '@/lib/server/reports/download-report';
import { openInvoiceRows } from '@/lib/server/reports/open-invoice-rows';
import { createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';
import { allPages, cents, get, RECEIPT_TYPES, sum, table, totalOf, workbook } from '../helpers/reports';
import type { TestDatabase } from '../helpers/db';

/**
 * Every report of GET /reports/download.xlsx opened with ExcelJS has totals equal to the API's
 * answers for the same date and user: the screen each report mirrors.
 */
let database: TestDatabase;
let admin: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
});
afterAll(() => database?.dispose());

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

  it('collections by month: the 12-month sales window of the receivables overview, its Sales total the 12-month sales', async () => {
    const { wb } = await workbook(admin, 'COLLECTIONS_BY_MONTH');
    const overview = (
      await get(admin, overviewRoute, '/api/v3/clients/receivables/overview', {
        fromDate: '2025-11-21',
        toDate: TEST_TODAY,
      })
    ).json[0];
    // The window of 20/11/2026 starts on 21/11/2025: November 2025's first 20 days are not in it.
    const before = (
      await get(admin, overviewRoute, '/api/v3/clients/receivables/overview', {
        fromDate: '2025-11-20',
        toDate: '2025-11-20',
      })
    ).json[0].months.at(-1);
    const { rows, total } = table(wb.worksheets[0]!);
    expect(rows).toHaveLength(13);
    expect(rows.map((r) => r.Month)).toEqual([
      '2025-11 from 21/11',
      ...overview.months.slice(1).map((m: { month: string }) => m.month),
    ]);
    rows.forEach((row, i) => {
      const m = overview.months[i];
      expect(row.Sales).toBeCloseTo(i === 0 ? m.invoiced - before.invoiced : m.invoiced, 2);
      expect(row.Collected).toBeCloseTo(i === 0 ? m.collected - before.collected : m.collected, 2);
      expect(row['Closing balance']).toBeCloseTo(m.outstanding, 2);
      expect(row.Unallocated).toBeCloseTo(m.unallocated, 2);
      expect(row['Net balance']).toBeCloseTo(m.netBalance, 2);
    });
    const summary = (
      await get(admin, summaryRoute, '/api/v4/clients/receivables/current/summary', { date: TEST_TODAY })
    ).json;
    // One 12-month sales: the summary's (the DSO's), the DSO by customer report's total, this one's.
    expect(total!.Sales).toBeCloseTo(summary.sales12m, 2);
    const dso = table((await workbook(admin, 'DSO_BY_CUSTOMER')).wb.worksheets[0]!).total!;
    expect(total!.Sales).toBeCloseTo(dso['12-month sales'] as number, 2);
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

function headerIndex(headers: string[], name: string): number {
  return headers.indexOf(name) + 1;
}
