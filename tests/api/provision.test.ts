import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GET as matrixRoute } from '@/app/api/provision/route';
import { GET as workbookRoute } from '@/app/api/provision/workbook.xlsx/route';
import { PUT as adjustRoute } from '@/app/api/provision/adjustments/route';
import { ZProvisionQuery, type TProvision } from '@/lib/contract/provision';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import { provisionWorkbook } from '@/lib/server/provision/provision-workbook';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import { runImport } from '@/lib/server/imports/run-import';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { callRoute, cookieForSession, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * A ledger built for the provision at the quarter end 30/09/2026 (buckets 30/60/90, days past due
 * at each month end):
 * - I1 North 12,000 due 15/03, never paid; written off on 20/08 (a WRITE_OFF document against it, 158 days past due).
 * - I5 South 3,000 due 10/04, settled by a credit note C1 on 25/08 (a return, 137 days past due): not a
 *   write-off, whatever its age (before write-offs were documents of their own it would have been read as one).
 * - I2 North  6,000 due 20/09: current at 31/08, 1-30 at 30/09.
 * - I3 South  4,000 due 15/10: current at 30/09.
 * - I4 South  2,000 due 10/06, 1,000 paid on 10/07: 1-30 at 30/06, then 1,000 in 31-60, 61-90, 90+.
 *
 *   month end  current   1-30  31-60  61-90    90+  written off
 *   28/02       12,000
 *   31/03        3,000  12,000
 *   30/04                3,000 12,000
 *   31/05        2,000          3,000 12,000
 *   30/06                2,000         3,000  12,000
 *   31/07                       1,000        15,000
 *   31/08        6,000                 1,000           12,000
 *   30/09        4,000   6,000                1,000
 *
 * Roll rates over the 12 pairs of month ends from 30/09/2025: current -> 1-30 23,000 / 23,000 = 1;
 * 1-30 -> 31-60 (12,000 + 3,000 + 1,000) / (12,000 + 3,000 + 2,000) = 16/17; 31-60 -> 61-90
 * 16,000 / 16,000 = 1; 61-90 -> 90+ (what entered 90+: 12,000 by 30/06, 3,000 by 31/07, none by
 * 31/08 (15,000 - 3,000 credited - 12,000 written off, + 12,000: -3,000, read as 0), 1,000 by 30/09)
 * 16,000 / 16,000 = 1; 90+ -> written off 12,000 / 27,000 = 4/9. Loss rates: 90+, 61-90 and 31-60
 * 4/9; 1-30 and current 64/153. Allowance: 4,000 x 64/153 = 1,673.20, 6,000 x 64/153 = 2,509.80,
 * 1,000 x 4/9 = 444.44; 4,627.44. At 30/06 nothing had been written off yet: 0.
 */
const DATE = '2026-09-30';
let database: TestDatabase;
let clientId: number;
let admin: string;
let adminSession: Awaited<ReturnType<typeof sessionCookieFor>>['session'];
let fromLedger: { status: number; json: unknown }[];

beforeAll(async () => {
  database = await createTestDatabase();
  let email: string;
  ({ clientId, email } = await newClient(database.db, 'PROV'));
  const signedIn = await sessionCookieFor(database.db, email, PASSWORD);
  admin = signedIn.cookie;
  adminSession = signedIn.session;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today: todayIso(),
    files: [
      file('obligors.csv', csv(['sys_obligor_code,name,dim1', 'A,Ambika Traders,North', 'B,Balaji Stores,South'])),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
          'I1,I/1,A,INVOICE,2026-02-13,2026-03-15,12000,',
          'I2,I/2,A,INVOICE,2026-08-21,2026-09-20,6000,',
          'I3,I/3,B,INVOICE,2026-09-15,2026-10-15,4000,',
          'I4,I/4,B,INVOICE,2026-05-11,2026-06-10,2000,',
          'W1,W/1,A,WRITE_OFF,2026-08-20,2026-08-20,12000,I1',
          'I5,I/5,B,INVOICE,2026-03-11,2026-04-10,3000,',
          'C1,C/1,B,CREDIT_NOTE,2026-08-25,2026-08-25,3000,I5',
        ]),
      ),
      file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,I4,2026-07-10,1000'])),
    ],
  });
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  // Right after the import, before the ageing history is rebuilt: read from the ledger.
  fromLedger = await Promise.all(
    (['ROLL_RATE', 'WRITTEN_OFF'] as const).map((method) =>
      callRoute(matrixRoute, '/api/provision', { cookie: admin, query: { date: DATE, months: 12, method } }),
    ),
  );
  expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
});
afterAll(() => database?.dispose());

async function matrix(query: Record<string, string | number>, cookie = admin) {
  const res = await callRoute(matrixRoute, '/api/provision', { cookie, query: { date: DATE, months: 12, ...query } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TProvision;
}

describe('the provision matrix of a ledger built for it', () => {
  it('answers right after an import, from the ledger, what the rebuilt history gives', async () => {
    expect(fromLedger.map((r) => r.status)).toEqual([200, 200]);
    expect(fromLedger[0]!.json).toEqual(await matrix({ method: 'ROLL_RATE' }));
    expect(fromLedger[1]!.json).toEqual(await matrix({ method: 'WRITTEN_OFF' }));
    expect((fromLedger[0]!.json as TProvision).allowance).toBe(4627.44);
  });

  it('is reproduced by hand by the roll-rate method', async () => {
    const m = await matrix({ method: 'ROLL_RATE' });
    expect(m.monthEnds).toHaveLength(13);
    expect(m.monthEnds[0]).toBe('2025-09-30');
    const [all] = m.segments;
    expect(all!.segment).toBe('All customers');
    expect(all!.buckets.map((b) => b.bucket)).toEqual(['current', '1-30', '31-60', '61-90', '90+']);
    expect(all!.buckets.map((b) => b.balance)).toEqual([4000, 6000, 0, 0, 1000]);
    expect(all!.buckets.map((b) => b.working)).toEqual([
      { numerator: 23000, denominator: 23000, rate: 1 },
      { numerator: 16000, denominator: 17000, rate: 16 / 17 },
      { numerator: 16000, denominator: 16000, rate: 1 },
      { numerator: 16000, denominator: 16000, rate: 1 },
      { numerator: 12000, denominator: 27000, rate: 4 / 9 },
    ]);
    [64 / 153, 64 / 153, 4 / 9, 4 / 9, 4 / 9].forEach((rate, i) =>
      expect(all!.buckets[i]!.lossRate).toBeCloseTo(rate, 12),
    );
    expect(all!.buckets.map((b) => b.allowance)).toEqual([1673.2, 2509.8, 0, 0, 444.44]);
    expect(m).toMatchObject({
      allowance: 4627.44,
      balance: 11000,
      writtenOff: 12000,
      previousDate: '2026-06-30',
      previousAllowance: 0,
    });
    expect(m.journal).toContain('Dr Impairment loss on trade receivables (profit and loss) ₹4,627.44');
  });

  it('is reproduced by hand by the written-off-later method', async () => {
    // Of the month-end balances 31/10/2025..30/09/2026, I1's 12,000 was written off later from
    // current (28/02), 1-30, 31-60, 61-90 and twice 90+ (I5's credit note is no write-off):
    // 12,000/27,000, 12,000/23,000, 12,000/16,000, 12,000/16,000, 24,000/28,000.
    const m = await matrix({ method: 'WRITTEN_OFF' });
    const [all] = m.segments;
    expect(all!.buckets.map((b) => [b.working.numerator, b.working.denominator])).toEqual([
      [12000, 27000],
      [12000, 23000],
      [12000, 16000],
      [12000, 16000],
      [24000, 28000],
    ]);
    // 4,000 x 4/9 + 6,000 x 12/23 + 1,000 x 6/7: 1,777.78 + 3,130.43 + 857.14
    expect(m.allowance).toBe(5765.35);
  });

  it('splits by a dimension: North wrote off and is provided for, South never wrote off', async () => {
    const m = await matrix({ method: 'ROLL_RATE', segment: 'dim1' });
    expect(m.segments.map((s) => s.segment)).toEqual(['North', 'South']);
    const [north, south] = m.segments;
    // North: current 12,000 (28/02) + 6,000 (31/08) rolls 12,000 + 6,000 on; 1-30 12,000 -> 12,000;
    // 90+ 24,000 -> 12,000 written off: every rate 0.5; 6,000 in 1-30 -> 3,000.
    expect(north!.allowance).toBe(3000);
    expect(south!.buckets.every((b) => b.lossRate === 0)).toBe(true);
    expect(m.allowance).toBe(3000);
  });

  it('takes the CFO adjustment with its reason, in the edit log', async () => {
    const [north] = (await matrix({ segment: 'dim1' })).segments;
    const res = await callRoute(adjustRoute, '/api/provision/adjustments', {
      method: 'PUT',
      cookie: admin,
      body: { segmentBy: 'dim1', key: north!.key, percent: 20, reason: 'Monsoon failure: northern dealers stretched' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const m = await matrix({ segment: 'dim1' });
    expect(m.segments[0]!.adjustment).toEqual({ percent: 20, reason: 'Monsoon failure: northern dealers stretched' });
    expect(m.segments[0]!.buckets[1]!.adjustment).toBeCloseTo(0.1, 12);
    expect(m.segments[0]!.allowance).toBe(3600);
    const log = await queryRows(
      database.db,
      sql`select action, after from audit_log where client_id = ${clientId} and action = 'provision_adjusted'`,
      row({ action: col.text, after: col.json(row({ percent: col.num, reason: col.text })) }),
    );
    expect(log).toEqual([
      { action: 'provision_adjusted', after: { percent: 20, reason: 'Monsoon failure: northern dealers stretched' } },
    ]);
    const bad = await callRoute(adjustRoute, '/api/provision/adjustments', {
      method: 'PUT',
      cookie: admin,
      body: { segmentBy: 'dim1', key: north!.key, percent: 10, reason: '' },
    });
    expect(bad.status).toBe(400);
  });

  it('gives a workbook whose working adds up to the allowance', async () => {
    const res = await callRoute(workbookRoute, '/api/provision/workbook.xlsx', {
      cookie: admin,
      query: { date: DATE, months: 12, method: 'ROLL_RATE' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    const response = await provisionWorkbook(
      database.db,
      clientId,
      ZProvisionQuery.parse({ clientId, date: DATE, months: 12 }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.getWorksheet('Matrix')!;
    const allowances: number[] = [];
    let total: unknown;
    sheet.eachRow((r) => {
      const label = String(r.getCell(1).value ?? '');
      const cell = r.getCell(6).value as { result?: number } | number | null;
      const value = typeof cell === 'object' && cell ? cell.result : cell;
      // (A formula whose result is 0 is stored without one: Excel computes it on opening.)
      if (label === 'All customers') allowances.push(value ?? 0);
      if (label === 'Allowance') total = value;
    });
    expect(allowances).toEqual([1673.2, 2509.8, 0, 0, 444.44]);
    expect(total).toBe(4627.44);
    const working = book.getWorksheet('Working')!;
    const rates: string[] = [];
    working.eachRow((r) => {
      const f = r.getCell(4).value as { formula?: string } | null;
      if (f && typeof f === 'object' && f.formula) rates.push(f.formula);
    });
    expect(rates).toHaveLength(5);
  });

  it('is for those who hold VIEW_PROVISION, within their own client', async () => {
    const staff = await cookieForSession({ ...adminSession, role: 'member', permissions: [] });
    expect((await callRoute(matrixRoute, '/api/provision', { cookie: staff, query: {} })).status).toBe(403);
    const granted = await cookieForSession({ ...adminSession, role: 'member', permissions: ['VIEW_PROVISION'] });
    expect((await callRoute(matrixRoute, '/api/provision', { cookie: granted, query: { date: DATE } })).status).toBe(
      200,
    );
    expect((await callRoute(matrixRoute, '/api/provision', { query: {} })).status).toBe(401);
    const other = await newClient(database.db, 'PROVTWO');
    const theirs = (await sessionCookieFor(database.db, other.email, PASSWORD)).cookie;
    const res = await callRoute(matrixRoute, '/api/provision', { cookie: theirs, query: { date: DATE } });
    // Another client's ledger is empty: no history to read, nothing of PROV's shows.
    expect(res.status === 409 || (res.status === 200 && (res.json as TProvision).allowance === 0)).toBe(true);
    const bad = await callRoute(matrixRoute, '/api/provision', { cookie: admin, query: { months: 6 } });
    expect(bad.status).toBe(400);
  });
});
