import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { GET as behaviourRoute } from '@/app/api/v3/clients/payment_behaviour/route';
import type { TPaymentBehaviour } from '@/lib/contract/payment-behaviour';
import { GET as kpisRoute } from '@/app/api/v3/clients/kpis/route';
import type { TKpis } from '@/lib/contract/kpis';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * A three-invoice ledger imported through the product, whose month-end figures are worked out by
 * hand below, and the KPIs the call must give for September and October 2026.
 *
 *   I1 issued 10 Aug, due 9 Sep, ₹1,000: ₹400 paid 20 Sep, ₹600 on 10 Oct (settled after 61 days)
 *   I2 issued 15 Sep, due 15 Oct, ₹600: paid 20 Oct (settled after 35 days)
 *   I3 issued 5 Oct, due 4 Nov, ₹500: open
 *   31 Aug: owed 1,000, all current; sales of August 1,000
 *   30 Sep: owed 600 (I1, overdue) + 600 (I2, current) = 1,200, current 600; sales 600
 *   31 Oct: owed 500 (I3, current); sales 500
 */
let database: TestDatabase;
let admin: string;
let other: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'KPIS');
  const report = await runImport(database.db, {
    clientId: created.clientId,
    userId: null,
    source: 'CLI',
    today: '2026-11-20',
    files: [
      file('obligors.csv', csv(['sys_obligor_code,name', 'C1,Shree Balaji Traders', 'C2,Mahalaxmi Stores'])),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          'I1,INV/1,C1,2026-08-10,2026-09-09,1000',
          'I2,INV/2,C1,2026-09-15,2026-10-15,600',
          'I3,INV/3,C1,2026-10-05,2026-11-04,500',
        ]),
      ),
      file(
        'payments.csv',
        csv([
          'payment_ref,sys_invoice_num,paid_date,amount',
          'P1,I1,2026-09-20,400',
          'P2,I1,2026-10-10,600',
          'P3,I2,2026-10-20,600',
        ]),
      ),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  const second = await newClient(database.db, 'KPIOTHER');
  other = (await sessionCookieFor(database.db, second.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

const kpis = (cookie: string, query: Record<string, string | number>) =>
  callRoute(kpisRoute, '/api/v3/clients/kpis', { cookie, query });

describe('GET /v3/clients/kpis', () => {
  it('gives the hand-computed KPIs of September and October', async () => {
    const res = await kpis(admin, { fromDate: '2026-09-01', toDate: '2026-10-31' });
    expect(res.status).toBe(200);
    expect((res.json as TKpis).months).toEqual([
      {
        month: '2026-09',
        // 1,200 owed: September's 600 sales (30 days), then 600 of August's 1,000 over 31 days (18.6)
        countbackDso: 48.6,
        // (1,000 + 600 - 1,200) / (1,000 + 600 - 600)
        cei: 40,
        // 600 / 600 x 30
        bestPossibleDso: 30,
        add: 18.6,
        // 1,200 / 600 x 30
        simpleDso: 60,
        // nothing settled in September
        averageDaysToPay: null,
        currentShare: 50,
      },
      {
        month: '2026-10',
        // 500 owed, October's 500 sales over 31 days
        countbackDso: 31,
        // (1,200 + 500 - 500) / (1,200 + 500 - 500)
        cei: 100,
        bestPossibleDso: 31,
        add: 0,
        simpleDso: 31,
        // (1,000 x 61 + 600 x 35) / 1,600 = 51.25
        averageDaysToPay: 51.3,
        currentShare: 100,
      },
    ]);
  });

  it('gives the same for the family of C1 and nothing owed for C2', async () => {
    const all = (await kpis(admin, { fromDate: '2026-09-01', toDate: '2026-10-31' })).json as TKpis;
    const c1 = (await kpis(admin, { fromDate: '2026-09-01', toDate: '2026-10-31', sysObligorCode: 'C1' }))
      .json as TKpis;
    expect(c1.months).toEqual(all.months);
    const c2 = (await kpis(admin, { fromDate: '2026-09-01', toDate: '2026-10-31', sysObligorCode: 'C2' }))
      .json as TKpis;
    expect(c2.months.map((m) => [m.countbackDso, m.cei, m.simpleDso])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
  });

  it('puts the same figures in the collections workbook', async () => {
    const url = new URL('http://localhost:3000/api/reports/download.xlsx?report=COLLECTIONS_BY_MONTH&date=2026-10-31');
    const res = await downloadRoute(new NextRequest(url, { headers: { cookie: admin } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Collection KPIs')!;
    const headers = (sheet.getRow(3).values as unknown[]).slice(1);
    const row = (month: string) => {
      let found: unknown[] = [];
      sheet.eachRow((r) => {
        const values = (r.values as unknown[]).slice(1);
        if (values[0] === month) found = values;
      });
      return Object.fromEntries(headers.map((h, i) => [h, found[i] ?? null]));
    };
    expect(row('2026-09')).toMatchObject({
      'Countback DSO': 48.6,
      CEI: 40,
      'Best possible DSO': 30,
      'Monthly DSO': 60,
    });
    expect(row('2026-10')).toMatchObject({ 'Countback DSO': 31, CEI: 100, 'Days to pay': 51.3, 'Current share': 100 });
  });

  it("refuses bad input and another client's customer", async () => {
    expect((await kpis(admin, { fromDate: '2026-10-31', toDate: '2026-09-01' })).status).toBe(400);
    const both = await kpis(admin, { dim1Id: 1, sysObligorCode: 'C1' });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.json)).toMatch(/not several/);
    expect((await kpis(other, { sysObligorCode: 'C1' })).status).toBe(404);
  });
});

describe('GET /v3/clients/payment_behaviour', () => {
  const behaviour = (cookie: string, code: string) =>
    callRoute(behaviourRoute, '/api/v3/clients/payment_behaviour', { cookie, query: { sysObligorCode: code } });

  it('gives how C1 paid: I1 31 days late (due 9 Sep, settled 10 Oct), I2 5 days late', async () => {
    const res = await behaviour(admin, 'C1');
    expect(res.status).toBe(200);
    const b = res.json as TPaymentBehaviour;
    expect(b).toMatchObject({
      invoicesPaid: 2,
      amountPaid: 1600,
      // (1,000 x 31 + 600 x 5) / 1,600 = 21.25
      averageDaysLate: 21.3,
      lateShare: 100,
      months: [{ month: '2026-10', averageDaysLate: 21.3, amount: 1600 }],
    });
    expect(b.distribution.filter((d) => d.count > 0)).toEqual([
      { band: 'D1_15', label: '1-15 days late', count: 1, amount: 600, share: 37.5 },
      { band: 'D31_60', label: '31-60 days late', count: 1, amount: 1000, share: 62.5 },
    ]);
    const c2 = (await behaviour(admin, 'C2')).json as TPaymentBehaviour;
    expect([c2.invoicesPaid, c2.averageDaysLate, c2.lateShare]).toEqual([0, null, null]);
  });

  it("refuses a missing code and another client's customer", async () => {
    expect((await callRoute(behaviourRoute, '/api/v3/clients/payment_behaviour', { cookie: admin })).status).toBe(400);
    expect((await behaviour(other, 'C1')).status).toBe(404);
  });
});
