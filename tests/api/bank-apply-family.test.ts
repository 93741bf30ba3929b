import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/bank/lines/[id]/apply/route';
import { POST as undoRoute } from '@/app/api/bank/lines/[id]/undo/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { GET as exportRoute } from '@/app/api/bank/receipts/export/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { ZBankLine, type TBankLine } from '@/lib/contract/bank';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog, bankPayers, bankReceipts } from '@/lib/db/schema';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * One credit paying bills of two accounts of a family, applied as a receipt per account (PGlite,
 * and PostgreSQL with TEST_DATABASE_URL). Today T; the family SG (Shree Ganesh Traders, no bills of
 * its own) with its accounts SGPUN and SGMUM, every bill overdue:
 *   I-101 SGPUN ₹30,000 due T-30    I-102 SGPUN ₹5,000 due T-10     SGPUN owes ₹35,000
 *   I-201 SGMUM ₹20,000 due T-20    I-202 SGMUM ₹8,000 due T-5      SGMUM owes ₹28,000
 * The family owes ₹63,000. A UPI of ₹50,000 on T-3 from sgpune@oksbi (learned for SGPUN): more
 * than SGPUN owes, so the family is searched; 50,000 = 30,000 + 20,000 is the only combination of
 * its bills, I-101 and I-201. Confirmed: BANK-{line} (SGPUN, ₹30,000 against I-101) and
 * BANK-{line}-2 (SGMUM, ₹20,000 against I-201); SGPUN owes ₹5,000, SGMUM ₹8,000, the family ₹13,000.
 * Then a cheque of ₹13,000 deposited on T-2 pays the other two bills (two receipts), and comes back
 * unpaid on T-1: both receipts out of the ledger, I-102 and I-202 open again.
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;
let T: string;
let paidOn: string;
const UTR = 'SBIN526110712345';

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const importBatch = (files: Record<string, string>) =>
  runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today: T,
    files: Object.entries(files).map(([name, content]) => file(name, content)),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'FAMAP');
  clientId = created.clientId;
  T = await clientToday(database.db, clientId);
  paidOn = daysFrom(T, -3);
  const day = (n: number) => daysFrom(T, n);
  const report = await importBatch({
    'obligors.csv': csv([
      'sys_obligor_code,name,parent_sys_obligor_code,email',
      'SG,Shree Ganesh Traders,,accounts@sg.example',
      'SGPUN,Shree Ganesh Pune,SG,',
      'SGMUM,Shree Ganesh Mumbai,SG,',
      'OT,Other Traders,,',
    ]),
    'invoices.csv': csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
      `I-101,INV/101,SGPUN,INVOICE,${day(-60)},${day(-30)},30000,INR`,
      `I-102,INV/102,SGPUN,INVOICE,${day(-40)},${day(-10)},5000,INR`,
      `I-201,INV/201,SGMUM,INVOICE,${day(-50)},${day(-20)},20000,INR`,
      `I-202,INV/202,SGMUM,INVOICE,${day(-35)},${day(-5)},8000,INR`,
      `I-901,INV/901,OT,INVOICE,${day(-35)},${day(-5)},50000,INR`,
    ]),
  });
  expect(report.status).toBe('SUCCEEDED');
  await database.db
    .insert(bankPayers)
    .values({ clientId, kind: 'VPA', value: 'sgpune@oksbi', sysObligorCode: 'SGPUN' });
  cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
}, 120_000);
afterAll(() => database?.dispose());

async function upload(name: string, rows: string[]) {
  const form = new FormData();
  const content = csv(['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', ...rows]);
  form.append('file', new File([content], name, { type: 'text/csv' }));
  const response = await statementsRoute(
    new NextRequest('http://localhost:3000/api/bank/statements', { method: 'POST', body: form, headers: { cookie } }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

const apply = (id: number, body: unknown) =>
  callRoute(applyRoute, `/api/bank/lines/${id}/apply`, { method: 'POST', cookie, params: { id: String(id) }, body });
const undo = (id: number) =>
  callRoute(undoRoute, `/api/bank/lines/${id}/undo`, { method: 'POST', cookie, params: { id: String(id) } });

async function theLine(): Promise<TBankLine> {
  const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie, query: { count: 10 } });
  expect(answer.status).toBe(200);
  const [line] = (answer.json as unknown[]).map((l) => ZBankLine.parse(l));
  return line!;
}

/** The figures the product shows: each account's ageing, the family's on the list and the worklist, each bill's paid. */
async function figures() {
  const accounts = await queryRows(
    database.db,
    sql`select sys_obligor_code as code, outstanding, overdue from obligor_ageing where client_id = ${clientId}
          and sys_obligor_code in ('SGPUN', 'SGMUM')
          and as_of_date = (select max(as_of_date) from ageing_snapshots where client_id = ${clientId})
        order by 1`,
    row({ code: col.text, outstanding: col.num, overdue: col.num }),
  );
  const list = await callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie, query: { count: 10 } });
  expect(list.status).toBe(200);
  const family = (list.json as { sysObligorCode: string; overdue: number; outstanding: number }[]).find(
    (r) => r.sysObligorCode === 'SG',
  );
  const worklist = await callRoute(worklistRoute, '/api/collections/worklist', { cookie });
  expect(worklist.status).toBe(200);
  const entry = (worklist.json as { sysObligorCode: string; overdue: number }[]).find((r) => r.sysObligorCode === 'SG');
  const paid = await queryRows(
    database.db,
    sql`select sys_invoice_num as n, paid_to_date::text as paid from invoices where client_id = ${clientId} order by 1`,
    row({ n: col.text, paid: col.text }),
  );
  const cash = await queryRows(
    database.db,
    sql`select code, sum(amount)::text as cash from (
          select sys_obligor_code as code, amount from receipts where client_id = ${clientId}
          union all select i.sys_obligor_code, p.amount from payments p join invoices i
            on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num where p.client_id = ${clientId}) x
        group by code order by code`,
    row({ code: col.text, cash: col.text }),
  );
  return {
    accounts: Object.fromEntries(accounts.map((a) => [a.code, { outstanding: a.outstanding, overdue: a.overdue }])),
    family: { outstanding: family?.outstanding, overdue: family?.overdue },
    worklist: entry?.overdue,
    paid: Object.fromEntries(paid.map((p) => [p.n, p.paid])),
    cash: Object.fromEntries(cash.map((c) => [c.code, c.cash])),
  };
}

const ourReceipts = () =>
  queryRows(
    database.db,
    sql`select payment_ref as ref, sys_obligor_code as code, amount::text from receipts
        where client_id = ${clientId} and payment_ref like 'BANK-%' order by length(payment_ref), 1`,
    row({ ref: col.text, code: col.text, amount: col.text }),
  );

const BEFORE = {
  accounts: { SGMUM: { outstanding: 28_000, overdue: 28_000 }, SGPUN: { outstanding: 35_000, overdue: 35_000 } },
  family: { outstanding: 63_000, overdue: 63_000 },
  worklist: 63_000,
};
const AFTER = {
  accounts: { SGMUM: { outstanding: 8_000, overdue: 8_000 }, SGPUN: { outstanding: 5_000, overdue: 5_000 } },
  family: { outstanding: 13_000, overdue: 13_000 },
  worklist: 13_000,
};

describe("a family's credit, applied as a receipt per account", () => {
  let line: TBankLine;
  let split: { sysObligorCode: string; allocations: { sysInvoiceNum: string; amount: number }[] };

  it('is suggested across the two accounts, each bill named with its account', async () => {
    expect(await figures()).toMatchObject(BEFORE);
    const uploaded = await upload('hdfc-1.csv', [
      `${dmy(paidOn)},UPI-SHREE GANESH PUNE-sgpune@oksbi-SBIN0000123-${UTR}-PAYMENT,${UTR},${dmy(paidOn)},,"50,000.00","1,50,000.00"`,
    ]);
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    line = await theLine();
    expect(line).toMatchObject({
      status: 'SUGGESTED',
      sysObligorCode: 'SGPUN',
      familyCode: 'SG',
      allocations: [
        { sysInvoiceNum: 'I-101', amount: 30_000 },
        { sysInvoiceNum: 'I-201', amount: 20_000 },
      ],
      invoiceAccounts: {
        'I-101': { sysObligorCode: 'SGPUN', name: 'Shree Ganesh Pune' },
        'I-201': { sysObligorCode: 'SGMUM', name: 'Shree Ganesh Mumbai' },
      },
      onAccount: 0,
    });
    split = { sysObligorCode: line.sysObligorCode!, allocations: line.allocations };
  });

  it('refuses with a field message: a bill of another family, a split that does not add up, more than is open, a bill settled by TDS alone', async () => {
    const other = await apply(line.id, {
      ...split,
      allocations: [split.allocations[0], { sysInvoiceNum: 'I-901', amount: 20_000 }],
    });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.json)).toMatch(/I-901: not an invoice of SGPUN or of its family/);
    const short = await apply(line.id, {
      ...split,
      allocations: [split.allocations[0], { sysInvoiceNum: 'I-201', amount: 19_000 }],
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toMatch(/does not add up/);
    const tooMuch = await apply(line.id, {
      sysObligorCode: 'SG',
      allocations: [
        { sysInvoiceNum: 'I-101', amount: 30_000 },
        { sysInvoiceNum: 'I-202', amount: 9_000 },
      ],
      onAccount: 11_000,
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.json)).toMatch(/I-202: more than is open/);
    // ₹8,000 of TDS goes to the first bill, SGMUM's only one, whole: its receipt would take no money.
    const bare = await apply(line.id, {
      ...split,
      allocations: [
        { sysInvoiceNum: 'I-202', amount: 8_000 },
        { sysInvoiceNum: 'I-101', amount: 30_000 },
        { sysInvoiceNum: 'I-102', amount: 5_000 },
      ],
      tds: { section: '194C', amount: 8_000 },
      onAccount: 15_000,
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.json)).toMatch(/bills of SGMUM would be settled by TDS and write-off alone/);
    expect(await ourReceipts()).toEqual([]);
  });

  it('Confirm writes two receipts, each account ages down by its bill, the family and worklist by both', async () => {
    const answer = await apply(line.id, split);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      status: 'MATCHED',
      sysObligorCode: 'SGPUN',
      allocations: split.allocations,
      reasons: [`applied as receipt BANK-${line.id}`, `applied as receipt BANK-${line.id}-2`],
    });
    expect(await ourReceipts()).toEqual([
      { ref: `BANK-${line.id}`, code: 'SGPUN', amount: '30000.00' },
      { ref: `BANK-${line.id}-2`, code: 'SGMUM', amount: '20000.00' },
    ]);
    const links = await database.db
      .select({ ref: bankReceipts.paymentRef, code: bankReceipts.sysObligorCode, received: bankReceipts.received })
      .from(bankReceipts)
      .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, line.id)));
    expect(links.sort((a, b) => a.ref.length - b.ref.length)).toEqual([
      { ref: `BANK-${line.id}`, code: 'SGPUN', received: 30_000_00 },
      { ref: `BANK-${line.id}-2`, code: 'SGMUM', received: 20_000_00 },
    ]);
    expect(await figures()).toMatchObject({
      ...AFTER,
      paid: { 'I-101': '30000.00', 'I-102': '0.00', 'I-201': '20000.00', 'I-202': '0.00' },
      cash: { SGMUM: '20000.00', SGPUN: '30000.00' },
    });
    const [audit] = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, 'cash_applied')));
    expect(audit?.detail).toMatchObject({
      after: { received: 50_000_00, receipts: [{ sysObligorCode: 'SGPUN' }, { sysObligorCode: 'SGMUM' }] },
    });
    // The export lists each receipt, under its account's name.
    const xml = String(
      (await callRoute(exportRoute, '/api/bank/receipts/export', { cookie, query: { format: 'tally' } })).json,
    );
    expect(xml.match(/<VOUCHER /g)).toHaveLength(2);
    expect(xml).toContain('Shree Ganesh Pune');
    expect(xml).toContain('Shree Ganesh Mumbai');
  });

  it('undo takes both receipts out, every figure back', async () => {
    const answer = await undo(line.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'SUGGESTED' });
    expect(await ourReceipts()).toEqual([]);
    const links = await database.db.select().from(bankReceipts).where(eq(bankReceipts.clientId, clientId));
    expect(links).toEqual([]);
    expect(await figures()).toMatchObject({ ...BEFORE, paid: { 'I-101': '0.00', 'I-201': '0.00' } });
  });

  it('applied as the parent, then the ERP brings the two receipts: each counts once, no figure changes', async () => {
    // The parent named: the bills still make a receipt per account of theirs.
    expect((await apply(line.id, { ...split, sysObligorCode: 'SG' })).status).toBe(200);
    expect((await ourReceipts()).map((r) => r.code)).toEqual(['SGPUN', 'SGMUM']);
    const before = await figures();
    expect(before).toMatchObject(AFTER);
    const report = await importBatch({
      'payments.csv': csv([
        'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
        // Same customer, amount and day.
        `RV-2001,I-101,,Agst Ref,${paidOn},30000.00`,
        // The bank's UTR in the reference: it names both receipts, but SGMUM's own amount is this one.
        `ERP-${UTR},I-201,,Agst Ref,${paidOn},20000.00`,
      ]),
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(report.warnings.filter((w) => w.includes('counted once'))).toHaveLength(2);
    const after = await figures();
    expect(after).toEqual(before);
    const recognised = await database.db
      .select({ ref: bankReceipts.paymentRef, erp: bankReceipts.erpPaymentRef })
      .from(bankReceipts)
      .where(eq(bankReceipts.clientId, clientId));
    expect(recognised.sort((a, b) => a.ref.length - b.ref.length)).toEqual([
      { ref: `BANK-${line.id}`, erp: 'RV-2001' },
      { ref: `BANK-${line.id}-2`, erp: `ERP-${UTR}` },
    ]);
    expect((await undo(line.id)).status).toBe(409);
    const xml = String(
      (await callRoute(exportRoute, '/api/bank/receipts/export', { cookie, query: { format: 'tally' } })).json,
    );
    expect(xml.match(/<VOUCHER /g)).toBeNull();
  });

  it('a cheque paying bills of both accounts, returned unpaid: both its receipts out of the ledger', async () => {
    const deposited = await upload('hdfc-2.csv', [
      `${dmy(daysFrom(T, -2))},CHQ DEP 004513 SHREE GANESH TRADERS MICR 411240002,0000000000004513,${dmy(daysFrom(T, -2))},,"13,000.00","1,63,000.00"`,
    ]);
    expect(deposited.status, JSON.stringify(deposited.json)).toBe(201);
    const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie, query: { count: 10 } });
    const deposit = (answer.json as unknown[]).map((l) => ZBankLine.parse(l)).find((l) => l.amount === 13_000)!;
    const applied = await apply(deposit.id, {
      sysObligorCode: 'SGPUN',
      allocations: [
        { sysInvoiceNum: 'I-102', amount: 5_000 },
        { sysInvoiceNum: 'I-202', amount: 8_000 },
      ],
    });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect((await figures()).accounts).toEqual({
      SGMUM: { outstanding: 0, overdue: 0 },
      SGPUN: { outstanding: 0, overdue: 0 },
    });

    const returned = await upload('hdfc-3.csv', [
      `${dmy(daysFrom(T, -1))},O/W RTN CHQ 004513 FUNDS INSUFFICIENT,0000000000004513,${dmy(daysFrom(T, -1))},"13,000.00",,"1,50,000.00"`,
    ]);
    expect(returned.status, JSON.stringify(returned.json)).toBe(201);
    const after = (
      (await callRoute(linesRoute, '/api/bank/lines', { cookie, query: { count: 10 } })).json as unknown[]
    ).map((l) => ZBankLine.parse(l));
    expect(after.find((l) => l.id === deposit.id)).toMatchObject({ status: 'IGNORED', allocations: [] });
    expect(after.find((l) => l.amount === -13_000)).toMatchObject({
      status: 'RETURNED',
      reasons: [
        `cheque 004513 returned unpaid: receipts BANK-${deposit.id}, BANK-${deposit.id}-2 taken out of the ledger, its invoices open again`,
      ],
    });
    const left = await database.db
      .select()
      .from(bankReceipts)
      .where(and(eq(bankReceipts.clientId, clientId), eq(bankReceipts.lineId, deposit.id)));
    expect(left).toEqual([]);
    expect(await ourReceipts()).toEqual([]);
    expect(await figures()).toMatchObject({ ...AFTER, paid: { 'I-102': '0.00', 'I-202': '0.00' } });
  });
});
