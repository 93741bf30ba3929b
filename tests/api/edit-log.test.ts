import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as auditRoute } from '@/app/api/user_management/audit_log/route';
import { GET as checkRoute } from '@/app/api/user_management/audit_log/check/route';
import { GET as csvRoute } from '@/app/api/user_management/audit_log/export.csv/route';
import { GET as xlsxRoute } from '@/app/api/user_management/audit_log/export.xlsx/route';
import { POST as releaseRoute } from '@/app/api/credit_holds/[code]/release/route';
import { PUT as detailsPut } from '@/app/api/clients/payment_details/route';
import { PUT as rulesPut } from '@/app/api/credit_holds/rules/route';
import type { TAuditChainCheck, TAuditRow } from '@/lib/contract/personnel';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { checkAuditChain, checkEveryAuditChain, pruneAuditLog } from '@/lib/server/audit/check-chain';
import { exportAuditWorkbook } from '@/lib/server/audit/export-audit';
import ExcelJS from 'exceljs';
import { signIn } from '@/lib/server/auth/sign-in';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * The edit log: an import batch, a hold release and a change of payment details each leave an
 * entry with before and after; sign-ins (and failures) are logged; the log refuses UPDATE and
 * DELETE (DELETE only past 8 years); the chain check finds an entry altered or removed by hand.
 */
const today = todayIso();
const day = (offset: number) => daysFrom(today, offset);
let database: TestDatabase;
let clientId: number;
let email: string;
let admin: string;
let adminId: number;
let other: string;

async function log(cookie = admin, query: Record<string, string | number> = {}) {
  const res = await callRoute(auditRoute, '/api/user_management/audit_log', {
    cookie,
    query: { count: 100, ...query },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TAuditRow[];
}

async function check(cookie = admin) {
  const res = await callRoute(checkRoute, '/api/user_management/audit_log/check', { cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TAuditChainCheck;
}

/** Runs a statement on the log with its append-only guard off, as someone with the owner's rights could. */
async function byHand(statement: ReturnType<typeof sql>) {
  await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  try {
    await database.db.execute(statement);
  } finally {
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }
}

/** The database's message refusing a statement (the driver's error wraps it as its cause). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'not refused';
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId, email } = await newClient(database.db, 'EDITLOG'));
  const signedIn = await sessionCookieFor(database.db, email, PASSWORD);
  admin = signedIn.cookie;
  adminId = signedIn.session.userId;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today,
    files: [
      file('obligors.csv', csv(['sys_obligor_code,name,credit_limit', 'A,Ambika Traders,1000', 'B,Balaji Stores,'])),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `A1,A/1,A,${day(-40)},${day(-10)},1500`,
          `B1,B/1,B,${day(-150)},${day(-120)},2000`,
        ]),
      ),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  const second = await newClient(database.db, 'EDITLOGTWO');
  other = (await sessionCookieFor(database.db, second.email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

describe('the edit log', () => {
  it('records an import batch with its counts', async () => {
    const [batch] = await log(admin, { action: 'import_batch' });
    expect(batch).toMatchObject({ action: 'import_batch', entity: 'import', actorName: null });
    expect(batch!.detail).toMatchObject({
      source: 'CLI',
      status: 'SUCCEEDED',
      counts: { obligors: { inserted: 2 }, invoices: { inserted: 2 } },
    });
  });

  it('records sign-ins and failed sign-ins', async () => {
    await expect(signIn(database.db, { email, password: 'not the password' })).rejects.toThrow();
    const rows = await log();
    expect(rows.some((r) => r.action === 'sign_in' && r.actorName === 'Anita Desai')).toBe(true);
    expect(rows.some((r) => r.action === 'sign_in_failed')).toBe(true);
  });

  it('records a hold release and a change of payment details with before and after', async () => {
    const released = await callRoute(releaseRoute, '/api/credit_holds/A/release', {
      method: 'POST',
      cookie: admin,
      params: { code: 'A' },
      body: { reason: 'Cheque received', expiresOn: day(3) },
    });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    const [hold] = await log(admin, { action: 'credit_hold_released' });
    expect(hold).toMatchObject({
      entity: 'customer',
      entityId: 'A',
      actorName: 'Anita Desai',
      before: { status: 'ON_HOLD' },
      after: { status: 'RELEASED', release: { reason: 'Cheque received', expiresOn: day(3) } },
    });

    const saved = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { upiVpa: 'editlog@icici', bankName: 'ICICI Bank' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const [details] = await log(admin, { action: 'payment_details_saved' });
    expect(details).toMatchObject({
      before: { upiVpa: null, bankName: null },
      after: { upiVpa: 'editlog@icici', bankName: 'ICICI Bank' },
    });
  });

  it('records a change of the credit-hold rules with before and after', async () => {
    const saved = await callRoute(rulesPut, '/api/credit_holds/rules', {
      method: 'PUT',
      cookie: admin,
      body: { overLimit: true, daysPastDue: null, brokenPromises: 2 },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const [rules] = await log(admin, { action: 'credit_hold_rules_saved' });
    // The returned-cheques rule was not in the body: it keeps its defaults (2 in 180 days).
    expect(rules!.after).toEqual({
      overLimit: true,
      daysPastDue: null,
      brokenPromises: 2,
      returnedCheques: 2,
      returnedChequeDays: 180,
    });
    expect(rules!.before).not.toEqual(rules!.after);
  });

  it('filters by actor, kind and days, and keeps each client to its own log', async () => {
    const all = await log();
    const mine = await log(admin, { userId: adminId });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.actorName === 'Anita Desai')).toBe(true);
    expect((await log(admin, { entity: 'customer' })).every((r) => r.entity === 'customer')).toBe(true);
    expect(await log(admin, { fromDate: day(1) })).toEqual([]);
    expect((await log(admin, { fromDate: today, toDate: today })).length).toBe(all.length);
    const bad = await callRoute(auditRoute, '/api/user_management/audit_log', {
      cookie: admin,
      query: { fromDate: today, toDate: day(-1) },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('the end date is before the start date');
    const theirs = await log(other);
    expect(theirs.some((r) => r.action === 'import_batch' || r.action === 'credit_hold_released')).toBe(false);
  });

  it('exports the filtered log as CSV, instants in the client time zone', async () => {
    const res = await callRoute(csvRoute, '/api/user_management/audit_log/export.csv', {
      cookie: admin,
      query: { action: 'credit_hold_released' },
    });
    expect(res.status).toBe(200);
    const lines = String(res.json).trim().split('\r\n');
    expect(lines[0]).toBe('seq,at (Asia/Kolkata),at_utc,action,by,by_email,entity,entity_id,detail,before,after,hash');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d+,"\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]m",/);
    expect(lines[1]).toContain('credit_hold_released,Anita Desai,admin@editlog.test,customer,A,');
  });

  it('exports the same entries as an Excel workbook', async () => {
    const res = await callRoute(xlsxRoute, '/api/user_management/audit_log/export.xlsx', { cookie: admin });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await exportAuditWorkbook(database.db, clientId, { clientId })).arrayBuffer());
    const sheet = book.getWorksheet('Edit log')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('When (Asia/Kolkata)');
    expect(sheet.rowCount - 1).toBe((await log()).length);
  });

  it('numbers the entries 1, 2, ... and chains each to the one before', async () => {
    const rows = (await log()).toReversed();
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    const chain = await queryRows(
      database.db,
      sql`select seq::int, prev_hash as "prevHash", hash from audit_log where client_id = ${clientId} order by seq`,
      row({ seq: col.int, prevHash: col.text.nullable(), hash: col.text }),
    );
    expect(chain[0]!.prevHash).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.prevHash).toBe(chain[i - 1]!.hash);
    expect(await check()).toMatchObject({ intact: true, entries: rows.length, firstSeq: 1, brokenAt: null });
  });

  it('chains concurrent writers one after the other', async () => {
    const before = (await check()).entries;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        database.db.transaction((tx) =>
          recordAudit(tx, { clientId, userId: null, action: 'sign_in_failed', detail: { attempt: i } }),
        ),
      ),
    );
    expect(await check()).toMatchObject({ intact: true, entries: before + 12, lastSeq: before + 12 });
  });

  it('refuses UPDATE and DELETE, whoever asks', async () => {
    expect(await refusal(sql`update audit_log set detail = '{}' where client_id = ${clientId}`)).toBe(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await refusal(sql`delete from audit_log where client_id = ${clientId}`)).toBe(
      'audit_log is append-only: DELETE refused',
    );
    expect((await check()).intact).toBe(true);
  });

  it('lets entries past their 8 years go, and only those', async () => {
    const { clientId: old } = await newClient(database.db, 'EDITLOGOLD');
    // Two entries written 9 years ago and one today: the trigger stamps the time, so they are made by hand.
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    try {
      const first = sql`audit_entry_hash(${old}, 1001, now() - interval '9 years', null, 'sign_in', null, null, null, null, null, null)`;
      await database.db.execute(sql`insert into audit_log (client_id, seq, at, action, prev_hash, hash)
        values (${old}, 1001, now() - interval '9 years', 'sign_in', null, ${first})`);
      await database.db.execute(sql`insert into audit_log (client_id, seq, at, action, prev_hash, hash)
        select ${old}, 1002, now(), 'sign_in', hash,
          audit_entry_hash(${old}, 1002, now(), null, 'sign_in', null, null, null, null, null, hash)
        from audit_log where client_id = ${old} and seq = 1001`);
    } finally {
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    }
    // npm run audit:check -- --prune
    expect(await pruneAuditLog(database.db)).toBe(1);
    expect(await refusal(sql`delete from audit_log where client_id = ${old} and seq = 1002`)).toBe(
      'audit_log is append-only: DELETE refused',
    );
    expect(await checkAuditChain(database.db, old)).toMatchObject({ intact: true, entries: 1, firstSeq: 1002 });
  });

  it('names the first broken link: an entry altered by hand, resealed, then one removed', async () => {
    const [hold] = await queryRows(
      database.db,
      sql`select seq::int from audit_log where client_id = ${clientId} and action = 'credit_hold_released'`,
      row({ seq: col.int }),
    );
    const k = hold!.seq;
    expect(k).toBeGreaterThan(3);
    await byHand(sql`update audit_log set detail = '{"reason":"Cheque received","expiresOn":"2099-01-01"}'
      where client_id = ${clientId} and seq = ${k}`);
    expect(await check()).toMatchObject({ intact: false, brokenAt: { seq: k, reason: 'altered' } });

    // A forger who also reseals the entry he changed breaks the link of the one after it.
    await byHand(sql`update audit_log
      set hash = audit_entry_hash(client_id, seq, at, user_id, action, entity, entity_id, detail, before, after, prev_hash)
      where client_id = ${clientId} and seq = ${k}`);
    expect(await check()).toMatchObject({ intact: false, brokenAt: { seq: k + 1, reason: 'relinked' } });

    await byHand(sql`delete from audit_log where client_id = ${clientId} and seq = 2`);
    expect(await check()).toMatchObject({ intact: false, brokenAt: { seq: 3, reason: 'missing' } });
    // npm run audit:check: the broken client first, the others intact.
    const all = await checkEveryAuditChain(database.db);
    expect(all[0]).toMatchObject({ code: 'EDITLOG', check: { intact: false } });
    expect(all.slice(1).every((c) => c.check.intact)).toBe(true);
  });

  it('is for those who manage personnel only', async () => {
    const res = await callRoute(checkRoute, '/api/user_management/audit_log/check', {});
    expect(res.status).toBe(401);
  });
});
