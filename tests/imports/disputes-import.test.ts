import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from './helpers';

/**
 * disputes.csv (and .xlsx): one dispute per invoice and opened day, open or resolved with an outcome;
 * importing the same file again changes nothing, a resolution updates it; the open invoices of a past
 * day say "in dispute" as it was then.
 *
 * D1 ₹10,000 (T-60, due T-30) disputed from T-40 to T-20 (credit note); D2 ₹5,000 (T-50, due T-20)
 * disputed from T-10, still open; D3 ₹2,000 (T-20) not disputed.
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;
let T: (n: number) => string;

const DISPUTES_HEADER = 'sys_invoice_num,opened_date,reason,amount,resolved_date,outcome';

const importFiles = (db: Db, files: ImportSource[]) =>
  clientToday(db, clientId).then((today) =>
    runImport(db, { clientId, userId: null, source: 'CLI', today, files, rollups: 'wait' }),
  );

const disputesOf = (db: Db) =>
  queryRows(
    db,
    sql`select di.sys_invoice_num as num, d.sys_obligor_code as code, d.reason, d.amount, d.status,
        d.opened_on::text as opened, d.resolved_on::text as resolved, d.outcome
      from disputes d join dispute_invoices di on di.client_id = d.client_id and di.dispute_id = d.id
      where d.client_id = ${clientId} order by 1, 6`,
    row({
      num: col.text,
      code: col.text,
      reason: col.text,
      amount: col.num,
      status: col.text,
      opened: col.day,
      resolved: col.day.nullable(),
      outcome: col.text.nullable(),
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'DISPIMP');
  clientId = created.clientId;
  const today = await clientToday(database.db, clientId);
  T = (n) => daysFrom(today, n);
  const report = await importFiles(database.db, [
    file('obligors.csv', csv(['sys_obligor_code,name', 'C1,Chandra Traders'])),
    file(
      'invoices.csv',
      csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
        `D1,INV/D1,C1,${T(-60)},${T(-30)},10000`,
        `D2,INV/D2,C1,${T(-50)},${T(-20)},5000`,
        `D3,INV/D3,C1,${T(-20)},${T(10)},2000`,
      ]),
    ),
  ]);
  expect(report.status).toBe('SUCCEEDED');
  cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

describe('disputes.csv', () => {
  it('refuses a row naming no invoice, opened before the issue, above the amount or half resolved', async () => {
    const report = await importFiles(database.db, [
      file(
        'disputes.csv',
        csv([
          DISPUTES_HEADER,
          `NOPE,${T(-10)},QUALITY,100,,`,
          `D1,${T(-70)},QUALITY,100,,`,
          `D2,${T(-10)},QUALITY,6000,,`,
          `D2,${T(-9)},QUALITY,100,${T(-5)},`,
          `D3,${T(-5)},BAD REASON,100,,`,
        ]),
      ),
    ]);
    expect(report.status).toBe('FAILED');
    expect(report.errors.map((e) => [e.line, e.column, e.reason])).toEqual([
      [2, 'sys_invoice_num', 'invoice NOPE is neither in invoices nor stored'],
      [3, 'opened_date', `opened ${T(-70)}, before invoice D1 was issued on ${T(-60)}`],
      [4, 'amount', 'amount 6000.00 is above the 5000.00 of invoice D2'],
      [5, 'outcome', 'a resolved dispute needs its outcome'],
      [6, 'reason', '"BAD REASON" is not one of PRICING, QUANTITY, QUALITY, NOT_RECEIVED, DUPLICATE, OTHER'],
    ]);
    expect(await disputesOf(database.db)).toEqual([]);
  });

  it('imports open and resolved disputes on the invoice’s customer; the same file again changes nothing', async () => {
    const lines = [
      DISPUTES_HEADER,
      `D1,${T(-40)},pricing,10000,${T(-20)},credit note`,
      `D2,${T(-10)},QUALITY,"5,000",,`,
    ];
    const first = await importFiles(database.db, [file('disputes.csv', csv(lines))]);
    expect(first.status).toBe('SUCCEEDED');
    expect(first.counts.disputes).toMatchObject({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    const stored = [
      {
        num: 'D1',
        code: 'C1',
        reason: 'PRICING',
        amount: 10000,
        status: 'RESOLVED',
        opened: T(-40),
        resolved: T(-20),
        outcome: 'CREDIT_NOTE',
      },
      {
        num: 'D2',
        code: 'C1',
        reason: 'QUALITY',
        amount: 5000,
        status: 'OPEN',
        opened: T(-10),
        resolved: null,
        outcome: null,
      },
    ];
    expect(await disputesOf(database.db)).toEqual(stored);
    const again = await importFiles(database.db, [file('disputes.csv', csv(lines))]);
    expect(again.counts.disputes).toMatchObject({ rows: 2, inserted: 0, updated: 0, unchanged: 2 });
    expect(await disputesOf(database.db)).toEqual(stored);
  });

  it('a workbook resolves an open dispute', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('disputes');
    sheet.addRow(DISPUTES_HEADER.split(','));
    sheet.addRow(['D2', T(-10), 'QUALITY', 5000, T(-2), 'CUSTOMER_TO_PAY']);
    const report = await importFiles(database.db, [
      file('disputes.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())),
    ]);
    expect(report.status).toBe('SUCCEEDED');
    expect(report.counts.disputes).toMatchObject({ rows: 1, inserted: 0, updated: 1 });
    expect((await disputesOf(database.db))[1]).toMatchObject({
      status: 'RESOLVED',
      resolved: T(-2),
      outcome: 'CUSTOMER_TO_PAY',
    });
  });

  it('the open invoices of a past day are "in dispute" as they were then', async () => {
    const flags = async (date: string) => {
      const res = await callRoute(invoicesRoute, '/api/v4/invoices', {
        cookie,
        query: { date, sortBy: 'invoiceNum', order: 'ASC' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json as { sysInvoiceNum: string; inDispute: boolean }[]).map((r) => [r.sysInvoiceNum, r.inDispute]);
    };
    expect(await flags(T(-45))).toEqual([
      ['D1', false],
      ['D2', false],
    ]);
    expect(await flags(T(-30))).toEqual([
      ['D1', true],
      ['D2', false],
    ]);
    expect(await flags(T(-5))).toEqual([
      ['D1', false],
      ['D2', true],
      ['D3', false],
    ]);
    expect(await flags(T(0))).toEqual([
      ['D1', false],
      ['D2', false],
      ['D3', false],
    ]);
    const disputed = await callRoute(invoicesRoute, '/api/v4/invoices', {
      cookie,
      query: { date: T(-30), inDispute: 'true' },
    });
    expect((disputed.json as { sysInvoiceNum: string }[]).map((r) => r.sysInvoiceNum)).toEqual(['D1']);
  });

  it('the receivables of a past day count what was in dispute then', async () => {
    const disputed = async (date: string) => {
      const res = await callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie, query: { date } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json as { sysObligorCode: string; disputed: number }[]).map((r) => [r.sysObligorCode, r.disputed]);
    };
    expect(await disputed(T(-45))).toEqual([['C1', 0]]);
    expect(await disputed(T(-30))).toEqual([['C1', 10000]]);
    expect(await disputed(T(-5))).toEqual([['C1', 5000]]);
    expect(await disputed(T(0))).toEqual([['C1', 0]]);
  });
});
