import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/credit_holds/route';
import { POST as releaseRoute } from '@/app/api/credit_holds/[code]/release/route';
import { GET as rulesGet, PUT as rulesPut } from '@/app/api/credit_holds/rules/route';
import { GET as csvRoute } from '@/app/api/credit_holds/export.csv/route';
import type { TCreditHold } from '@/lib/contract/credit-holds';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';
import { daysFrom } from '../helpers/dates';

/**
 * Three accounts, each held by one rule today: A owes 1,500 against a limit of 1,000; B owes 2,000
 * due 120 days ago (limit 5,000); C owes 500, due 5 days ago, and broke two promises last week.
 * D owes 100 not yet due: no rule holds it.
 */
const today = todayIso();
const day = (offset: number) => daysFrom(today, offset);
let database: TestDatabase;
let clientId: number;
let admin: string;
let other: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'HOLDS');
  clientId = created.clientId;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today,
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name,credit_limit',
          'A,Ambika Traders,1000',
          'B,Balaji Stores,5000',
          'C,Chamunda Agencies,',
          'D,Durga Enterprises,10000',
        ]),
      ),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `A1,A/1,A,${day(-40)},${day(-10)},1500`,
          `B1,B/1,B,${day(-150)},${day(-120)},2000`,
          `C1,C/1,C,${day(-35)},${day(-5)},500`,
          `D1,D/1,D,${day(-5)},${day(10)},100`,
        ]),
      ),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  await database.db
    .execute(sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, status)
    values (${clientId}, 'C', 200, ${day(-8)}::date, ${day(-12)}::date, 'CALL', 'BROKEN'),
           (${clientId}, 'C', 300, ${day(-3)}::date, ${day(-6)}::date, 'CALL', 'PARTIAL')`);
  admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  other = (await sessionCookieFor(database.db, (await newClient(database.db, 'HOLDSTWO')).email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

const list = async (cookie = admin, query: Record<string, string | number> = {}) => {
  const res = await callRoute(listRoute, '/api/credit_holds', { cookie, query: { count: 100, ...query } });
  return { res, rows: res.json as TCreditHold[] };
};
const release = (code: string, body: Record<string, unknown>, cookie = admin) =>
  callRoute(releaseRoute, `/api/credit_holds/${code}/release`, { method: 'POST', cookie, params: { code }, body });

describe('credit holds', () => {
  it('holds each account a rule holds, with the reason, largest balance first', async () => {
    const { res, rows } = await list();
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-totalrecords'))).toBe(3);
    expect(rows.map((r) => [r.sysObligorCode, r.status, r.reasons])).toEqual([
      ['B', 'ON_HOLD', ['₹2,000.00 more than 90 days past due (oldest 120 days)']],
      ['A', 'ON_HOLD', ['Over its credit limit of ₹1,000.00 by ₹500.00']],
      ['C', 'ON_HOLD', ['2 promises to pay broken in the last 90 days']],
    ]);
    expect(rows[1]).toMatchObject({ balance: 1500, creditLimit: 1000, oldestDaysPastDue: 10, brokenPromises: 0 });
  });

  it('releases a held account until a date with the reason, audited; it lists after the held ones', async () => {
    const res = await release('A', { reason: 'Cheque received, clearing on Monday', expiresOn: day(7) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      sysObligorCode: 'A',
      status: 'RELEASED',
      release: { reason: 'Cheque received, clearing on Monday', expiresOn: day(7), releasedBy: 'Anita Desai' },
    });
    const { rows } = await list();
    expect(rows.map((r) => [r.sysObligorCode, r.status])).toEqual([
      ['B', 'ON_HOLD'],
      ['C', 'ON_HOLD'],
      ['A', 'RELEASED'],
    ]);
    expect((await list(admin, { status: 'ON_HOLD' })).rows.map((r) => r.sysObligorCode)).toEqual(['B', 'C']);
    const audit = await queryRows(
      database.db,
      sql`select count(*)::int as n from audit_log where client_id = ${clientId} and action = 'credit_hold_released' and entity_id = 'A'`,
      row({ n: col.int }),
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('refuses a release past 90 days, without a reason, of an account not on hold, or of another client', async () => {
    const late = await release('B', { reason: 'Festival season', expiresOn: day(91) });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.json)).toMatch(/90 days/);
    expect((await release('B', { reason: 'ok', expiresOn: day(1) })).status).toBe(400);
    expect((await release('D', { reason: 'Festival season', expiresOn: day(1) })).status).toBe(400);
    expect((await release('B', { reason: 'Festival season', expiresOn: day(1) }, other)).status).toBe(404);
    expect((await list(other)).rows).toEqual([]);
  });

  it('exports the list as CSV for the dispatch desk', async () => {
    const res = await callRoute(csvRoute, '/api/credit_holds/export.csv', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(res.json).trim().split('\r\n');
    expect(lines[0]).toBe(
      'sys_obligor_code,name,parent_sys_obligor_code,status,balance,unallocated,credit_limit,oldest_days_past_due,broken_promises,returned_cheques,reasons,released_until,release_reason',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['B', 'C', 'A']);
    expect(lines[3]).toContain(`RELEASED,1500.00,0.00,1000.00,10,0,0,"Over its credit limit of ₹1`);
  });

  it('follows the rules the admin saves: switching the days rule off releases B from the list', async () => {
    expect((await callRoute(rulesGet, '/api/credit_holds/rules', { cookie: admin })).json).toEqual({
      overLimit: true,
      daysPastDue: 90,
      brokenPromises: 2,
      returnedCheques: 2,
      returnedChequeDays: 180,
    });
    const bad = await callRoute(rulesPut, '/api/credit_holds/rules', {
      method: 'PUT',
      cookie: admin,
      body: { overLimit: true, daysPastDue: 0, brokenPromises: 2 },
    });
    expect(bad.status).toBe(400);
    const saved = await callRoute(rulesPut, '/api/credit_holds/rules', {
      method: 'PUT',
      cookie: admin,
      body: { overLimit: true, daysPastDue: null, brokenPromises: 2 },
    });
    expect(saved.status).toBe(200);
    expect((await list()).rows.map((r) => r.sysObligorCode)).toEqual(['C', 'A']);
  });

  it('holds an account whose cheques bounced: 2 returned in the last 180 days by default, counted back from today', async () => {
    // D (nothing past due, within its limit): cheques returned 20 and 100 days ago, and one exactly
    // 180 days ago, which the last 180 days (today and the 179 before it) leave out.
    await database.db.execute(sql`insert into cheques (client_id, sys_obligor_code, cheque_number, bank_name,
      cheque_date, amount, received_on, status, deposited_on, returned_on, return_reason) values
      (${clientId}, 'D', '000101', 'Canara Bank', ${day(-25)}::date, 100, ${day(-25)}::date, 'RETURNED', ${day(-22)}::date, ${day(-20)}::date, 'Funds insufficient'),
      (${clientId}, 'D', '000102', 'Canara Bank', ${day(-105)}::date, 100, ${day(-105)}::date, 'RETURNED', ${day(-102)}::date, ${day(-100)}::date, 'Funds insufficient'),
      (${clientId}, 'D', '000103', 'Canara Bank', ${day(-185)}::date, 100, ${day(-185)}::date, 'RETURNED', ${day(-182)}::date, ${day(-180)}::date, 'Exceeds arrangement'),
      (${clientId}, 'D', '000104', 'Canara Bank', ${day(-15)}::date, 100, ${day(-15)}::date, 'CLEARED', ${day(-14)}::date, null, null)`);
    const held = (await list()).rows.find((r) => r.sysObligorCode === 'D');
    expect(held).toMatchObject({
      status: 'ON_HOLD',
      returnedCheques: 2,
      reasons: ['2 cheques returned unpaid in the last 180 days'],
    });
    const save = (body: Record<string, unknown>) =>
      callRoute(rulesPut, '/api/credit_holds/rules', {
        method: 'PUT',
        cookie: admin,
        body: { overLimit: true, daysPastDue: null, brokenPromises: 2, ...body },
      });
    expect((await save({ returnedCheques: 3, returnedChequeDays: 180 })).status).toBe(200);
    expect((await list()).rows.map((r) => r.sysObligorCode)).not.toContain('D');
    expect((await save({ returnedCheques: 3, returnedChequeDays: 181 })).json).toMatchObject({
      returnedCheques: 3,
      returnedChequeDays: 181,
    });
    expect((await list()).rows.find((r) => r.sysObligorCode === 'D')?.reasons).toEqual([
      '3 cheques returned unpaid in the last 181 days',
    ]);
    const bad = await save({ returnedCheques: 0, returnedChequeDays: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/at least 1/);
    // Switched off, the bounces hold nothing.
    expect((await save({ returnedCheques: null })).status).toBe(200);
    expect((await list()).rows.map((r) => r.sysObligorCode)).toEqual(['C', 'A']);
  });
});
