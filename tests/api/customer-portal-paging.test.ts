import ExcelJS from 'exceljs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obligors } from '@/lib/db/schema';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as statementXlsxRoute } from '@/app/api/customerportal/statement.xlsx/route';
import { GET as postpaidRoute } from '@/app/api/customerportal/postpaid/route';
import { GET as prepaidRoute } from '@/app/api/customerportal/prepaid/route';
import { GET as accountsRoute } from '@/app/api/customerportal/accounts/route';
import { statementPage, type StatementLine } from '@/lib/domain/statement';
import { ledgerLines } from '@/lib/server/portal/ledger';
import { membersOf, statementEntriesSql } from '@/lib/server/portal/statement';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

/**
 * Long statements are read a page at a time: every page opens at the balance carried forward from
 * the one before, the pages together are the whole statement, and the download holds all of it.
 */
let database: TestDatabase;
let clientId: number;
let portal: string;
let family: string;
const FROM = '2024-01-01';

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  portal = (await signInAs(database, 'portal@vardhman.test')).cookie;
  // The postpaid family with the most documents: the longest statement.
  const [row] = await database.db
    .select({ code: obligors.sysObligorCode })
    .from(obligors)
    .where(
      and(eq(obligors.clientId, clientId), isNull(obligors.parentSysObligorCode), eq(obligors.accountType, 'POSTPAID')),
    )
    .orderBy(
      sql`(select count(*) from invoices i join obligors m on m.client_id = i.client_id and m.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${clientId} and (m.sys_obligor_code = ${obligors.sysObligorCode} or m.parent_sys_obligor_code = ${obligors.sysObligorCode})) desc`,
    )
    .limit(1);
  family = row!.code;
});
afterAll(() => database?.dispose());

const statement = (query: Record<string, string | number>) =>
  callRoute(statementRoute, '/api/customerportal/statement', {
    query: { sysObligorCode: family, fromDate: FROM, ...query },
    cookie: portal,
  });

/** The whole statement, read in the largest pages the call gives. */
async function everyLine(): Promise<{
  opening: number;
  closing: number;
  debits: number;
  toDate: string;
  lines: StatementLine[];
}> {
  const first = (await statement({ count: 500 })).json;
  const lines: StatementLine[] = [...first.lines.rows];
  for (let page = 2; page <= Math.ceil(first.lines.total / 500); page++)
    lines.push(...(await statement({ count: 500, offset: page })).json.lines.rows);
  return { ...first, lines };
}

type Line = StatementLine;

describe('statement pages', () => {
  it('carry the balance from page to page, and together are the whole statement', async () => {
    const whole = await everyLine();
    const lines = whole.lines;
    // Longer than the largest page and than a download batch (1,000 lines).
    expect(lines.length).toBeGreaterThan(1000);
    const count = 150;
    const pages = Math.ceil(lines.length / count);
    let carried = whole.opening;
    const joined: Line[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await statement({ count, offset: page });
      expect(res.status).toBe(200);
      const p = res.json.lines;
      expect(p).toMatchObject({ page, count, total: lines.length });
      // The page opens where the previous one closed; page 1 at the opening balance.
      expect(p.broughtForward).toBe(carried);
      let balance = Math.round(p.broughtForward * 100);
      for (const line of p.rows as Line[]) {
        balance += Math.round((line.debit - line.credit) * 100);
        expect(Math.round(line.balance * 100)).toBe(balance);
      }
      expect(p.carriedForward).toBe(p.rows.at(-1).balance);
      // The same page as the rule of lib/domain/statement.ts computes from every line.
      const reference = statementPage(whole.opening, lines, page, count);
      expect(p.broughtForward).toBe(reference.broughtForward);
      expect(p.carriedForward).toBe(reference.carriedForward);
      expect(p.rows.map((l: Line) => l.reference)).toEqual(reference.rows.map((l) => l.reference));
      // Period figures do not depend on the page.
      expect(res.json.closing).toBe(whole.closing);
      expect(res.json.debits).toBe(whole.debits);
      carried = p.carriedForward;
      joined.push(...p.rows);
    }
    expect(carried).toBe(whole.closing);
    expect(joined).toEqual(lines);
  });

  it('past the last page: no lines, opening and closing at the closing balance', async () => {
    const res = await statement({ count: 10, offset: 10_000 });
    expect(res.status).toBe(200);
    expect(res.json.lines.rows).toEqual([]);
    expect(res.json.lines.broughtForward).toBe(res.json.closing);
    expect(res.json.lines.carriedForward).toBe(res.json.closing);
    expect(res.json.lines.total).toBeGreaterThan(0);
  });

  it('the download reads every line in batches with the same running balance as the pages', async () => {
    const whole = await everyLine();
    const streamed: Line[] = [];
    for await (const line of ledgerLines(
      database.db,
      statementEntriesSql(clientId, membersOf(clientId, family, undefined), FROM, whole.toDate),
      whole.opening,
      70,
    )) {
      streamed.push(line);
    }
    expect(streamed).toEqual(whole.lines);
  });

  it('the workbook holds every line and every open item, not one page', async () => {
    const whole = (await statement({ count: 10, itemsCount: 10 })).json;
    expect(whole.lines.total).toBeGreaterThan(1000);
    const { NextRequest } = await import('next/server');
    const url = new URL(
      `http://localhost:3000/api/customerportal/statement.xlsx?sysObligorCode=${encodeURIComponent(family)}&fromDate=${FROM}`,
    );
    const response = await statementXlsxRoute(new NextRequest(url, { headers: { cookie: portal } }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.getWorksheet('Statement')!;
    expect(sheet.rowCount).toBe(3 + 1 + whole.lines.total + 1);
    const last = sheet.getRow(sheet.rowCount);
    expect(Number(last.getCell(8).value)).toBeCloseTo(whole.closing, 2);
    expect(Number(sheet.getRow(sheet.rowCount - 1).getCell(8).value)).toBeCloseTo(whole.closing, 2);
    const items = book.getWorksheet('Open items')!;
    // Every open item, then a line for each receipt with money not yet allocated (in no bucket).
    let receipts = 0;
    for (let n = 4; n < items.rowCount; n++) if (items.getRow(n).getCell(9).value == null) receipts += 1;
    expect(items.rowCount).toBe(3 + whole.openItems.total + receipts + 1);
    // A SUBTOTAL formula that carries its result: the closing balance, which is the net balance.
    expect((items.getRow(items.rowCount).getCell(7).value as { result: number }).result).toBeCloseTo(whole.closing, 2);
  });
});

describe('open items pages', () => {
  it('cover every open item once, most overdue first, and add up to the balance', async () => {
    const whole = (await statement({ itemsCount: 500 })).json;
    const all = whole.openItems.rows as { sysInvoiceNum: string; daysPastDue: number; outstanding: number }[];
    expect(whole.openItems.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(10);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 4); page++) {
      const p = (await statement({ itemsCount: 4, itemsOffset: page })).json.openItems;
      expect(p).toMatchObject({ page, count: 4, total: all.length });
      seen.push(...p.rows.map((i: { sysInvoiceNum: string }) => i.sysInvoiceNum));
    }
    expect(seen).toEqual(all.map((i) => i.sysInvoiceNum));
    for (let i = 1; i < all.length; i++) expect(all[i]!.daysPastDue).toBeLessThanOrEqual(all[i - 1]!.daysPastDue);
    expect(all.reduce((s, i) => s + i.outstanding, 0) + whole.unallocated).toBeCloseTo(whole.closing, 2);
  });

  it('the postpaid account pages its bills; the totals are those of every bill', async () => {
    const one = (
      await callRoute(postpaidRoute, '/api/customerportal/postpaid', {
        query: { sysObligorCode: family, count: 500 },
        cookie: portal,
      })
    ).json;
    const bills = one.items.rows as { sysInvoiceNum: string; outstanding: number }[];
    const second = (
      await callRoute(postpaidRoute, '/api/customerportal/postpaid', {
        query: { sysObligorCode: family, count: 5, offset: 2 },
        cookie: portal,
      })
    ).json;
    expect(second.items).toMatchObject({ page: 2, count: 5, total: bills.length });
    expect(second.items.rows.map((b: { sysInvoiceNum: string }) => b.sysInvoiceNum)).toEqual(
      bills.slice(5, 10).map((b) => b.sysInvoiceNum),
    );
    expect(second.outstanding).toBe(one.outstanding);
    expect(second.overdue).toBe(one.overdue);
  });
});

describe('prepaid account pages', () => {
  it('carry the advance balance from page to page', async () => {
    const list = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'PREPAID' },
      cookie: portal,
    });
    const code = list.json[0].sysObligorCode as string;
    const get = (query: Record<string, string | number>) =>
      callRoute(prepaidRoute, '/api/customerportal/prepaid', {
        query: { sysObligorCode: code, ...query },
        cookie: portal,
      });
    const whole = (await get({ count: 500 })).json;
    expect(whole.lines.total).toBeGreaterThan(6);
    const p2 = (await get({ count: 3, offset: 2 })).json;
    expect(p2.lines.broughtForward).toBe(whole.lines.rows[2].balance);
    expect(p2.lines.rows).toEqual(whole.lines.rows.slice(3, 6));
    expect(p2.lines.carriedForward).toBe(whole.lines.rows[5].balance);
    expect(p2.advance).toBe(whole.advance);
  });
});
