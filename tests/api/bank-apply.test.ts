import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/bank/lines/[id]/apply/route';
import { POST as undoRoute } from '@/app/api/bank/lines/[id]/undo/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { GET as exportRoute } from '@/app/api/bank/receipts/export/route';
import { GET as settingsRoute, PUT as saveSettingsRoute } from '@/app/api/bank/settings/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { GET as tdsRoute } from '@/app/api/bank/tds.xlsx/route';
import { ZBankLine, type TBankLine } from '@/lib/contract/bank';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog, bankPayers, bankReceipts } from '@/lib/db/schema';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, cookieForSession, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { csv, file, handClientDatabase, newClient, PASSWORD } from '../imports/helpers';

// A hand-built HDFC statement of five credits against a hand-built ledger, applied through the
// routes on PGlite and on PostgreSQL (TEST_DATABASE_URL). Balances added up by hand from 5,00,000.
//  L1 NEFT naming INV/2026/0901 (SG1, 50,000): exact.
//  L2 UPI from kaveri@oksbi (learned for KA1): 15,000 = three of KA1's four invoices (10,000 + 2,000 + 3,000).
//  L3 NEFT naming INV/2026/0904 (PT1, 1,18,000 of which 90,000 taxable, not the 1,00,000 GST at 18%
//     would give): 1,09,000, 194J at 10% of the taxable value = 9,000.
//  L4 IMPS naming INV/2026/0905 (MH1, 25,000): 24,960, ₹40 short, written off.
//  L5 NEFT from an unknown payer, 77,777: UNMATCHED.
const STATEMENT = csv([
  'HDFC BANK Ltd.,,,,,,',
  'Account No :50200099990000,,,,,,',
  ',,,,,,',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '********,********,********,********,********,********,********',
  '02/11/26,NEFT CR-SBIN0001234-SHREE GANESH TRADERS-INV20260901-SBINN52026110212345678,SBINN52026110212345678,02/11/26,,"50,000.00","5,50,000.00"',
  '03/11/26,UPI-KAVERI AGRO FOODS-kaveri@oksbi-SBIN0000123-430712345678-PAYMENT,0000430712345678,03/11/26,,"15,000.00","5,65,000.00"',
  '04/11/26,NEFT CR-HDFC0000001-PATIL DISTRIBUTORS-INV 2026 0904-HDFCH00395034887,HDFCH00395034887,04/11/26,,"1,09,000.00","6,74,000.00"',
  '05/11/26,IMPS-431012345678-MEHTA MEDICALS-KKBK-XXXXXXXX1234-INV20260905,0000431012345678,05/11/26,,"24,960.00","6,98,960.00"',
  '05/11/26,NEFT CR-UTIB0000456-RAMESH ENTERPRISES-PAYMENT-UTIBN52026110598765432,UTIBN52026110598765432,05/11/26,,"77,777.00","7,76,737.00"',
]);

const LEDGER = {
  'obligors.csv': csv([
    'sys_obligor_code,name',
    'SG1,Shree Ganesh Traders',
    'KA1,Kaveri Agro Foods',
    'PT1,Patil Distributors',
    'MH1,Mehta Medicals',
  ]),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,taxable_amount',
    'I-901,INV/2026/0901,SG1,2026-10-01,2026-10-31,50000.00,',
    'I-902,INV/2026/0902,KA1,2026-09-01,2026-10-01,10000.00,',
    'I-903,INV/2026/0903,KA1,2026-09-05,2026-10-05,2000.00,',
    'I-906,INV/2026/0906,KA1,2026-09-10,2026-10-10,3000.00,',
    'I-907,INV/2026/0907,KA1,2026-10-20,2026-11-19,7000.00,',
    'I-904,INV/2026/0904,PT1,2026-10-01,2026-10-31,118000.00,90000.00',
    'I-905,INV/2026/0905,MH1,2026-10-01,2026-10-31,25000.00,',
  ]),
};

let database: TestDatabase;
let hand: { clientId: number; email: string };
let admin: string;
let otherAdmin: string;
let lines: TBankLine[];

const importBatch = (files: Record<string, string>) =>
  runImport(database.db, {
    clientId: hand.clientId,
    userId: null,
    source: 'CLI',
    files: Object.entries(files).map(([name, content]) => file(name, content)),
  });

beforeAll(async () => {
  const setup = await handClientDatabase();
  database = setup.database;
  hand = setup.hand;
  admin = setup.cookie;
  const other = await newClient(database.db, 'OTHR');
  otherAdmin = (await sessionCookieFor(database.db, other.email, PASSWORD)).cookie;
  const report = await importBatch(LEDGER);
  expect(report.status).toBe('SUCCEEDED');
  await database.db
    .insert(bankPayers)
    .values({ clientId: hand.clientId, kind: 'VPA', value: 'kaveri@oksbi', sysObligorCode: 'KA1' });
}, 120_000);
afterAll(() => database?.close());

async function upload(cookie: string, content: string) {
  const form = new FormData();
  form.append('file', new File([content], 'hdfc-nov.csv', { type: 'text/csv' }));
  const response = await statementsRoute(
    new NextRequest('http://localhost:3000/api/bank/statements', { method: 'POST', body: form, headers: { cookie } }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

const apply = (cookie: string, id: number, body: unknown) =>
  callRoute(applyRoute, `/api/bank/lines/${id}/apply`, { method: 'POST', cookie, params: { id: String(id) }, body });
const undo = (cookie: string, id: number) =>
  callRoute(undoRoute, `/api/bank/lines/${id}/undo`, { method: 'POST', cookie, params: { id: String(id) } });

async function allLines(): Promise<TBankLine[]> {
  const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { count: '50' } });
  expect(answer.status).toBe(200);
  return (answer.json as unknown[]).map((l) => ZBankLine.parse(l));
}

/** What the ledger says of each invoice, and the cash received per customer (payments and receipts, TDS and write-off apart). */
async function ledger() {
  const items = await queryRows(
    database.db,
    sql`select sys_invoice_num as n, paid_to_date::text as paid, status from invoices where client_id = ${hand.clientId} order by 1`,
    row({ n: col.text, paid: col.text, status: col.text }),
  );
  const cash = await queryRows(
    database.db,
    sql`select code, sum(amount)::text as cash from (
          select sys_obligor_code as code, amount from receipts
            where client_id = ${hand.clientId} and payment_ref not like '%/TDS' and payment_ref not like '%/WO'
          union all select i.sys_obligor_code, p.amount from payments p join invoices i
            on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num where p.client_id = ${hand.clientId}) x
        group by code order by code`,
    row({ code: col.text, cash: col.text }),
  );
  return { items, cash };
}

const outstanding = async (code: string) =>
  (
    await queryRows(
      database.db,
      sql`select outstanding from obligor_ageing where client_id = ${hand.clientId} and sys_obligor_code = ${code}
          and as_of_date = (select max(as_of_date) from ageing_snapshots where client_id = ${hand.clientId})`,
      row({ outstanding: col.num }),
    )
  )[0]?.outstanding;

const splitOf = (l: TBankLine) => ({
  sysObligorCode: l.sysObligorCode!,
  allocations: l.allocations,
  tds: l.tds as { section: '194J'; amount: number } | null,
  writeOff: l.writeOff,
  onAccount: l.onAccount,
});

describe('cash application: settings, suggestions, apply, undo, export, the ERP copy', () => {
  it('settings: the defaults, then saved (nothing applied without a person by default)', async () => {
    const defaults = await callRoute(settingsRoute, '/api/bank/settings', { cookie: admin });
    expect(defaults.json).toMatchObject({ toleranceRupees: 100, autoApplyAbove: null, gstPercent: 18 });
    const saved = await callRoute(saveSettingsRoute, '/api/bank/settings', {
      method: 'PUT',
      cookie: admin,
      body: { ...(defaults.json as object), bankLedger: 'HDFC Bank A/c 0000', tdsLedger: 'TDS Receivable {section}' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ bankLedger: 'HDFC Bank A/c 0000', autoApplyAbove: null });
    const bad = await callRoute(saveSettingsRoute, '/api/bank/settings', {
      method: 'PUT',
      cookie: admin,
      body: { ...(defaults.json as object), gstPercent: 80 },
    });
    expect(bad.status).toBe(400);
  });

  it('the statement: four credits SUGGESTED with their evidence, the unknown payer UNMATCHED', async () => {
    const answer = await upload(admin, STATEMENT);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ lines: 5, matched: 0, suggested: 4, unmatched: 1, duplicates: 0 });
    lines = await allLines();
    expect(lines.map((l) => [l.status, l.sysObligorCode, l.allocations, l.tds, l.writeOff])).toEqual([
      ['SUGGESTED', 'SG1', [{ sysInvoiceNum: 'I-901', amount: 50_000 }], null, 0],
      [
        'SUGGESTED',
        'KA1',
        [
          { sysInvoiceNum: 'I-902', amount: 10_000 },
          { sysInvoiceNum: 'I-903', amount: 2_000 },
          { sysInvoiceNum: 'I-906', amount: 3_000 },
        ],
        null,
        0,
      ],
      ['SUGGESTED', 'PT1', [{ sysInvoiceNum: 'I-904', amount: 1_18_000 }], { section: '194J', amount: 9_000 }, 0],
      ['SUGGESTED', 'MH1', [{ sysInvoiceNum: 'I-905', amount: 25_000 }], null, 40],
      ['UNMATCHED', null, [], null, 0],
    ]);
    expect(lines[1]!.reasons[0]).toBe("the payer's UPI address paid this customer before");
    expect(lines[2]!.reasons).toContain('TDS 194J at 10%: ₹9,000.00');
    expect(lines[4]!.confidence).toBeNull();
    // The same statement again: every line a duplicate.
    expect((await upload(admin, STATEMENT)).json).toMatchObject({ lines: 5, duplicates: 5 });
  });

  it('needs APPLY_CASH: apply, undo, settings and the exports are 403 for staff without it', async () => {
    const { session } = await sessionCookieFor(database.db, hand.email, PASSWORD);
    const staff = await cookieForSession({ ...session, role: 'member', permissions: [] });
    const l1 = lines[0]!;
    expect((await apply(staff, l1.id, splitOf(l1))).status).toBe(403);
    expect((await undo(staff, l1.id)).status).toBe(403);
    expect((await callRoute(settingsRoute, '/api/bank/settings', { cookie: staff })).status).toBe(403);
    expect((await callRoute(exportRoute, '/api/bank/receipts/export', { cookie: staff })).status).toBe(403);
    expect((await callRoute(tdsRoute, '/api/bank/tds.xlsx', { cookie: staff })).status).toBe(403);
    expect((await apply('', l1.id, splitOf(l1))).status).toBe(401);
  });

  it('refuses a split that does not add up, an invoice of another customer, another client', async () => {
    const l1 = lines[0]!;
    const wrong = await apply(admin, l1.id, {
      ...splitOf(l1),
      allocations: [{ sysInvoiceNum: 'I-901', amount: 49_000 }],
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toMatch(/does not add up/);
    const notHis = await apply(admin, l1.id, {
      ...splitOf(l1),
      allocations: [{ sysInvoiceNum: 'I-905', amount: 25_000 }],
      writeOff: 0,
      onAccount: 25_000,
    });
    expect(notHis.status).toBe(400);
    const tooMuch = await apply(admin, l1.id, {
      ...splitOf(l1),
      allocations: [{ sysInvoiceNum: 'I-901', amount: 60_000 }],
      writeOff: 10_000,
    });
    expect(tooMuch.status).toBe(400);
    expect((await apply(otherAdmin, l1.id, splitOf(l1))).status).toBe(404);
    expect((await ledger()).items.every((i) => i.paid === '0.00')).toBe(true);
  });

  it('applies each suggestion: invoices settled (TDS and write-off included), payers learned, ageing at once, audited', async () => {
    expect(await outstanding('KA1')).toBe(22_000);
    for (const l of lines.slice(0, 4)) {
      const answer = await apply(admin, l.id, splitOf(l));
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: 'MATCHED', sysObligorCode: l.sysObligorCode, confidence: null });
    }
    const after = await ledger();
    expect(after.items).toEqual([
      { n: 'I-901', paid: '50000.00', status: 'CLOSED' },
      { n: 'I-902', paid: '10000.00', status: 'CLOSED' },
      { n: 'I-903', paid: '2000.00', status: 'CLOSED' },
      { n: 'I-904', paid: '118000.00', status: 'CLOSED' },
      { n: 'I-905', paid: '25000.00', status: 'CLOSED' },
      { n: 'I-906', paid: '3000.00', status: 'CLOSED' },
      { n: 'I-907', paid: '0.00', status: 'OPEN' },
    ]);
    // Cash as the bank received it; the TDS and the ₹40 are no cash.
    expect(after.cash).toEqual([
      { code: 'KA1', cash: '15000.00' },
      { code: 'MH1', cash: '24960.00' },
      { code: 'PT1', cash: '109000.00' },
      { code: 'SG1', cash: '50000.00' },
    ]);
    expect(await outstanding('KA1')).toBe(7_000);
    expect(await outstanding('PT1')).toBe(0);
    const learned = await database.db
      .select({ kind: bankPayers.kind, value: bankPayers.value, code: bankPayers.sysObligorCode })
      .from(bankPayers)
      .where(and(eq(bankPayers.clientId, hand.clientId), eq(bankPayers.sysObligorCode, 'SG1')));
    expect(learned.map((p) => p.kind)).toContain('NAME');
    const [tds] = await database.db
      .select()
      .from(bankReceipts)
      .where(and(eq(bankReceipts.clientId, hand.clientId), eq(bankReceipts.lineId, lines[2]!.id)));
    expect(tds).toMatchObject({
      tdsSection: '194J',
      tdsAmount: 900_000,
      tdsQuarter: '2026-27 Q3',
      received: 10_900_000,
    });
    const audited = await database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, hand.clientId), eq(auditLog.action, 'cash_applied')));
    expect(audited).toHaveLength(4);
    expect(audited[0]!.detail).toMatchObject({ before: { status: 'SUGGESTED' }, after: { status: 'MATCHED' } });
    // Applied twice: refused.
    expect((await apply(admin, lines[0]!.id, splitOf(lines[0]!))).status).toBe(409);
  });

  it('undo takes the receipt out again, and it can be applied again', async () => {
    const l1 = lines[0]!;
    const undone = await undo(admin, l1.id);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({
      status: 'SUGGESTED',
      allocations: [{ sysInvoiceNum: 'I-901', amount: 50_000 }],
    });
    expect((await ledger()).items[0]).toEqual({ n: 'I-901', paid: '0.00', status: 'OPEN' });
    expect(await outstanding('SG1')).toBe(50_000);
    expect((await apply(admin, l1.id, splitOf(l1))).status).toBe(200);
    expect(await outstanding('SG1')).toBe(0);
  });

  it('exports the applied receipts: CSV, and Tally XML with bill-wise lines, TDS and write-off under the ledger names set', async () => {
    const tally = await callRoute(exportRoute, '/api/bank/receipts/export', {
      cookie: admin,
      query: { format: 'tally' },
    });
    expect(tally.status).toBe(200);
    const xml = String(tally.json);
    expect(xml).toContain('<LEDGERNAME>HDFC Bank A/c 0000</LEDGERNAME>');
    expect(xml).toContain('<LEDGERNAME>TDS Receivable 194J</LEDGERNAME>');
    expect(xml).toContain('<LEDGERNAME>Discount Allowed</LEDGERNAME>');
    expect(xml).toContain('<NAME>INV/2026/0904</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>118000.00</AMOUNT>');
    expect(xml.match(/<VOUCHER /g)).toHaveLength(4);
    const list = await callRoute(exportRoute, '/api/bank/receipts/export', { cookie: admin, query: { format: 'csv' } });
    expect(String(list.json).trim().split('\n').length).toBeGreaterThan(4);
    const report = await callRoute(tdsRoute, '/api/bank/tds.xlsx', { cookie: admin });
    expect(report.status).toBe(200);
  });

  it('the ERP import brings the same receipts: each counts once, the ERP allocations stand, no figure changes', async () => {
    const before = await ledger();
    const ageing = [await outstanding('SG1'), await outstanding('PT1'), await outstanding('KA1')];
    const report = await importBatch({
      'payments.csv': csv([
        'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
        // Same customer, amount and day.
        'RV-1001,I-901,,Agst Ref,2026-11-02,50000.00',
        // The bank's UTR in the ERP's reference, a day later.
        'HDFCH00395034887,I-904,,Agst Ref,2026-11-05,109000.00',
      ]),
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(report.warnings.filter((w) => w.includes('counted once'))).toHaveLength(2);
    const after = await ledger();
    expect(after.items).toEqual(before.items);
    expect(after.cash).toEqual(before.cash);
    expect([await outstanding('SG1'), await outstanding('PT1'), await outstanding('KA1')]).toEqual(ageing);
    const recognised = await database.db
      .select({ line: bankReceipts.lineId, erp: bankReceipts.erpPaymentRef })
      .from(bankReceipts)
      .where(eq(bankReceipts.clientId, hand.clientId));
    expect(
      recognised
        .filter((r) => r.erp)
        .map((r) => r.erp)
        .sort(),
    ).toEqual(['HDFCH00395034887', 'RV-1001']);
    // Now the ERP's: no undo, no export.
    expect((await undo(admin, lines[0]!.id)).status).toBe(409);
    const xml = String(
      (await callRoute(exportRoute, '/api/bank/receipts/export', { cookie: admin, query: { format: 'tally' } })).json,
    );
    expect(xml.match(/<VOUCHER /g)).toHaveLength(2);
  });

  it('the other way round: a receipt the ERP brought first is refused when applied from the bank', async () => {
    await importBatch({
      'payments.csv': csv([
        'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
        'RV-1002,,MH1,On Account,2026-11-05,77777.00',
      ]),
    });
    const before = await ledger();
    const l5 = lines[4]!;
    const answer = await apply(admin, l5.id, { sysObligorCode: 'MH1', allocations: [], onAccount: 77_777 });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.json)).toMatch(/RV-1002/);
    expect(await ledger()).toEqual(before);
  });

  it('with an auto-apply threshold set, a sure match is applied at upload', async () => {
    const current = (await callRoute(settingsRoute, '/api/bank/settings', { cookie: admin })).json as object;
    await callRoute(saveSettingsRoute, '/api/bank/settings', {
      method: 'PUT',
      cookie: admin,
      body: { ...current, autoApplyAbove: 0.9 },
    });
    const next = csv([
      'HDFC BANK Ltd.,,,,,,',
      'Account No :50200099990000,,,,,,',
      ',,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '06/11/26,NEFT CR-ICIC0000777-KAVERI AGRO FOODS-INV20260907-ICICN52026110600001111,ICICN52026110600001111,06/11/26,,"7,000.00","7,83,737.00"',
    ]);
    const answer = await upload(admin, next);
    expect(answer.json).toMatchObject({ lines: 1, matched: 1, suggested: 0 });
    expect((await ledger()).items.find((i) => i.n === 'I-907')).toEqual({
      n: 'I-907',
      paid: '7000.00',
      status: 'CLOSED',
    });
    expect(await outstanding('KA1')).toBe(0);
  });
});
