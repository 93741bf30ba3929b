import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute, POST as requestRoute } from '@/app/api/writeoffs/route';
import { POST as approveRoute } from '@/app/api/writeoffs/[id]/approve/route';
import { POST as rejectRoute } from '@/app/api/writeoffs/[id]/reject/route';
import { GET as matrixRoute } from '@/app/api/provision/route';
import type { TProvision } from '@/lib/contract/provision';
import type { TWriteOff } from '@/lib/contract/write-offs';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { hashPassword } from '@/lib/server/auth/password';
import { callRoute, cookieForSession, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { csv, newClient, PASSWORD } from '../imports/helpers';

/**
 * A ledger with a bad debt written off by import, buckets 30/60/90, by hand:
 * - INV1 K1 ₹50,000 due 31/05/2026; WO1 writes ₹30,000 of it off on 15/11 (168 days past due).
 * - INV2 K1 ₹20,000 due 31/10/2026.
 * - INV3 M1 ₹10,000 due 01/10/2026.
 * At 14/11: 90+ 50,000 (INV1), 1-30 20,000 (INV2, 14 days), 31-60 10,000 (INV3, 44 days).
 * At 15/11: 90+ 20,000; the rest as before.
 */
const BATCH = {
  'obligors.csv': csv(['sys_obligor_code,name', 'K1,Kulkarni Traders', 'M1,Mehta Medicals']),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
    'INV1,KT-501,K1,INVOICE,01/05/2026,31/05/2026,"50,000.00",',
    'INV2,KT-502,K1,INVOICE,01/10/2026,31/10/2026,"20,000.00",',
    'INV3,MM-301,M1,INVOICE,01/09/2026,01/10/2026,"10,000.00",',
    'WO1,KT-WO-1,K1,WRITE_OFF,15/11/2026,,"30,000.00",INV1',
  ]),
};

let database: TestDatabase;
let clientId: number;
let admin: string;
let second: string;
let adminSession: Awaited<ReturnType<typeof sessionCookieFor>>['session'];

beforeAll(async () => {
  ({ database, clientId, cookie: admin } = await ledgerClient('WOFF', BATCH));
  adminSession = (await sessionCookieFor(database.db, 'admin@woff.test', PASSWORD)).session;
  const [role] = await queryRows(
    database.db,
    sql`select id from roles where client_id = ${clientId} and code = 'admin'`,
    row({ id: col.int }),
  );
  await database.db.execute(sql`insert into users (client_id, email, name, user_type, role_id, password_hash)
    values (${clientId}, 'cfo@woff.test', 'Rekha Iyer', 'borrowers', ${role!.id}, ${await hashPassword(PASSWORD)})`);
  second = (await sessionCookieFor(database.db, 'cfo@woff.test', PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

const InvoiceRow = row({
  docType: col.text,
  amount: col.num,
  open: col.num,
  status: col.text,
  against: col.text.nullable(),
});
async function invoice(num: string) {
  const [found] = await queryRows(
    database.db,
    sql`select doc_type as "docType", amount, amount - paid_to_date as open, status, against_sys_invoice_num as against
      from invoices where client_id = ${clientId} and sys_invoice_num = ${num}`,
    InvoiceRow,
  );
  return found;
}

const ask = (body: Record<string, unknown>, cookie = admin) =>
  callRoute(requestRoute, '/api/writeoffs', { method: 'POST', cookie, body });
const decide = (route: typeof approveRoute, id: number, cookie: string) =>
  callRoute(route, `/api/writeoffs/${id}/${route === approveRoute ? 'approve' : 'reject'}`, {
    method: 'POST',
    cookie,
    params: { id: String(id) },
  });

describe('a write-off imported against an invoice', () => {
  it('is stored as a WRITE_OFF document that settles the invoice as a note does', async () => {
    expect(await invoice('WO1')).toEqual({
      docType: 'WRITE_OFF',
      amount: -30000,
      open: 0,
      status: 'CLOSED',
      against: 'INV1',
    });
    expect(await invoice('INV1')).toMatchObject({ open: 20000, status: 'OPEN' });
  });

  it('ages the invoice down from its day', async () => {
    expect(await summaryOf(admin, '2026-11-14')).toMatchObject({
      current: 0,
      crdBucket1: 20000,
      crdBucket2: 10000,
      crdBucket4: 50000,
      outstanding: 80000,
    });
    expect(await summaryOf(admin, '2026-11-15')).toMatchObject({ crdBucket4: 20000, outstanding: 50000 });
  });

  it('is refused without the invoice it writes off, or against another write-off', async () => {
    const report = await importBatch(database.db, clientId, {
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
        'WO2,KT-WO-2,K1,WRITE_OFF,16/11/2026,,"1,000.00",',
        'WO3,KT-WO-3,K1,WRITE_OFF,16/11/2026,,"1,000.00",WO1',
      ]),
    });
    expect(report.status).toBe('FAILED');
    expect(report.errors.map((e) => e.reason)).toEqual(
      expect.arrayContaining([
        'a write-off names the invoice it writes off',
        'WO1 is a write off: a note is raised against an invoice',
      ]),
    );
  });
});

describe('the Write off action', () => {
  let asked: TWriteOff;

  it('refuses what is not an open debt, more than is open, or no reason, with the field', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sysInvoiceNum: 'INV1', amount: 20000.01, reason: 'Customer insolvent' }, 400, 'amount'],
      [{ sysInvoiceNum: 'INV1', amount: 0, reason: 'Customer insolvent' }, 400, 'amount'],
      [{ sysInvoiceNum: 'INV1', amount: 100, reason: '' }, 400, 'reason'],
      [{ sysInvoiceNum: 'INV9', amount: 100, reason: 'Customer insolvent' }, 400, 'sysInvoiceNum'],
      [{ sysInvoiceNum: 'WO1', amount: 100, reason: 'Customer insolvent' }, 400, 'sysInvoiceNum'],
    ];
    for (const [body, status, field] of cases) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(JSON.stringify(res.json)).toContain(field);
    }
  });

  it('asks for the write-off of an invoice, pending a second approver', async () => {
    const res = await ask({ sysInvoiceNum: 'INV1', amount: 20000, reason: 'Kulkarni Traders closed; NCLT claim lost' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    asked = res.json as TWriteOff;
    expect(asked).toMatchObject({
      sysInvoiceNum: 'INV1',
      invoiceNum: 'KT-501',
      obligorName: 'Kulkarni Traders',
      outstanding: 20000,
      amount: 20000,
      status: 'PENDING',
      requestedBy: 'Anita Desai',
      mine: true,
      writeOffNum: null,
    });
    expect((await ask({ sysInvoiceNum: 'INV1', amount: 100, reason: 'Customer insolvent' })).status).toBe(409);
    // Nothing in the ledger yet.
    expect(await invoice('INV1')).toMatchObject({ open: 20000 });
  });

  it('is not approved nor rejected by who asked for it', async () => {
    for (const route of [approveRoute, rejectRoute]) {
      const res = await decide(route, asked.id, admin);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.json)).toContain('someone other than who asked');
    }
  });

  it('approved by a second admin, writes the WRITE_OFF document and settles the invoice at once', async () => {
    const before = await callRoute(matrixRoute, '/api/provision', {
      cookie: second,
      query: { method: 'WRITTEN_OFF', months: 12 },
    });
    expect(before.status).toBe(200);
    const res = await decide(approveRoute, asked.id, second);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const approved = res.json as TWriteOff;
    expect(approved).toMatchObject({
      status: 'APPROVED',
      decidedBy: 'Rekha Iyer',
      writeOffNum: `WRITEOFF-${asked.id}`,
      outstanding: 0,
      mine: false,
    });
    expect(await invoice(`WRITEOFF-${asked.id}`)).toEqual({
      docType: 'WRITE_OFF',
      amount: -20000,
      open: 0,
      status: 'CLOSED',
      against: 'INV1',
    });
    expect(await invoice('INV1')).toMatchObject({ open: 0, status: 'CLOSED' });
    expect((await summaryOf(admin, approved.writtenOffOn!)).crdBucket4).toBe(0);
    expect((await decide(approveRoute, asked.id, second)).status).toBe(409);
    // The edit log: asked, then approved with the invoice's open amount before and after.
    const log = await queryRows(
      database.db,
      sql`select action, before, after from audit_log where client_id = ${clientId} and entity = 'write_off' order by id`,
      row({
        action: col.text,
        before: col.json(z.record(z.string(), z.unknown()).nullable()),
        after: col.json(z.record(z.string(), z.unknown())),
      }),
    );
    expect(log.map((l) => l.action)).toEqual(['write_off_requested', 'write_off_approved']);
    expect(log[1]).toMatchObject({
      before: { status: 'PENDING', outstanding: 20000 },
      after: { status: 'APPROVED', amount: 20000, outstanding: 0, writeOffNum: `WRITEOFF-${asked.id}` },
    });
    // The provision reads it at once (from the ledger: the history is rebuilt later): INV1's 20,000
    // in 90+ at each month end from 31/08 before the write-off's day is now written off later too.
    const after = await callRoute(matrixRoute, '/api/provision', {
      cookie: second,
      query: { method: 'WRITTEN_OFF', months: 12 },
    });
    expect(after.status, JSON.stringify(after.json)).toBe(200);
    const [was, now] = [before.json as TProvision, after.json as TProvision];
    const ends = now.monthEnds.filter((d) => d >= '2026-08-31' && d < approved.writtenOffOn!);
    expect(ends.length).toBeGreaterThan(0);
    expect(now.segments[0]!.buckets[4]!.working.numerator).toBe(
      was.segments[0]!.buckets[4]!.working.numerator + 20000 * ends.length,
    );
    expect(now.segments[0]!.buckets[4]!.lossRate).toBeGreaterThan(0);
  });

  it('rejected by a second admin, writes nothing', async () => {
    const res = await ask({ sysInvoiceNum: 'INV2', amount: 5000, reason: 'Disputed rate, customer will not pay' });
    const id = (res.json as TWriteOff).id;
    const rejected = await decide(rejectRoute, id, second);
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ status: 'REJECTED', writeOffNum: null, outstanding: 20000 });
    expect(await invoice(`WRITEOFF-${id}`)).toBeUndefined();
    const pending = await callRoute(listRoute, '/api/writeoffs', { cookie: second, query: { status: 'PENDING' } });
    expect(pending.json).toEqual([]);
    const all = (await callRoute(listRoute, '/api/writeoffs', { cookie: second })).json as TWriteOff[];
    expect(all.map((w) => w.status).sort()).toEqual(['APPROVED', 'REJECTED']);
  });

  it('is for those who hold WRITE_OFF, within their own client', async () => {
    const staff = await cookieForSession({ ...adminSession, role: 'member', permissions: [] });
    expect((await callRoute(listRoute, '/api/writeoffs', { cookie: staff })).status).toBe(403);
    expect((await ask({ sysInvoiceNum: 'INV2', amount: 1, reason: 'Customer insolvent' }, staff)).status).toBe(403);
    const granted = await cookieForSession({ ...adminSession, role: 'member', permissions: ['WRITE_OFF'] });
    expect((await callRoute(listRoute, '/api/writeoffs', { cookie: granted })).status).toBe(200);
    expect((await callRoute(listRoute, '/api/writeoffs', {})).status).toBe(401);
    // A field officer granted it acts on their own customers only (K1 is not theirs).
    const officer = await cookieForSession({ ...adminSession, role: 'guest', permissions: ['WRITE_OFF'] });
    expect((await callRoute(listRoute, '/api/writeoffs', { cookie: officer })).json).toEqual([]);
    expect((await ask({ sysInvoiceNum: 'INV2', amount: 1, reason: 'Customer insolvent' }, officer)).status).toBe(400);
    expect((await decide(approveRoute, asked.id, officer)).status).toBe(404);
    const other = await newClient(database.db, 'WOFFTWO');
    const theirs = (await sessionCookieFor(database.db, other.email, PASSWORD)).cookie;
    expect((await callRoute(listRoute, '/api/writeoffs', { cookie: theirs })).json).toEqual([]);
    expect((await decide(approveRoute, asked.id, theirs)).status).toBe(404);
    expect((await ask({ sysInvoiceNum: 'INV2', amount: 1, reason: 'Customer insolvent' }, theirs)).status).toBe(400);
  });
});
