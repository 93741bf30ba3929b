import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GET as matrixRoute } from '@/app/api/provision/route';
import { PUT as adjustRoute } from '@/app/api/provision/adjustments/route';
import { ZProvisionQuery, type TProvision } from '@/lib/contract/provision';
import { provisionWorkbook } from '@/lib/server/provision/provision-workbook';
import { todayIso } from '@/lib/domain/dates';
import { runImport } from '@/lib/server/imports/run-import';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * The provision segmented by risk rating at 30/09/2026 (buckets 30/60/90), each customer's balance
 * of a month end in the segment of its rating at that month end:
 * - A, rated 1 throughout: IA 10,000 due 20/05, paid on 05/07; IA2 5,000 due 24/09.
 * - B, rated 3 throughout: IB 8,000 due 15/03, written off on 20/08; IB2 3,000 due 20/10.
 * - C, rated 1, then 3 from 15/05: IC 6,000 due 05/04, written off on 15/09; IC2 2,000 due 01/10.
 * - D, never rated: ID 1,000 due 10/10.
 *
 *   Rating 1     current   1-30  31-60  61-90    90+  written off in the month
 *   31/03         6,000 C
 *   30/04        10,000 A  6,000 C
 *   31/05                10,000 A                       (C is rated 3 from here)
 *   30/06                       10,000 A
 *   31/08         5,000 A
 *   30/09                 5,000 A
 *
 *   Rating 3
 *   28/02         8,000 B
 *   31/03                 8,000 B
 *   30/04                        8,000 B
 *   31/05                        6,000 C 8,000 B
 *   30/06                               6,000 C  8,000 B
 *   31/07                                       14,000 B+C
 *   31/08                                        6,000 C      8,000 (B)
 *   30/09         5,000 B+C                                   6,000 (C)
 *
 *   Unrated: 1,000 current at 30/09 alone.
 *
 * Roll rates (the 12 pairs of month ends from 30/09/2025):
 * - Rating 1: current (6,000 + 10,000 + 5,000 found a month on in 1-30) / (6,000 + 10,000 + 5,000) = 1;
 *   1-30 10,000 / (6,000 + 10,000) = 5/8: C's 6,000 sits in 31-60 at 31/05, but rated 3 by then;
 *   31-60 0 / 10,000 (paid): every loss rate 0, 5,000 in 1-30 carries none.
 * - Rating 3: current 8,000 / 8,000, 1-30 (8,000 + C's 6,000, which left rating 1's 1-30 at 30/04 and is
 *   found in rating 3's 31-60 at 31/05) / 8,000, 100% at most; 31-60 (8,000 + 6,000) / (8,000 + 6,000),
 *   61-90 (what entered 90+: 8,000 by 30/06, 6,000 by 31/07, 0 by 31/08 (6,000 - 14,000 + 8,000),
 *   0 by 30/09 (0 - 6,000 + 6,000)) 14,000 / 14,000, 90+ written off (8,000 + 6,000) / (8,000 +
 *   14,000 + 6,000) = 1/2: every loss rate 1/2, 5,000 current x 1/2 = 2,500.
 * - Unrated: no history, every rate 0.
 *
 * Written off later (the 12 month ends from 31/10/2025), per bucket:
 * - Rating 1: IC (written off on 15/09) was in current at 31/03 and 1-30 at 30/04 while rated 1:
 *   current 6,000 / 21,000 = 2/7, 1-30 6,000 / (6,000 + 10,000 + 5,000) = 2/7, 31-60 0 / 10,000;
 *   5,000 x 2/7 = 1,428.57.
 * - Rating 3: current IB's 8,000 / (8,000 + 5,000) = 8/13, 1-30 8,000 / 8,000, 31-60 (8,000 + 6,000) /
 *   14,000, 61-90 14,000 / 14,000, 90+ (8,000 x 2 + 6,000 x 2) / 28,000: 5,000 x 8/13 = 3,076.92.
 * Allowance 4,505.49.
 */
const DATE = '2026-09-30';
let database: TestDatabase;
let clientId: number;
let admin: string;
let fromLedger: { status: number; json: unknown }[];

beforeAll(async () => {
  database = await createTestDatabase();
  let email: string;
  ({ clientId, email } = await newClient(database.db, 'PROVRT'));
  admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today: todayIso(),
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name',
          'A,Ambika Traders',
          'B,Balaji Stores',
          'C,Chandra Agencies',
          'D,Durga Enterprises',
        ]),
      ),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
          'IA,I/A,A,INVOICE,2026-04-20,2026-05-20,10000,',
          'IA2,I/A2,A,INVOICE,2026-08-25,2026-09-24,5000,',
          'IB,I/B,B,INVOICE,2026-02-13,2026-03-15,8000,',
          'WB,W/B,B,WRITE_OFF,2026-08-20,2026-08-20,8000,IB',
          'IB2,I/B2,B,INVOICE,2026-09-20,2026-10-20,3000,',
          'IC,I/C,C,INVOICE,2026-03-06,2026-04-05,6000,',
          'WC,W/C,C,WRITE_OFF,2026-09-15,2026-09-15,6000,IC',
          'IC2,I/C2,C,INVOICE,2026-09-01,2026-10-01,2000,',
          'ID,I/D,D,INVOICE,2026-09-10,2026-10-10,1000,',
        ]),
      ),
      file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,IA,2026-07-05,10000'])),
      file(
        'ratings.csv',
        csv([
          'sys_obligor_code,rating_date,rating',
          'A,2025-01-01,1',
          'B,2025-01-01,3',
          'C,2025-01-01,1',
          'C,2026-05-15,3',
        ]),
      ),
    ],
  });
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  // Right after the import, before the ageing history is rebuilt: read from the ledger.
  fromLedger = await Promise.all(
    (['ROLL_RATE', 'WRITTEN_OFF'] as const).map((method) =>
      callRoute(matrixRoute, '/api/provision', {
        cookie: admin,
        query: { date: DATE, months: 12, method, segment: 'RATING' },
      }),
    ),
  );
  expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
});
afterAll(() => database?.dispose());

async function matrix(query: Record<string, string | number>) {
  const res = await callRoute(matrixRoute, '/api/provision', {
    cookie: admin,
    query: { date: DATE, months: 12, segment: 'RATING', ...query },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TProvision;
}

const NAMES = ['Rating 1 (low risk)', 'Rating 3 (high risk)', 'Unrated'];

describe('the provision matrix by risk rating', () => {
  it('is reproduced by hand by the roll-rate method, each month end in the rating of its day', async () => {
    const m = await matrix({ method: 'ROLL_RATE' });
    expect(m.segmentBy).toBe('RATING');
    expect(m.segments.map((s) => [s.segment, s.key])).toEqual([
      [NAMES[0], '1'],
      [NAMES[1], '3'],
      [NAMES[2], '0'],
    ]);
    const [low, high, unrated] = m.segments;
    expect(low!.buckets.map((b) => [b.working.numerator, b.working.denominator])).toEqual([
      [21000, 21000],
      [10000, 16000],
      [0, 10000],
      [0, 0],
      [0, 0],
    ]);
    expect(low!.buckets.map((b) => b.balance)).toEqual([0, 5000, 0, 0, 0]);
    expect(low!.allowance).toBe(0);
    expect(high!.buckets.map((b) => [b.working.numerator, b.working.denominator])).toEqual([
      [8000, 8000],
      [14000, 8000],
      [14000, 14000],
      [14000, 14000],
      [14000, 28000],
    ]);
    expect(high!.buckets.map((b) => b.lossRate)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5]);
    // Today's balances in today's rating: C's 2,000 with B's 3,000 in rating 3.
    expect(high!.buckets.map((b) => b.balance)).toEqual([5000, 0, 0, 0, 0]);
    expect(high!.allowance).toBe(2500);
    expect(unrated!.buckets.map((b) => b.balance)).toEqual([1000, 0, 0, 0, 0]);
    expect(unrated!.buckets.every((b) => b.lossRate === 0)).toBe(true);
    expect(m).toMatchObject({ allowance: 2500, balance: 11000, writtenOff: 14000, previousAllowance: 0 });
  });

  it('is reproduced by hand by the written-off-later method', async () => {
    const m = await matrix({ method: 'WRITTEN_OFF' });
    const [low, high] = m.segments;
    expect(low!.buckets.map((b) => [b.working.numerator, b.working.denominator])).toEqual([
      [6000, 21000],
      [6000, 21000],
      [0, 10000],
      [0, 0],
      [0, 0],
    ]);
    expect(low!.allowance).toBe(1428.57);
    expect(high!.buckets.map((b) => [b.working.numerator, b.working.denominator])).toEqual([
      [8000, 13000],
      [8000, 8000],
      [14000, 14000],
      [14000, 14000],
      [28000, 28000],
    ]);
    expect(high!.allowance).toBe(3076.92);
    expect(m.allowance).toBe(4505.49);
  });

  it('answers right after an import, from the ledger, what the rebuilt history gives', async () => {
    expect(fromLedger.map((r) => r.status)).toEqual([200, 200]);
    expect(fromLedger[0]!.json).toEqual(await matrix({ method: 'ROLL_RATE' }));
    expect(fromLedger[1]!.json).toEqual(await matrix({ method: 'WRITTEN_OFF' }));
  });

  it("takes an adjustment per rating, kept apart from the other segmentations' keys", async () => {
    const res = await callRoute(adjustRoute, '/api/provision/adjustments', {
      method: 'PUT',
      cookie: admin,
      body: { segmentBy: 'RATING', key: '3', percent: 20, reason: 'High-risk dealers: credit tightening ahead' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const m = await matrix({ method: 'ROLL_RATE' });
    const high = m.segments.find((s) => s.key === '3')!;
    expect(high.adjustment).toEqual({ percent: 20, reason: 'High-risk dealers: credit tightening ahead' });
    // 5,000 x 1/2 x 1.2
    expect(high.allowance).toBe(3000);
    expect(m.segments.find((s) => s.key === '1')!.adjustment).toBeNull();
    // Not the adjustment of a dimension value whose id is 3, nor of all customers.
    const all = await matrix({ method: 'ROLL_RATE', segment: 'NONE' });
    expect(all.segments[0]!.adjustment).toBeNull();
    const unknown = await callRoute(adjustRoute, '/api/provision/adjustments', {
      method: 'PUT',
      cookie: admin,
      body: { segmentBy: 'RATING', key: '4', percent: 20, reason: 'No such rating in the scale' },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('a rating: 1, 2 or 3');
    const bad = await callRoute(matrixRoute, '/api/provision', {
      cookie: admin,
      query: { date: DATE, segment: 'RISK' },
    });
    expect(bad.status).toBe(400);
  });

  it('gives a workbook with the rating segments', async () => {
    const response = await provisionWorkbook(
      database.db,
      clientId,
      ZProvisionQuery.parse({ clientId, date: DATE, months: 12, segment: 'RATING' }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const segments = new Set<string>();
    book.getWorksheet('Matrix')!.eachRow((r) => {
      const label = String(r.getCell(1).value ?? '');
      if (NAMES.includes(label)) segments.add(label);
    });
    expect([...segments]).toEqual(NAMES);
    const titles: string[] = [];
    book.getWorksheet('Working')!.eachRow((r) => {
      const label = String(r.getCell(1).value ?? '');
      if (NAMES.includes(label)) titles.push(label);
    });
    expect(titles).toEqual(NAMES);
  });
});
