import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as promisesRoute } from '@/app/api/promises/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { s138Dates } from '@/lib/domain/cheques';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from './helpers';

/**
 * cheques.csv (and .xlsx): the cheque register imported. Bad rows are refused with their line; a
 * post-dated cheque becomes a promise on its date; a RETURNED row starts the s138 tasks as a return
 * on the customer page does; importing the same file again changes nothing.
 *
 * C1 has K1 ₹10,000 (T-60) and K2 ₹5,000 (T-20); C2 has L1 ₹3,000 (T-10).
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;
let T: (n: number) => string;

const HEADER =
  'sys_obligor_code,cheque_number,bank_name,cheque_date,amount,sys_invoice_nums,status,received_date,deposited_date,cleared_date,returned_date,return_reason';

const importFiles = (db: Db, files: ImportSource[]) =>
  clientToday(db, clientId).then((today) =>
    runImport(db, { clientId, userId: null, source: 'CLI', today, files, rollups: 'wait' }),
  );

const chequesOf = (db: Db) =>
  queryRows(
    db,
    sql`select c.cheque_number as num, c.status, c.cheque_date::text as dated, c.amount, c.received_on::text as received,
        c.deposited_on::text as deposited, c.cleared_on::text as cleared, c.returned_on::text as returned,
        c.return_reason as reason, c.promise_id is not null as promised,
        (select string_agg(ci.sys_invoice_num, ';' order by ci.sys_invoice_num) from cheque_invoices ci
          where ci.client_id = c.client_id and ci.cheque_id = c.id) as invoices
      from cheques c where c.client_id = ${clientId} order by c.cheque_number`,
    row({
      num: col.text,
      status: col.text,
      dated: col.day,
      amount: col.num,
      received: col.day,
      deposited: col.day.nullable(),
      cleared: col.day.nullable(),
      returned: col.day.nullable(),
      reason: col.text.nullable(),
      promised: col.bool,
      invoices: col.text.nullable(),
    }),
  );

const tasksOf = (db: Db) =>
  queryRows(
    db,
    sql`select t.name, t.due_date::text as due from tasks t where t.client_id = ${clientId} order by t.due_date, t.id`,
    row({ name: col.text, due: col.day }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'CHQIMP');
  clientId = created.clientId;
  const today = await clientToday(database.db, clientId);
  T = (n) => daysFrom(today, n);
  const report = await importFiles(database.db, [
    file('obligors.csv', csv(['sys_obligor_code,name', 'C1,Chandra Traders', 'C2,Deshmukh Stores'])),
    file(
      'invoices.csv',
      csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
        `K1,INV/K1,C1,${T(-60)},${T(-30)},10000`,
        `K2,INV/K2,C1,${T(-20)},${T(10)},5000`,
        `L1,INV/L1,C2,${T(-10)},${T(20)},3000`,
      ]),
    ),
  ]);
  expect(report.status).toBe('SUCCEEDED');
  cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

describe('cheques.csv', () => {
  it('refuses bad rows, each with its line, column and reason, and stores nothing', async () => {
    const report = await importFiles(database.db, [
      file(
        'cheques.csv',
        csv([
          HEADER,
          `NOPE,100001,HDFC Bank,${T(-5)},1000,,,,,,,`,
          `C1,12,HDFC Bank,${T(-5)},1000,,,,,,,`,
          `C1,100003,HDFC Bank,${T(-5)},1000,K1;L1,,,,,,`,
          `C1,100004,HDFC Bank,${T(-120)},1000,,,${T(-2)},,,,`,
          `C1,100005,HDFC Bank,${T(-5)},1000,,DEPOSITED,,,,,`,
          `C1,100006,HDFC Bank,${T(-5)},1000,,RETURNED,,${T(-4)},,${T(-3)},`,
          `C1,100007,HDFC Bank,${T(-5)},1000,,DEPOSITED,${T(-6)},${T(-6)},,,`,
          `C1,100008,HDFC Bank,${T(-5)},1000,,BOUNCED,,,,,`,
          `C1,100009,HDFC Bank,${T(-5)},1000,,,,,,,`,
          `C1,100009,HDFC Bank,${T(-5)},1000,,,,,,,`,
        ]),
      ),
    ]);
    expect(report.status).toBe('FAILED');
    expect(report.errors.map((e) => [e.line, e.column, e.reason])).toEqual([
      [2, 'sys_obligor_code', 'obligor NOPE is neither in obligors nor stored'],
      [3, 'cheque_number', 'a cheque number has six digits'],
      [4, 'sys_invoice_nums', 'not invoices of C1: L1'],
      [
        5,
        'received_date',
        `cheque dated ${T(-120)} was more than three months old when received: the bank will not pay it`,
      ],
      [6, 'status', 'a DEPOSITED cheque needs its deposited_date'],
      [7, 'status', 'a RETURNED cheque needs its returned_date and return_reason'],
      [8, 'deposited_date', `deposited before the cheque's date ${T(-5)}`],
      [9, 'status', '"BOUNCED" is not one of RECEIVED, DEPOSITED, CLEARED, RETURNED'],
      [11, 'sys_obligor_code', `cheque C1 100009 HDFC Bank also on line 10`],
    ]);
    expect(await chequesOf(database.db)).toEqual([]);
  });

  it('imports the register: a PDC is a promise on its date, a returned cheque starts the s138 tasks; again, nothing changes', async () => {
    const lines = [
      HEADER,
      `C1,200001,HDFC Bank,${T(7)},"6,000.00",K1 K2,,${T(-1)},,,,`,
      `C1,200002,State Bank of India,${T(-15)},4000,K1,CLEARED,${T(-16)},${T(-14)},${T(-12)},,`,
      `C2,200003,Axis Bank,${T(-8)},3000,L1,returned,,${T(-6)},,${T(-4)},Funds insufficient`,
    ];
    const first = await importFiles(database.db, [file('cheques.csv', csv(lines))]);
    expect(first.status, JSON.stringify(first.errors)).toBe('SUCCEEDED');
    expect(first.counts.cheques).toMatchObject({ rows: 3, inserted: 3, updated: 0, unchanged: 0 });
    const stored = [
      {
        num: '200001',
        status: 'RECEIVED',
        dated: T(7),
        amount: 6000,
        received: T(-1),
        deposited: null,
        cleared: null,
        returned: null,
        reason: null,
        promised: true,
        invoices: 'K1;K2',
      },
      {
        num: '200002',
        status: 'CLEARED',
        dated: T(-15),
        amount: 4000,
        received: T(-16),
        deposited: T(-14),
        cleared: T(-12),
        returned: null,
        reason: null,
        promised: false,
        invoices: 'K1',
      },
      {
        num: '200003',
        status: 'RETURNED',
        dated: T(-8),
        amount: 3000,
        received: T(-8),
        deposited: T(-6),
        cleared: null,
        returned: T(-4),
        reason: 'Funds insufficient',
        promised: false,
        invoices: 'L1',
      },
    ];
    expect(await chequesOf(database.db)).toEqual(stored);

    // The PDC is C1's promise to pay ₹6,000 on the cheque's date, as when entered by hand.
    const promises = await callRoute(promisesRoute, '/api/promises', { cookie, query: { sysObligorCode: 'C1' } });
    expect(promises.status).toBe(200);
    expect(promises.json).toEqual([
      expect.objectContaining({
        amount: 6000,
        promisedDate: T(7),
        promisedBy: 'PDC 200001, HDFC Bank',
        status: 'OPEN',
        sysInvoiceNums: ['K1', 'K2'],
      }),
    ]);

    // The return memo of T-4 starts the s138 clock: three dated tasks.
    const clock = s138Dates(T(-4));
    const tasks = await tasksOf(database.db);
    expect(tasks.map((t) => t.due)).toEqual([clock.noticeDueBy, clock.drawerPaysBy, clock.complaintDueBy]);
    expect(tasks[0]!.name).toBe(
      's138 notice due: cheque 200003 (Axis Bank, ₹3,000.00) of Deshmukh Stores returned "Funds insufficient"',
    );

    const again = await importFiles(database.db, [file('cheques.csv', csv(lines))]);
    expect(again.status).toBe('SUCCEEDED');
    expect(again.counts.cheques).toMatchObject({ rows: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect(await chequesOf(database.db)).toEqual(stored);
    expect(await tasksOf(database.db)).toHaveLength(3);
  });

  it('a workbook moves a stored cheque on to RETURNED (its s138 tasks); a file cannot move it back', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('cheques');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      'C1',
      '200002',
      'State Bank of India',
      T(-15),
      4000,
      'K1',
      'RETURNED',
      T(-16),
      T(-14),
      T(-12),
      T(-2),
      'Payment stopped by drawer',
    ]);
    const report = await importFiles(database.db, [
      file('cheques.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())),
    ]);
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    expect(report.counts.cheques).toMatchObject({ rows: 1, inserted: 0, updated: 1, unchanged: 0 });
    expect((await chequesOf(database.db))[1]).toMatchObject({ status: 'RETURNED', returned: T(-2), cleared: T(-12) });
    expect(await tasksOf(database.db)).toHaveLength(6);

    const back = await importFiles(database.db, [
      file(
        'cheques.csv',
        csv([HEADER, `C1,200002,State Bank of India,${T(-15)},4000,K1,CLEARED,${T(-16)},${T(-14)},${T(-12)},,`]),
      ),
    ]);
    expect(back.errors.map((e) => [e.line, e.column, e.reason])).toEqual([
      [2, 'status', 'the cheque is stored as RETURNED: a file cannot move it back to CLEARED'],
    ]);
  });

  it('a cheque returned in the last 12 months counts on the family’s worklist row', async () => {
    // C1's cheque 200002 was returned at T-2 (above); K1 (₹10,000, due T-30) is its only overdue.
    const res = await callRoute(worklistRoute, '/api/collections/worklist', { cookie, query: { count: 50 } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const c1 = (res.json as { sysObligorCode: string; chequesReturned: number; priority: number }[]).find(
      (r) => r.sysObligorCode === 'C1',
    );
    // amount 35 (the only overdue family) + age 5 (30 days past due) + unrated 3 + silence 0 (the PDC's
    // promise, logged at T-1) + one bounce 3 = 46; halved, as it waits on the PDC of T+7: 23.
    expect(c1).toMatchObject({ chequesReturned: 1, priority: 23 });
  });
});
