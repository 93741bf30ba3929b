import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as settingsRoute, PUT as saveSettingsRoute } from '@/app/api/bank/settings/route';
import { bankLines, bankPayers } from '@/lib/db/schema';
import { importStatement } from '@/lib/server/bank/store-statement';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { csv, file, handClientDatabase } from '../imports/helpers';

// The last two kinds of evidence, on a hand-built ledger (PGlite, and PostgreSQL with
// TEST_DATABASE_URL), the client auto-applying from 0.5, the lowest it may set:
//  Shree Ganesh Traders (SGP) heads a family with its Pune (SGPUN) and Nashik (SGNSK) accounts.
//  L1 UPI from sgpune@okhdfcbank (learned for SGPUN): 57,500 = SGP's 40,000 + SGNSK's 17,500,
//     nothing of SGPUN's own (25,000, 9,876).
//  L2 UPI naming the code SGNSK: 90,750 = the family's four bills due before 10/11/2026
//     (40,000 + 25,000 + 17,500 + 8,250); SGNSK's own are 25,750.
//  L3 a cash deposit naming nobody, 23,456.78: exactly KA1's INV/2026/0201, owed by nobody else.
//  L4 a cheque deposit naming nobody, 12,000: owed by PT1 and by MH1.
//  L5 NEFT from an unknown payer, 77,777: owed by nobody, with or without TDS.
//  L6 a cheque deposit naming nobody, 99,910: MH1's 1,00,000 (90,000 taxable) less 194Q at 0.1% (90).
//  (A payer named in the narration but no customer's is one we do not know: left unmatched, never
//  guessed at by its amount: L5, and tests/api/bank-advice.test.ts's RAMESH ENTERPRISES.)
const STATEMENT = csv([
  'Account No :50200099990000,,,,,,',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '10/11/26,UPI-SHREE GANESH PUNE-sgpune@okhdfcbank-HDFC0000123-430712345001-PAYMENT,0000430712345001,10/11/26,,"57,500.00","5,57,500.00"',
  '10/11/26,UPI-SHREE GANESH NASIK-sgnsk@oksbi-SBIN0000123-430712345002-dues SGNSK,0000430712345002,10/11/26,,"90,750.00","6,48,250.00"',
  '10/11/26,CASH DEPOSIT-PUNE CAMP BRANCH,,10/11/26,,"23,456.78","6,71,706.78"',
  '10/11/26,CHQ DEP 004513 CLG,004513,10/11/26,,"12,000.00","6,83,706.78"',
  '10/11/26,NEFT CR-UTIB0000456-MAHESH STORES-PAYMENT-UTIBN52026111098765403,UTIBN52026111098765403,10/11/26,,"77,777.00","7,61,483.78"',
  '10/11/26,CHQ DEP 004514 CLG,004514,10/11/26,,"99,910.00","8,61,393.78"',
]);

const LEDGER = {
  'obligors.csv': csv([
    'sys_obligor_code,name,parent_sys_obligor_code',
    'SGP,Shree Ganesh Traders,',
    'SGPUN,Shree Ganesh Traders Pune,SGP',
    'SGNSK,Shree Ganesh Traders Nashik,SGP',
    'KA1,Kaveri Agro Foods,',
    'PT1,Patil Distributors,',
    'MH1,Mehta Medicals,',
  ]),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,taxable_amount',
    'I-101,INV/2026/0101,SGP,2026-09-01,2026-09-30,40000.00,',
    'I-105,INV/2026/0105,SGP,2026-10-15,2026-12-15,11111.00,',
    'I-102,INV/2026/0102,SGPUN,2026-09-10,2026-10-10,25000.00,',
    'I-106,INV/2026/0106,SGPUN,2026-10-20,2026-12-20,9876.00,',
    'I-103,INV/2026/0103,SGNSK,2026-09-20,2026-10-20,17500.00,',
    'I-104,INV/2026/0104,SGNSK,2026-10-05,2026-11-05,8250.00,',
    'I-201,INV/2026/0201,KA1,2026-10-01,2026-10-31,23456.78,',
    'I-301,INV/2026/0301,PT1,2026-10-01,2026-10-31,12000.00,',
    'I-401,INV/2026/0401,MH1,2026-10-03,2026-11-02,12000.00,',
    'I-402,INV/2026/0402,MH1,2026-10-05,2026-11-04,100000.00,90000.00',
  ]),
};

let database: TestDatabase;
let clientId: number;
let outcome: Awaited<ReturnType<typeof importStatement>>;
let lines: (typeof bankLines.$inferSelect)[];

beforeAll(async () => {
  const setup = await handClientDatabase();
  database = setup.database;
  clientId = setup.hand.clientId;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    files: Object.entries(LEDGER).map(([name, content]) => file(name, content)),
  });
  expect(report.status).toBe('SUCCEEDED');
  await database.db
    .insert(bankPayers)
    .values({ clientId, kind: 'VPA', value: 'sgpune@okhdfcbank', sysObligorCode: 'SGPUN' });
  const current = (await callRoute(settingsRoute, '/api/bank/settings', { cookie: setup.cookie })).json as object;
  const saved = await callRoute(saveSettingsRoute, '/api/bank/settings', {
    method: 'PUT',
    cookie: setup.cookie,
    body: { ...current, autoApplyAbove: 0.5 },
  });
  expect(saved.status).toBe(200);
  outcome = await importStatement(
    database.db,
    { clientId, userId: null },
    { file: file('hdfc-nov.csv', STATEMENT), account: 'HDFC current', mapping: null },
  );
  lines = await database.db
    .select()
    .from(bankLines)
    .where(and(eq(bankLines.clientId, clientId)))
    .orderBy(asc(bankLines.fileLine));
  if (process.env.DEBUG_LINES)
    console.info(
      JSON.stringify(
        lines.map((l) => [l.status, l.suggestions]),
        null,
        1,
      ),
    );
}, 120_000);
afterAll(() => database?.close());

const invoicesOf = (line: (typeof lines)[number], i = 0) =>
  line.suggestions[i]?.allocations.map((a) => a.sysInvoiceNum);

describe("a known payer's family", () => {
  it('pays two bills of two other accounts of the family: suggested, never applied alone', () => {
    const [l1] = lines;
    expect(l1!.status).toBe('SUGGESTED');
    const best = l1!.suggestions[0]!;
    expect(invoicesOf(l1!)).toEqual(['I-101', 'I-103']);
    // The paying account's receipt, its bills the family's.
    expect(best.sysObligorCode).toBe('SGPUN');
    expect(best.confidence).toBe(0.72); // 0.85 a UPI address, less 0.1 the family, less 0.03 a second bill
    expect(best.reasons).toEqual([
      "the payer's UPI address paid this customer before",
      'the amount pays 2 bills of the Shree Ganesh Traders group: INV/2026/0101 (I-101), INV/2026/0103 (I-103)',
    ]);
  });

  it("pays the family's whole overdue: recognised as such", () => {
    const l2 = lines[1]!;
    expect(l2.status).toBe('SUGGESTED');
    expect(invoicesOf(l2)).toEqual(['I-101', 'I-102', 'I-103', 'I-104']);
    expect(l2.suggestions[0]!.sysObligorCode).toBe('SGNSK');
    expect(l2.suggestions[0]!.confidence).toBe(0.61); // 0.8 the code, less 0.1 the family, less 3 × 0.03
    expect(l2.suggestions[0]!.reasons[1]).toBe(
      'the amount pays the whole overdue of the Shree Ganesh Traders group, 4 bills: INV/2026/0101 (I-101), INV/2026/0102 (I-102), INV/2026/0103 (I-103), INV/2026/0104 (I-104)',
    );
  });
});

describe('the amount alone, when nothing names the payer', () => {
  it("one customer's open invoice of that amount exactly: suggested with it, not applied though the client auto-applies", () => {
    const l3 = lines[2]!;
    expect(l3.status).toBe('SUGGESTED');
    expect(l3.suggestions).toHaveLength(1);
    expect(l3.suggestions[0]).toMatchObject({
      sysObligorCode: 'KA1',
      allocations: [{ sysInvoiceNum: 'I-201', amount: 2_345_678 }],
      confidence: 0.6,
      reasons: ['the amount equals INV/2026/0201 (I-201) of KA1 exactly; nothing else names the payer'],
    });
    expect(outcome).toMatchObject({ lines: 6, matched: 0, suggested: 5, unmatched: 1 });
  });

  it('the same amount owed by two customers: both suggested, less sure, neither first', () => {
    const l4 = lines[3]!;
    expect(l4.status).toBe('SUGGESTED');
    expect(
      l4.suggestions.map((s) => [s.sysObligorCode, invoicesOf(l4, l4.suggestions.indexOf(s)), s.confidence]),
    ).toEqual([
      ['MH1', ['I-401'], 0.52],
      ['PT1', ['I-301'], 0.52],
    ]);
    expect(l4.suggestions[0]!.reasons[1]).toBe('2 customers owe this amount: only a person can tell which paid');
  });

  it('an amount nobody owes: unmatched', () => {
    expect(lines[4]).toMatchObject({ status: 'UNMATCHED', suggestions: [], sysObligorCode: null });
  });

  it('the amount less a usual TDS rate, to the paisa: suggested with the TDS', () => {
    const l6 = lines[5]!;
    expect(l6.status).toBe('SUGGESTED');
    expect(l6.suggestions[0]).toMatchObject({
      sysObligorCode: 'MH1',
      allocations: [{ sysInvoiceNum: 'I-402', amount: 10_000_000 }],
      tds: { section: '194Q', amount: 9_000 },
      confidence: 0.58,
    });
    expect(l6.suggestions[0]!.reasons[0]).toBe(
      'the amount equals INV/2026/0402 (I-402) of MH1 (₹1,00,000.00) less TDS 194Q at 0.1% (₹90.00) exactly; nothing else names the payer',
    );
  });
});
