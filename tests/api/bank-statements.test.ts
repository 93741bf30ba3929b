import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as ignoreRoute } from '@/app/api/bank/lines/[id]/ignore/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { ZBankLine, ZStatementOutcome } from '@/lib/contract/bank';
import { bankAccounts, bankLines, bankPayers, bankStatements, invoices } from '@/lib/db/schema';
import { callRoute, cookieForSession, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { handClientDatabase, newClient, PASSWORD } from '../imports/helpers';

// Hand-built statements (tests/fixtures/bank/, balances added up by hand) uploaded through the
// route as the browser sends them, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'bank');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

let database: TestDatabase;
let hand: { clientId: number; email: string };
let admin: string;
let other: { clientId: number; email: string };
let otherAdmin: string;

beforeAll(async () => {
  const setup = await handClientDatabase();
  database = setup.database;
  hand = setup.hand;
  admin = setup.cookie;
  other = await newClient(database.db, 'OTHR');
  otherAdmin = (await sessionCookieFor(database.db, other.email, PASSWORD)).cookie;
  // The UPI line of hdfc.csv names TLY000610; the other invoice is open but named by no line.
  const invoice = { clientId: hand.clientId, sysObligorCode: 'SHREE-PUN', currency: 'INR', issueDate: '2026-09-30' };
  await database.db.insert(invoices).values([
    { ...invoice, sysInvoiceNum: 'TLY-000610', invoiceNum: 'INV/2026/0610', dueDate: '2026-10-30', amount: '25000.00' },
    { ...invoice, sysInvoiceNum: 'TLY-000588', invoiceNum: 'INV/2026/0588', dueDate: '2026-10-30', amount: '59000.00' },
    {
      ...invoice,
      sysObligorCode: 'KAVERI-PUN',
      sysInvoiceNum: 'TLY-000700',
      invoiceNum: 'INV/2026/0700',
      dueDate: '2026-10-20',
      amount: '10000.00',
    },
    {
      ...invoice,
      sysObligorCode: 'KAVERI-PUN',
      sysInvoiceNum: 'TLY-000701',
      invoiceNum: 'INV/2026/0701',
      dueDate: '2026-10-25',
      amount: '2000.00',
    },
  ]);
  // A UPI address learned for Kaveri (by hand: confirming a match, which learns it, is not built).
  await database.db
    .insert(bankPayers)
    .values({ clientId: hand.clientId, kind: 'VPA', value: 'kaveri@oksbi', sysObligorCode: 'KAVERI-PUN' });
}, 120_000);
afterAll(() => database?.close());

async function upload(cookie: string, name: string, content: string, account?: string, mapping?: string) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/csv' }));
  if (account !== undefined) form.append('account', account);
  if (mapping !== undefined) form.append('mapping', mapping);
  const response = await statementsRoute(
    new NextRequest('http://localhost:3000/api/bank/statements', { method: 'POST', body: form, headers: { cookie } }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

const linesOf = (clientId: number) =>
  database.db
    .select({ status: bankLines.status, credit: bankLines.credit, channel: bankLines.channel, rrn: bankLines.rrn })
    .from(bankLines)
    .where(eq(bankLines.clientId, clientId))
    .orderBy(bankLines.fileLine);

describe('POST /api/bank/statements', () => {
  it('stores an HDFC statement: the credit naming an open invoice SUGGESTED, other credits UNMATCHED, a charge IGNORED, the returned cheque linked to its deposit', async () => {
    const answer = await upload(admin, 'hdfc-nov.csv', fixture('hdfc.csv'), 'HDFC current');
    expect(answer.status).toBe(201);
    expect(ZStatementOutcome.parse(answer.json)).toEqual({
      id: answer.json.id,
      lines: 5,
      matched: 0,
      suggested: 1,
      unmatched: 1,
      ignored: 3, // the charge, the cheque that came back and its return
      duplicates: 0,
    });
    expect(await linesOf(hand.clientId)).toEqual([
      { status: 'UNMATCHED', credit: '118000.00', channel: 'NEFT', rrn: null },
      { status: 'SUGGESTED', credit: '25000.00', channel: 'UPI', rrn: '430712345678' },
      { status: 'IGNORED', credit: '236000.00', channel: 'CHEQUE', rrn: null },
      { status: 'IGNORED', credit: '0.00', channel: 'OTHER', rrn: null },
      { status: 'RETURNED', credit: '0.00', channel: 'CHEQUE', rrn: null },
    ]);
    const [suggested] = await database.db
      .select({ code: bankLines.sysObligorCode, confidence: bankLines.confidence, suggestions: bankLines.suggestions })
      .from(bankLines)
      .where(and(eq(bankLines.clientId, hand.clientId), eq(bankLines.status, 'SUGGESTED')));
    expect(suggested).toEqual({
      code: 'SHREE-PUN',
      confidence: '0.9500',
      suggestions: [
        {
          sysObligorCode: 'SHREE-PUN',
          allocations: [{ sysInvoiceNum: 'TLY-000610', amount: 2_500_000 }],
          tds: null,
          writeOff: 0,
          onAccount: 0,
          confidence: 0.95,
          reasons: ['the narration names INV/2026/0610 (TLY-000610)', 'the amount settles one invoice, oldest first'],
        },
      ],
    });
    const [account] = await database.db.select().from(bankAccounts).where(eq(bankAccounts.clientId, hand.clientId));
    expect(account).toMatchObject({ label: 'HDFC current', bank: 'HDFC', accountNumber: '50200012345678' });
    const [statement] = await database.db
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.clientId, hand.clientId), eq(bankStatements.id, answer.json.id)));
    expect(statement).toMatchObject({
      fromDate: '2026-11-02',
      toDate: '2026-11-05',
      openingBalance: '500000.00',
      closingBalance: '642410.00',
      lines: 5,
      duplicates: 0,
    });
  });

  it('the same statement twice: every line a duplicate, nothing stored twice', async () => {
    const again = await upload(admin, 'hdfc-nov-again.csv', fixture('hdfc.csv'));
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ lines: 5, suggested: 0, unmatched: 0, ignored: 0, duplicates: 5 });
    expect(await linesOf(hand.clientId)).toHaveLength(5);
    // Found by the account number of its preamble: no second account.
    expect(await database.db.select().from(bankAccounts).where(eq(bankAccounts.clientId, hand.clientId))).toHaveLength(
      1,
    );
  });

  it('an overlapping statement: the days already imported are duplicates, the new day is stored and matched by its learned VPA', async () => {
    const text = fixture('hdfc.csv').replace(
      /(05\/11\/26,O\/W RTN CHQ[^\n]*\n)/,
      '$1' +
        '06/11/26,UPI-KAVERI AGRO-kaveri@oksbi-SBIN0000456-431012345678-INV 0588,0000431012345678,06/11/26,,"10,000.00","6,52,410.00"\n',
    );
    const answer = await upload(admin, 'hdfc-to-06.csv', text, 'HDFC current');
    expect(answer.json).toMatchObject({ lines: 6, suggested: 1, unmatched: 0, ignored: 0, duplicates: 5 });
    expect(await linesOf(hand.clientId)).toHaveLength(6);
    // The new line is a UPI credit from a learned VPA: Kaveri's invoice its amount settles.
    const [line] = await database.db
      .select({ code: bankLines.sysObligorCode, suggestions: bankLines.suggestions })
      .from(bankLines)
      .where(and(eq(bankLines.clientId, hand.clientId), eq(bankLines.statementId, answer.json.id)));
    expect(line!.code).toBe('KAVERI-PUN');
    expect(line!.suggestions[0]).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000700', amount: 1_000_000 }],
      confidence: 0.85,
      reasons: ["the payer's UPI address paid this customer before", 'the amount settles one invoice, oldest first'],
    });
  });

  it('a broken running balance is refused with its line, and nothing is written', async () => {
    const broken = fixture('icici.csv').replace('"4,13,500.50"', '"4,13,000.50"');
    const answer = await upload(admin, 'icici.csv', broken, 'ICICI');
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain('line 7 (balance)');
    expect(answer.json.fields.file).toMatch(/^line 7 \(balance\): the balance ₹4,13,000.50 does not add up/);
    expect(await database.db.select().from(bankAccounts).where(eq(bankAccounts.label, 'ICICI'))).toHaveLength(0);
    expect(await linesOf(hand.clientId)).toHaveLength(6);
  });

  it('a cheque returned in a later statement is linked to its deposit in the earlier one', async () => {
    const full = fixture('icici.csv');
    const beforeReturn = full.replace(/^,5,05\/11\/2026,[^\n]*\n/m, '');
    const first = await upload(admin, 'icici-1.csv', beforeReturn, 'ICICI current');
    // The cheque in clearing names no payer the reader trusts: its amount alone equals one open bill.
    expect(first.json).toMatchObject({ lines: 4, suggested: 1, unmatched: 3, ignored: 0 });
    const second = await upload(admin, 'icici-2.csv', full, 'ICICI current');
    expect(second.json).toMatchObject({ lines: 5, unmatched: 0, ignored: 1, duplicates: 4 });
    const cheques = await database.db
      .select({ id: bankLines.id, status: bankLines.status, reverses: bankLines.reversesLineId })
      .from(bankLines)
      .where(and(eq(bankLines.clientId, hand.clientId), eq(bankLines.chequeNumber, '004871')))
      .orderBy(bankLines.fileLine);
    expect(cheques).toEqual([
      { id: cheques[0]!.id, status: 'IGNORED', reverses: null },
      { id: cheques[1]!.id, status: 'RETURNED', reverses: cheques[0]!.id },
    ]);
  });

  it("another bank's file through a column mapping, saved on the account for its next statement", async () => {
    const month = (rows: string[]) =>
      ['Cooperative Bank of Pune', 'A/c 123456789', 'Posted,Details,Ref,Money In,Money Out,Running', ...rows].join(
        '\n',
      );
    const mapping =
      'date=Posted, narration=Details, reference=Ref, deposit=Money In, withdrawal=Money Out, balance=Running';
    const october = month(['31.10.2026,CASH DEPOSIT PUNE,,"5,000.00",,"15,000.00"']);
    expect((await upload(admin, 'coop-oct.csv', october, 'Coop')).json.fields.file).toMatch(/column mapping/);
    expect((await upload(admin, 'coop-oct.csv', october, 'Coop', 'date=Posted,memo=Details')).json.fields).toEqual({
      mapping:
        '"memo" is not a field (date, valueDate, narration, reference, withdrawal, deposit, amount, drCr, balance)',
    });
    expect((await upload(admin, 'coop-oct.csv', october, 'Coop', mapping)).json).toMatchObject({
      lines: 1,
      unmatched: 1,
    });
    const november = month(['02.11.2026,NEFT CR-SBIN0001234-SHREE GANESH,,"1,000.00",,"16,000.00"']);
    expect((await upload(admin, 'coop-nov.csv', november, 'Coop')).json).toMatchObject({ lines: 1, unmatched: 1 });
    // December's file starts at ₹20,000, not at November's ₹16,000: a statement is missing.
    const december = month(['01.12.2026,CASH DEPOSIT PUNE,,"1,000.00",,"21,000.00"']);
    const gap = await upload(admin, 'coop-dec.csv', december, 'Coop');
    expect(gap.status).toBe(400);
    expect(gap.json.fields.file).toBe(
      "the opening balance ₹20,000.00 does not follow the account's balance ₹16,000.00 on 02/11/2026 (coop-nov.csv): a statement between them is missing",
    );
    const [coop] = await database.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.clientId, hand.clientId), eq(bankAccounts.label, 'Coop')));
    expect(coop).toMatchObject({ accountNumber: '123456789', columnMapping: { date: 'Posted', balance: 'Running' } });
  });

  it('a statement of another account than the one named is refused', async () => {
    const answer = await upload(admin, 'axis.csv', fixture('axis.csv'), 'HDFC current');
    expect(answer.status).toBe(400);
    expect(answer.json.fields).toEqual({ account: 'another account' });
  });

  it("another client's upload of the same file is its own: stored under its client, not a duplicate of ours", async () => {
    const answer = await upload(otherAdmin, 'hdfc-nov.csv', fixture('hdfc.csv'), 'HDFC current');
    expect(answer.json).toMatchObject({ lines: 5, unmatched: 2, ignored: 3, duplicates: 0 });
    expect(await linesOf(other.clientId)).toHaveLength(5);
    expect(await linesOf(hand.clientId)).toHaveLength(13);
    const accounts = await database.db.select().from(bankAccounts).where(eq(bankAccounts.label, 'HDFC current'));
    expect(accounts.map((a) => a.clientId).sort()).toEqual([hand.clientId, other.clientId].sort());
  });

  it('needs APPLY_CASH: finance staff without it get 403, an investor 403, no session 401', async () => {
    const { session } = await sessionCookieFor(database.db, hand.email, PASSWORD);
    const staff = await cookieForSession({ ...session, role: 'member', permissions: [] });
    expect((await upload(staff, 'kotak.csv', fixture('kotak.csv'))).status).toBe(403);
    const investor = await cookieForSession({ ...session, userType: 'investors', role: 'investor' });
    expect((await upload(investor, 'kotak.csv', fixture('kotak.csv'))).status).toBe(403);
    expect((await upload('', 'kotak.csv', fixture('kotak.csv'))).status).toBe(401);
    const granted = await cookieForSession({ ...session, role: 'member', permissions: ['APPLY_CASH'] });
    expect(await upload(granted, 'kotak.csv', fixture('kotak.csv'), 'Kotak')).toMatchObject({
      status: 201,
      json: { lines: 3, unmatched: 2, ignored: 1, duplicates: 0 },
    });
  });

  it('bad uploads are 4xx with the field: no file, two files, a PDF, no header, a long label', async () => {
    const none = await statementsRoute(
      new NextRequest('http://localhost:3000/api/bank/statements', {
        method: 'POST',
        body: JSON.stringify({ file: 'x' }),
        headers: { cookie: admin, 'content-type': 'application/json' },
      }),
      { params: Promise.resolve({}) },
    );
    expect(none.status).toBe(400);
    const two = new FormData();
    two.append('file', new File(['a'], 'a.csv'));
    two.append('file', new File(['b'], 'b.csv'));
    const twice = await statementsRoute(
      new NextRequest('http://localhost:3000/api/bank/statements', {
        method: 'POST',
        body: two,
        headers: { cookie: admin },
      }),
      { params: Promise.resolve({}) },
    );
    expect([twice.status, (await twice.json()).fields]).toEqual([400, { file: 'one file' }]);
    expect((await upload(admin, 'statement.pdf', '%PDF-1.7')).json.fields.file).toMatch(/CSV or an XLSX/);
    expect((await upload(admin, 'x.csv', 'a,b\n1,2\n')).json.fields.file).toMatch(/column mapping/);
    expect((await upload(admin, 'kotak.csv', fixture('kotak.csv'), 'x'.repeat(81))).json.fields).toEqual({
      account: 'too long or not text',
    });
  });
  it('a UPI credit naming our customer code (as our payment links write it) is matched against its open items', async () => {
    const text = fixture('axis.csv').replace('bill 0588', 'dues KAVERI-PUN');
    const answer = await upload(admin, 'axis-nov.csv', text, 'Axis current');
    expect(answer.json).toMatchObject({ lines: 4, suggested: 1, unmatched: 2, ignored: 1 });
    const [line] = await database.db
      .select({ code: bankLines.sysObligorCode, suggestions: bankLines.suggestions })
      .from(bankLines)
      .where(
        and(
          eq(bankLines.clientId, hand.clientId),
          eq(bankLines.statementId, answer.json.id),
          eq(bankLines.status, 'SUGGESTED'),
        ),
      );
    expect(line!.code).toBe('KAVERI-PUN');
    expect(line!.suggestions[0]).toMatchObject({
      allocations: [{ sysInvoiceNum: 'TLY-000701', amount: 200_000 }],
      confidence: 0.8,
      reasons: ['the narration names the customer KAVERI-PUN', 'the amount settles one invoice, oldest first'],
    });
  });
});

describe('GET /api/bank/lines and POST /api/bank/lines/{id}/ignore', () => {
  let statementId: number;
  beforeAll(async () => {
    const [first] = await database.db
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(and(eq(bankStatements.clientId, hand.clientId), eq(bankStatements.fileName, 'hdfc-nov.csv')));
    statementId = first!.id;
  });

  it("a statement's lines in the order of the days, each with its best suggestion in rupees", async () => {
    const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { statementId } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-totalrecords')).toBe('5');
    const rows = answer.json.map((r: unknown) => ZBankLine.parse(r));
    expect(rows.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([
      [118_000, 'UNMATCHED'],
      [25_000, 'SUGGESTED'],
      [236_000, 'IGNORED'],
      [-590, 'IGNORED'],
      [-236_000, 'RETURNED'],
    ]);
    expect(rows[1]).toEqual({
      id: rows[1].id,
      valueDate: '2026-11-03',
      amount: 25_000,
      narration: 'UPI-SHREE GANESH TRADE-sgt@okhdfcbank-HDFC0000123-430712345678-TLY000610',
      reference: '0000430712345678',
      status: 'SUGGESTED',
      sysObligorCode: 'SHREE-PUN',
      obligorName: null, // the invoices came without their customer's record
      familyCode: null,
      allocations: [{ sysInvoiceNum: 'TLY-000610', amount: 25_000 }],
      invoiceNums: { 'TLY-000610': 'INV/2026/0610' },
      // Without the customer's record its account is named by its code.
      invoiceAccounts: { 'TLY-000610': { sysObligorCode: 'SHREE-PUN', name: 'SHREE-PUN' } },
      tds: null,
      writeOff: 0,
      onAccount: 0,
      confidence: 0.95,
      reasons: ['the narration names INV/2026/0610 (TLY-000610)', 'the amount settles one invoice, oldest first'],
    });
    const suggested = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { status: 'SUGGESTED' } });
    // Of every statement, in the order of the days: this one's UPI line, the Axis one naming Kaveri, the learned VPA's credit.
    expect(
      suggested.json.map((r: { valueDate: string; sysObligorCode: string }) => [r.valueDate, r.sysObligorCode]),
    ).toEqual([
      ['2026-11-03', 'SHREE-PUN'],
      ['2026-11-03', 'KAVERI-PUN'], // the Axis statement's, uploaded later
      ['2026-11-06', 'KAVERI-PUN'],
    ]);
  });

  it("another client's lines are not listed; a bad status is a 400", async () => {
    const theirs = await callRoute(linesRoute, '/api/bank/lines', { cookie: otherAdmin, query: { statementId } });
    expect([theirs.status, theirs.json]).toEqual([200, []]);
    const bad = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { status: 'PAID' } });
    expect(bad.status).toBe(400);
  });

  it("ignores an unmatched line; a returned one is a 409, another client's a 404", async () => {
    const lines = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { statementId } });
    const [neft, , , , returned] = lines.json as { id: number }[];
    const ignore = (id: number, cookie: string) =>
      callRoute(ignoreRoute, `/api/bank/lines/${id}/ignore`, { method: 'POST', cookie, params: { id: String(id) } });
    const ignored = await ignore(neft!.id, admin);
    expect([ignored.status, ignored.json.status]).toEqual([200, 'IGNORED']);
    expect((await ignore(returned!.id, admin)).status).toBe(409);
    expect((await ignore(neft!.id, otherAdmin)).status).toBe(404);
  });
});
