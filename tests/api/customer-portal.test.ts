import ExcelJS from 'exceljs';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTopups, obligors } from '@/lib/db/schema';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as statementXlsxRoute } from '@/app/api/customerportal/statement.xlsx/route';
import { GET as accountsRoute } from '@/app/api/customerportal/accounts/route';
import { GET as postpaidRoute } from '@/app/api/customerportal/postpaid/route';
import { GET as prepaidRoute } from '@/app/api/customerportal/prepaid/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { clientToday } from '@/lib/server/clients/client-day';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import { todayIso } from '@/lib/domain/dates';
import { RECEIPT_KIND_LABEL } from '@/lib/domain/statement';
import { callRoute, cookieForSession } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';

let database: TestDatabase;
let clientId: number;
let portal: string;
let parentCode: string;
let childCode: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  portal = (await signInAs(database, 'portal@vardhman.test')).cookie;
  // A parent with members and a member, both with ledger history.
  const [child] = await database.db
    .select()
    .from(obligors)
    .where(
      and(
        eq(obligors.clientId, clientId),
        isNotNull(obligors.parentSysObligorCode),
        ne(obligors.accountType, 'PREPAID'),
      ),
    )
    .limit(1);
  childCode = child!.sysObligorCode;
  parentCode = child!.parentSysObligorCode!;
});
afterAll(() => database?.dispose());

const statement = (query: Record<string, string>, cookie = portal) =>
  callRoute(statementRoute, '/api/customerportal/statement', { query, cookie });

/** The net balance the receivables page shows: the family row for a parent, the member row for a member. */
async function receivablesBalance(code: string, isParent: boolean, date: string): Promise<number> {
  const admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const query = isParent ? { parentSysObligorCode: code, date, count: 100 } : { sysObligorCode: code, date };
  const res = await callRoute(receivablesRoute, '/api/v4/clients/receivables', { query, cookie: admin });
  expect(res.status).toBe(200);
  // The statement runs in net balances: money received on account counts on its day.
  return (res.json as { netBalance: number }[]).reduce((s, r) => s + r.netBalance, 0);
}

const RECEIPT_TYPES = Object.values(RECEIPT_KIND_LABEL);

/** The data lines of the workbook's 'Open items' sheet (after title, subtitle and header; before the total). */
function openItemLines(sheet: ExcelJS.Worksheet) {
  const lines: { type: string; outstanding: number }[] = [];
  for (let n = 4; n < sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    lines.push({ type: String(row.getCell(2).value), outstanding: Number(row.getCell(7).value) });
  }
  return lines;
}

describe('statement of account', () => {
  it('runs from the opening to the closing balance, which equals the receivables page, for a parent and a member', async () => {
    for (const [code, isParent] of [
      [parentCode, true],
      [childCode, false],
    ] as const) {
      const res = await statement({ sysObligorCode: code, count: '500', itemsCount: '500' });
      expect(res.status).toBe(200);
      const s = res.json;
      expect(s.toDate).toBe(todayIso());
      // The whole period on one page: opening + every line = closing.
      expect(s.lines.total).toBeLessThanOrEqual(s.lines.count);
      const rows = s.lines.rows;
      const sum = rows.reduce(
        (acc: number, l: { debit: number; credit: number }) => acc + Math.round((l.debit - l.credit) * 100),
        0,
      );
      expect(Math.round(s.opening * 100) + sum).toBe(Math.round(s.closing * 100));
      expect(Math.round((s.debits - s.credits) * 100)).toBe(sum);
      if (rows.length) expect(rows.at(-1).balance).toBe(s.closing);
      expect(s.lines.broughtForward).toBe(s.opening);
      expect(s.lines.carriedForward).toBe(s.closing);
      expect(s.closing).toBeCloseTo(await receivablesBalance(code, isParent, s.toDate), 2);
      // Open items add up to the closing balance; the ageing splits the same total.
      expect(s.openItems.total).toBe(s.openItems.rows.length);
      const open = s.openItems.rows.reduce((acc: number, i: { outstanding: number }) => acc + i.outstanding, 0);
      expect(open + s.unallocated).toBeCloseTo(s.closing, 2);
      expect(s.ageing.reduce((acc: number, a: { amount: number }) => acc + a.amount, 0)).toBeCloseTo(
        s.closing - s.unallocated,
        2,
      );
      const overdue = s.openItems.rows
        .filter((i: { daysPastDue: number }) => i.daysPastDue > 0)
        .reduce((acc: number, i: { outstanding: number }) => acc + i.outstanding, 0);
      expect(s.overdue).toBeCloseTo(overdue, 2);
      for (let i = 1; i < rows.length; i++) expect(rows[i].date >= rows[i - 1].date).toBe(true);
    }
  });

  it('for a past period the closing balance is the receivables balance at its end date, and the next period opens there', async () => {
    const first = (
      await statement({ sysObligorCode: parentCode, fromDate: '2026-04-01', toDate: '2026-06-30', count: '500' })
    ).json;
    expect(first.closing).toBeCloseTo(await receivablesBalance(parentCode, true, '2026-06-30'), 2);
    const next = (
      await statement({ sysObligorCode: parentCode, fromDate: '2026-07-01', toDate: '2026-08-31', count: '500' })
    ).json;
    expect(next.opening).toBe(first.closing);
    expect(next.lines.rows.some((l: { kind: string }) => l.kind === 'PAYMENT')).toBe(true);
  });

  it('refuses a reversed period and an unknown customer', async () => {
    expect((await statement({ sysObligorCode: parentCode, fromDate: '2026-06-01', toDate: '2026-05-01' })).status).toBe(
      400,
    );
    expect((await statement({ sysObligorCode: 'NO-SUCH-CODE' })).status).toBe(404);
    expect((await statement({})).status).toBe(400);
    for (const paging of [{ offset: '0' }, { count: '501' }, { itemsOffset: 'x' }, { itemsCount: '0' }] as Record<
      string,
      string
    >[]) {
      const res = await statement({ sysObligorCode: parentCode, ...paging });
      expect(res.status, JSON.stringify(paging)).toBe(400);
      expect(Object.keys(res.json.fields ?? {})).toEqual(Object.keys(paging));
    }
  });

  it('downloads the same statement as XLSX', async () => {
    const json = (await statement({ sysObligorCode: parentCode, count: '500', itemsCount: '500' })).json;
    const req = await callRoute(statementXlsxRoute, '/api/customerportal/statement.xlsx', {
      query: { sysObligorCode: parentCode },
      cookie: portal,
    });
    expect(req.status).toBe(200);
    expect(req.headers.get('content-type')).toContain('spreadsheetml');
    expect(req.headers.get('content-disposition')).toContain(`statement-${parentCode}`);
    // callRoute decodes text; fetch the bytes again through the handler for the workbook.
    const { NextRequest } = await import('next/server');
    const url = new URL(
      `http://localhost:3000/api/customerportal/statement.xlsx?sysObligorCode=${encodeURIComponent(parentCode)}`,
    );
    const response = await statementXlsxRoute(new NextRequest(url, { headers: { cookie: portal } }), {
      params: Promise.resolve({}),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.getWorksheet('Statement')!;
    // Title, subtitle, header; the opening balance; every line; the closing balance.
    expect(sheet.getRow(4).getCell(2).value).toBe('Opening balance');
    expect(Number(sheet.getRow(4).getCell(8).value)).toBeCloseTo(json.opening, 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Closing balance');
    expect(Number(last.getCell(8).value)).toBeCloseTo(json.closing, 2);
    expect(sheet.rowCount).toBe(3 + 1 + json.lines.total + 1);
    json.lines.rows.forEach((line: { reference: string; balance: number }, i: number) => {
      expect(sheet.getRow(5 + i).getCell(3).value).toBe(line.reference);
      expect(Number(sheet.getRow(5 + i).getCell(8).value)).toBeCloseTo(line.balance, 2);
    });
    // The open items, then a line for each receipt with money not yet allocated: together the closing balance.
    const items = book.getWorksheet('Open items')!;
    const receipts = openItemLines(items).filter((l) => RECEIPT_TYPES.includes(l.type));
    expect(items.rowCount).toBe(3 + json.openItems.total + receipts.length + 1);
    expect(receipts.reduce((s, l) => s + Math.round(l.outstanding * 100), 0) / 100).toBeCloseTo(json.unallocated, 2);
    expect((items.getRow(items.rowCount).getCell(7).value as { result: number }).result).toBeCloseTo(json.closing, 2);
  });
});

describe('postpaid and prepaid accounts', () => {
  it('lists prepaid customers with their advance and shows the advance account with a running balance', async () => {
    const list = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'PREPAID' },
      cookie: portal,
    });
    expect(list.status).toBe(200);
    expect(list.json.length).toBeGreaterThan(0);
    const code = list.json[0].sysObligorCode;
    const res = await callRoute(prepaidRoute, '/api/customerportal/prepaid', {
      query: { sysObligorCode: code },
      cookie: portal,
    });
    expect(res.status).toBe(200);
    const [topped] = await database.db
      .select({ s: sql<string>`sum(amount)` })
      .from(advanceTopups)
      .where(and(eq(advanceTopups.clientId, clientId), eq(advanceTopups.sysObligorCode, code)));
    expect(res.json.toppedUp).toBeCloseTo(Number(topped!.s), 2);
    expect(res.json.advance).toBeCloseTo(res.json.toppedUp - res.json.drawn, 2);
    expect(res.json.advance).toBeCloseTo(list.json[0].advance, 2);
    expect(res.json.lines.total).toBeLessThanOrEqual(res.json.lines.count);
    expect(res.json.lines.rows.at(-1).balance).toBe(res.json.advance);
    expect(res.json.lines.carriedForward).toBe(res.json.advance);
    // A prepaid customer has no postpaid view, and the reverse.
    expect(
      (
        await callRoute(postpaidRoute, '/api/customerportal/postpaid', {
          query: { sysObligorCode: code },
          cookie: portal,
        })
      ).status,
    ).toBe(400);
  });

  it("lists the 50 postpaid customers who owe most, by name among equals, as every customer's balance sorts", async () => {
    const expected = await queryRows(
      database.db,
      sql`
      select o.sys_obligor_code as code, coalesce(r.outstanding, 0)::text as outstanding from obligors o
      left join obligor_ageing r on r.client_id = o.client_id and r.as_of_date = ${TEST_TODAY}::date
        and r.sys_obligor_code = o.sys_obligor_code
      where o.client_id = ${clientId} and o.account_type = 'POSTPAID'
      order by coalesce(r.outstanding, 0) desc, o.name limit 50`,
      row({ code: col.text, outstanding: col.num }),
    );
    const postpaid = async () => {
      const list = await callRoute(accountsRoute, '/api/customerportal/accounts', {
        query: { accountType: 'POSTPAID' },
        cookie: portal,
      });
      expect(list.status).toBe(200);
      const rows = list.json as { sysObligorCode: string; outstanding: number }[];
      expect(rows.map((r) => r.sysObligorCode)).toEqual(expected.map((r) => r.code));
      rows.forEach((r, i) => expect(r.outstanding).toBeCloseTo(expected[i]!.outstanding, 2));
      return rows;
    };
    // The ledger's figures of the client's today (the seeded rollups end on an earlier day), then
    // today's rollup, which the list reads from its largest balances only.
    await postpaid();
    const today = await clientToday(database.db, clientId);
    await database.db.transaction((tx) => refreshReceivableRollups(tx, clientId, today, { onlyToday: true }));
    const rows = await postpaid();
    // Narrowed by a name, the same order over the customers that match.
    const named = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'POSTPAID', obligorName: rows[0]!.sysObligorCode },
      cookie: portal,
    });
    expect(named.json[0].sysObligorCode).toBe(rows[0]!.sysObligorCode);
  });

  it('lists postpaid customers and shows open items by due date with the credit headroom', async () => {
    const list = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'POSTPAID', obligorName: childCode },
      cookie: portal,
    });
    expect(list.status).toBe(200);
    expect(list.json.map((r: { sysObligorCode: string }) => r.sysObligorCode)).toContain(childCode);
    const res = await callRoute(postpaidRoute, '/api/customerportal/postpaid', {
      query: { sysObligorCode: parentCode },
      cookie: portal,
    });
    expect(res.status).toBe(200);
    expect(res.json.outstanding).toBeCloseTo(await receivablesBalance(parentCode, true, res.json.date), 2);
    const bills = res.json.items.rows as { outstanding: number; dueDate: string | null; issueDate: string }[];
    expect(res.json.items.total).toBe(bills.length);
    expect(bills.reduce((acc, b) => acc + b.outstanding, 0)).toBeCloseTo(res.json.outstanding, 2);
    const due = bills.map((b) => b.dueDate ?? b.issueDate);
    expect(due).toEqual([...due].sort());
    expect(
      (
        await callRoute(prepaidRoute, '/api/customerportal/prepaid', {
          query: { sysObligorCode: parentCode },
          cookie: portal,
        })
      ).status,
    ).toBe(400);
  });
});

describe('access and scope', () => {
  it('refuses users without the customer portal and investors (403)', async () => {
    const staff = (await signInAs(database, 'staff@vardhman.test')).cookie;
    const investor = (await signInAs(database, 'investor@sahyadri.test')).cookie;
    for (const cookie of [staff, investor]) {
      expect((await statement({ sysObligorCode: parentCode }, cookie)).status).toBe(403);
      expect(
        (await callRoute(accountsRoute, '/api/customerportal/accounts', { query: { accountType: 'PREPAID' }, cookie }))
          .status,
      ).toBe(403);
    }
  });

  it('a field officer with the portal sees only assigned customers: others are not found', async () => {
    const { session } = await signInAs(database, 'guest@vardhman.test');
    const cookie = await cookieForSession({ ...session, pages: [...session.pages, 'CUSTOMER PORTAL'] });
    const [mine] = await database.db
      .select()
      .from(obligors)
      .where(and(eq(obligors.clientId, clientId), eq(obligors.guestId, session.userId)))
      .limit(1);
    const [other] = await database.db
      .select()
      .from(obligors)
      .where(
        and(
          eq(obligors.clientId, clientId),
          isNull(obligors.parentSysObligorCode),
          sql`not exists (select 1 from obligors m where m.client_id = ${clientId}
        and (m.sys_obligor_code = ${obligors.sysObligorCode} or m.parent_sys_obligor_code = ${obligors.sysObligorCode}) and m.guest_id = ${session.userId})`,
        ),
      )
      .limit(1);
    expect((await statement({ sysObligorCode: other!.sysObligorCode }, cookie)).status).toBe(404);
    expect(
      (
        await callRoute(statementXlsxRoute, '/api/customerportal/statement.xlsx', {
          query: { sysObligorCode: other!.sysObligorCode },
          cookie,
        })
      ).status,
    ).toBe(404);
    if (mine) expect((await statement({ sysObligorCode: mine.sysObligorCode }, cookie)).status).toBe(200);
    const prepaid = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'POSTPAID' },
      cookie,
    });
    const codes = (prepaid.json as { sysObligorCode: string }[]).map((r) => r.sysObligorCode);
    const assigned = await database.db
      .select({ c: obligors.sysObligorCode })
      .from(obligors)
      .where(and(eq(obligors.clientId, clientId), eq(obligors.guestId, session.userId)));
    for (const c of codes) expect(assigned.map((a) => a.c)).toContain(c);
  });
});
