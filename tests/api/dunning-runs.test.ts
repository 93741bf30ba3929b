import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUT as policyPut } from '@/app/api/dunning/policy/route';
import { GET as runsGet, POST as runsPost } from '@/app/api/dunning/runs/route';
import { GET as runGet } from '@/app/api/dunning/runs/[id]/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { runImport } from '@/lib/server/imports/run-import';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { callRoute, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { day, EXPECTED, setUpDunningClient, T } from '../helpers/dunning';
import { mailCatcher, readableMail } from '../helpers/mail';
import { pdfPages } from '../helpers/pdf-text';
import { createSeededDatabase } from '../helpers/seeded';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

// Reminder runs, by hand and daily, on the hand ledger of tests/helpers/dunning.ts; the policy and
// the payment details are in dunning-settings.test.ts.

const mail = mailCatcher();
const { inbox } = mail;
let database: TestDatabase;
let clientId: number;
let admin: string;
let vardhmanAdmin: string;
let vardhmanGuest: { cookie: string; userId: number };

beforeAll(async () => {
  await mail.start();
  database = await createSeededDatabase();
  ({ clientId, admin, vardhmanAdmin, vardhmanGuest } = await setUpDunningClient(database));
}, 120_000);

afterAll(async () => {
  await mail.stop();
  await database?.dispose();
});

const run = (cookie: string, body: Record<string, unknown>) =>
  callRoute(runsPost, '/api/dunning/runs', { method: 'POST', cookie, body });
const pick = (m: Record<string, unknown>) => ({
  sysObligorCode: m.sysObligorCode,
  level: m.level,
  channel: m.channel,
  amountDue: m.amountDue,
  oldestDays: m.oldestDays,
});

describe('a reminder run', () => {
  let firstRunId: number;

  it('previews exactly the families with debt due at their level and amount, sending nothing', async () => {
    const res = await run(admin, { dryRun: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ runDate: T, dryRun: true, status: 'DONE', trigger: 'MANUAL' });
    expect(res.json.messages.map(pick)).toEqual(EXPECTED);
    const byCode = Object.fromEntries(res.json.messages.map((m: { sysObligorCode: string }) => [m.sysObligorCode, m]));
    expect(byCode.PA).toMatchObject({
      obligorName: 'Patil Agencies',
      recipient: 'accounts@patil.example',
      status: 'PREVIEW',
      error: null,
    });
    expect(byCode.NE).toMatchObject({ recipient: null, status: 'PREVIEW', error: 'no email address' });
    expect(byCode.KT.recipient).toBe('Anita Desai'); // no manager: the administrator
    expect(inbox).toHaveLength(0);
    // Nothing of a preview is stored: it has no id, and no run or message row was written.
    expect(res.json.id).toBeNull();
    const stored = await queryRows(
      database.db,
      sql`select (select count(*) from dunning_runs where client_id = ${clientId}) as runs,
        (select count(*) from dunning_messages where client_id = ${clientId}) as messages`,
      row({ runs: col.int, messages: col.int }),
    );
    expect(stored).toEqual([{ runs: 0, messages: 0 }]);
  });

  it('lets a user with the Worklist page preview, and only MANAGE_REMINDERS send (403 for finance staff)', async () => {
    // Vardhman's finance staff: Receivables and Tasks (the Worklist), no permission to send.
    const { cookie: staff } = await sessionCookieFor(database.db, 'staff@vardhman.test', 'Receivables@2026');
    const preview = await run(staff, { dryRun: true });
    expect(preview.status, JSON.stringify(preview.json)).toBe(201);
    const send = await run(staff, { dryRun: false });
    expect(send.status).toBe(403);
    expect(send.json.message).toMatch(/Send customer reminders/);
    const remind = await run(staff, { dryRun: false, sysObligorCode: preview.json.messages[0]?.sysObligorCode });
    expect(remind.status).toBe(403);
  });

  it('previews one customer when asked, and refuses one the user cannot see (404)', async () => {
    const one = await run(admin, { dryRun: true, sysObligorCode: 'PA' });
    expect(one.json.messages.map(pick)).toEqual([EXPECTED[2]]);
    const none = await run(admin, { dryRun: true, sysObligorCode: 'NOPE' });
    expect(none.status).toBe(404);
  });

  it('sends the mails with the statement and the UPI link, logs them, makes the tasks, and keeps failures', async () => {
    const res = await run(admin, { dryRun: false });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    firstRunId = res.json.id;
    expect(res.json.messages.map(pick)).toEqual(EXPECTED);
    const status = Object.fromEntries(
      res.json.messages.map((m: { sysObligorCode: string; status: string; error: string | null }) => [
        m.sysObligorCode,
        [m.status, m.error],
      ]),
    );
    expect(status).toMatchObject({
      KT: ['SENT', null],
      WA: ['SENT', null],
      PA: ['SENT', null],
      SG: ['SENT', null],
      RK: ['SENT', null],
      NE: ['FAILED', 'no email address'],
    });
    expect(status.BB[0]).toBe('FAILED');
    expect(status.BB[1]).toMatch(/reject|550|mailbox/i);

    // Three mails caught: PA's family contact, SG, RK.
    expect(inbox.map((m) => m.to).sort()).toEqual([
      'accounts@ganesh.example',
      'accounts@patil.example',
      'rk@raokulkarni.example',
    ]);
    const pa = readableMail(inbox.find((m) => m.to === 'accounts@patil.example')!.raw);
    expect(pa).toContain('Subject: Second reminder: ₹18,000.00 overdue by 20 days');
    expect(pa).toContain('Dear Patil Agencies,');
    expect(pa).toContain('- Invoice INV/A1 dated');
    expect(pa).toContain('- Credit note CN/1 dated');
    expect(pa).toContain(': less ₹2,000.00');
    expect(pa).toMatch(/statement-PA\.xlsx/);
    expect(pa).toMatch(/application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/);
    expect(pa).toMatch(/image\/png/);
    expect(pa).toMatch(/Content-ID: <upi-qr>/i);
    // The UPI link, in the text part and as the HTML button; the bank details below.
    const link =
      'upi://pay?pa=dunningtraders%40icici&pn=DUNNING%20Traders%20Pvt%20Ltd&am=18000.00&tn=DUNNING%20dues%20PA&cu=INR';
    expect(pa).toContain(`Pay by UPI: ${link}`);
    expect(pa).toContain(`<a href="${link.replace(/&/g, '&amp;')}"`);
    expect(pa).toContain('<img src="cid:upi-qr"');
    expect(pa).toContain('IFSC: ICIC0000123');
    // The attachment is the portal's statement workbook of the family, with the UPI link in its header.
    const base64 = /filename=statement-PA\.xlsx[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(pa)![1]!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(base64.replace(/\s/g, ''), 'base64') as never);
    const statement = book.getWorksheet('Statement')!;
    expect(String(statement.getRow(2).getCell(1).value)).toContain(
      'pay by UPI: upi://pay?pa=dunningtraders%40icici&pn=DUNNING%20Traders%20Pvt%20Ltd&tn=DUNNING%20dues%20PA&cu=INR',
    );
    // The reminder as a PDF, from the statement's template: the items, what is asked for, where to pay.
    const pdf64 = /filename=reminder-PA-[\d-]+\.pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(pa)![1]!;
    const reminder = (await pdfPages(Buffer.from(pdf64.replace(/\s/g, ''), 'base64'))).join(' ');
    expect(reminder).toContain('Payment reminder');
    expect(reminder).toContain('Patil Agencies');
    expect(reminder).toMatch(/INV\/A1 Invoice .* INV\/A2 Invoice/);
    expect(reminder).toContain('CN/1 Credit note');
    expect(reminder).toContain('Please pay 18,000.00');
    expect(reminder).toContain('IFSC ICIC0000123');
    expect(reminder).toContain('Page 1 of 1');
    const openItems = book.getWorksheet('Open items')!;
    const docs = [];
    for (let r = 4; r <= openItems.rowCount; r += 1) docs.push(openItems.getRow(r).getCell(1).value);
    expect(docs).toEqual(['INV/A1', 'CN/1', 'INV/A2', 'INV/A3', 'Total']); // most overdue first

    // Each mail is an EMAIL communication on the customer, linked from its message.
    const logged = await queryRows(
      database.db,
      sql`select c.sys_obligor_code as code, c.channel, count(m.id)::int as linked from communications c
      left join dunning_messages m on m.client_id = c.client_id and m.communication_id = c.id
      where c.client_id = ${clientId} group by 1, 2 order by 1`,
      row({ code: col.text, channel: col.text, linked: col.int }),
    );
    expect(logged).toEqual([
      { code: 'PA', channel: 'EMAIL', linked: 1 },
      { code: 'RK', channel: 'EMAIL', linked: 1 },
      { code: 'SG', channel: 'EMAIL', linked: 1 },
    ]);
    // WhatsApp prepared as a task (the admin: no field officer), the last level a task for the manager.
    const tasks = await queryRows(
      database.db,
      sql`select t.sys_obligor_code as code, t.name, t.comment from tasks t
      join dunning_messages m on m.client_id = t.client_id and m.task_id = t.id
      where t.client_id = ${clientId} order by 1`,
      row({ code: col.text, name: col.text, comment: col.text }),
    );
    expect(tasks.map((t) => [t.code, t.name])).toEqual([
      ['KT', 'Escalate: Kale Traders owes ₹9,000.00, 70 days overdue'],
      ['WA', 'Send the WhatsApp reminder to Wagh Agencies'],
    ]);
    expect(tasks[1]!.comment).toContain('₹6,000.00 is overdue from Wagh Agencies, the oldest by 35 days');
    expect(tasks[1]!.comment).toContain('upi://pay?pa=dunningtraders%40icici');
  });

  it('sends nothing twice the same day, and says so', async () => {
    const ours = () => inbox.filter((m) => m.to.endsWith('.example')).length;
    const before = ours();
    const res = await run(admin, { dryRun: false });
    expect(res.status).toBe(201);
    expect(ours()).toBe(before);
    const sent = res.json.messages.filter((m: { status: string }) => m.status === 'SENT');
    expect(sent).toEqual([]);
    const skipped = res.json.messages.filter((m: { status: string }) => m.status === 'SKIPPED');
    expect(skipped.map((m: { sysObligorCode: string; error: string }) => [m.sysObligorCode, m.error])).toEqual([
      ['KT', 'already reminded today'],
      ['WA', 'already reminded today'],
      ['PA', 'already reminded today'],
      ['SG', 'already reminded today'],
      ['RK', 'already reminded today'],
    ]);
    // The failures are tried again (they were not sent), and fail again.
    expect(
      res.json.messages
        .filter((m: { status: string }) => m.status === 'FAILED')
        .map((m: { sysObligorCode: string }) => m.sysObligorCode),
    ).toEqual(['NE', 'BB']);
    const [once] = await queryRows(
      database.db,
      sql`select count(*)::int as n from dunning_messages where client_id = ${clientId} and status = 'SENT'`,
      row({ n: col.int }),
    );
    expect(once!.n).toBe(5);
    // The daily job, later the same day, finds them reminded too (it runs the demo clients as well).
    expect(await runDailyReminders(database.db, new Date(`${T}T23:00:00+05:30`))).toBeGreaterThanOrEqual(1);
    expect(ours()).toBe(before);
    // Once a day: the next check the same day starts nothing.
    expect(await runDailyReminders(database.db, new Date(`${T}T23:30:00+05:30`))).toBe(0);
  });

  it('lists the runs newest first with their counts, and shows one run', async () => {
    const list = await callRoute(runsGet, '/api/dunning/runs', { cookie: admin, query: { count: 2 } });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-totalrecords')).toBe('3'); // two runs and the daily one: previews are not stored
    expect(list.json[0]).toMatchObject({ trigger: 'DAILY', dryRun: false, status: 'DONE', sent: 0 });
    const one = await callRoute(runGet, `/api/dunning/runs/${firstRunId}`, {
      cookie: admin,
      params: { id: String(firstRunId) },
    });
    expect(one.status).toBe(200);
    expect(one.json.messages.map(pick)).toEqual(EXPECTED);
    expect(one.json.messages.filter((m: { status: string }) => m.status === 'SENT')).toHaveLength(5);
  });

  it('stops chasing a customer whose payment is imported', async () => {
    const batch = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: T,
      files: [file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', `PAY3,S1,${T},25000`]))],
    });
    expect(batch.status, JSON.stringify(batch.errors)).toBe('SUCCEEDED');
    const res = await run(admin, { dryRun: true });
    const codes = res.json.messages.map((m: { sysObligorCode: string }) => m.sysObligorCode);
    expect(codes).toEqual(['KT', 'WA', 'PA', 'NE', 'BB', 'RK']); // SG paid: gone
  });

  it("is not another client's to see (404)", async () => {
    const res = await callRoute(runGet, `/api/dunning/runs/${firstRunId}`, {
      cookie: vardhmanAdmin,
      params: { id: String(firstRunId) },
    });
    expect(res.status).toBe(404);
  });

  it("covers only a field officer's own families", async () => {
    const res = await run(vardhmanGuest.cookie, { dryRun: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const codes: string[] = res.json.messages.map((m: { sysObligorCode: string }) => m.sysObligorCode);
    expect(codes.length).toBeGreaterThan(0);
    const vardhman = await queryRows(
      database.db,
      sql`select id from clients where code = 'VARDHMAN'`,
      row({ id: col.int }),
    );
    const theirs = await queryRows(
      database.db,
      sql`select distinct coalesce(parent_sys_obligor_code, sys_obligor_code) as code from obligors
      where client_id = ${vardhman[0]!.id} and guest_id = ${vardhmanGuest.userId}`,
      row({ code: col.text }),
    );
    const own = new Set(theirs.map((r) => r.code));
    expect(codes.filter((c) => !own.has(c))).toEqual([]);
    // Their runs are theirs: the admin's runs are not listed for them (and their preview was not stored).
    const list = await callRoute(runsGet, '/api/dunning/runs', { cookie: vardhmanGuest.cookie });
    expect(list.headers.get('x-totalrecords')).toBe('0');
  });
});

describe('the daily run', () => {
  it('waits for 09:00 of the client day, and sends nothing when the policy is switched off', async () => {
    const quiet = await newClient(database.db, 'QUIET');
    const cookie = (await sessionCookieFor(database.db, quiet.email, PASSWORD)).cookie;
    const report = await runImport(database.db, {
      clientId: quiet.clientId,
      userId: null,
      source: 'CLI',
      today: T,
      files: [
        file('obligors.csv', csv(['sys_obligor_code,name,email', 'Q1,Quiet Stores,q1@quiet.example'])),
        file(
          'invoices.csv',
          csv([
            'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
            `Q1A,INV/Q1A,Q1,${day(-40)},${day(-10)},5000`,
          ]),
        ),
      ],
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    const runsOf = () =>
      queryRows(
        database.db,
        sql`select r.trigger, r.status, (select count(*)::int from dunning_messages m
          where m.client_id = r.client_id and m.run_id = r.id) as n
        from dunning_runs r where r.client_id = ${quiet.clientId}`,
        row({ trigger: col.text, status: col.text, n: col.int }),
      );
    expect(await runDailyReminders(database.db, new Date(`${T}T08:59:00+05:30`))).toBe(0);
    expect(await runsOf()).toEqual([]);
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const off = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie,
      body: { enabled: false, grouping: 'FAMILY', minAmount: 1000, quietDays: 7, levels },
    });
    expect(off.status).toBe(200);
    expect(await runDailyReminders(database.db, new Date(`${T}T10:00:00+05:30`))).toBe(0);
    expect(await runsOf()).toEqual([{ trigger: 'DAILY', status: 'DONE', n: 0 }]);
    expect(inbox.filter((m) => m.to === 'q1@quiet.example')).toEqual([]);
    // Run now still works for it: the preview lists the customer at level 2.
    const preview = await run(cookie, { dryRun: true });
    expect(preview.json.messages.map(pick)).toEqual([
      { sysObligorCode: 'Q1', level: 2, channel: 'EMAIL', amountDue: 5000, oldestDays: 10 },
    ]);
  });
});

describe('grouping by account', () => {
  it('splits a family into its accounts, each with its own debt, level and address', async () => {
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const saved = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: { enabled: true, grouping: 'ACCOUNT', minAmount: 1000, quietDays: 7, levels },
    });
    expect(saved.status).toBe(200);
    const res = await run(admin, { dryRun: true });
    const family = res.json.messages.filter((m: { sysObligorCode: string }) => m.sysObligorCode.startsWith('PA'));
    // PA1: A1 10,000 less CN1 2,000, oldest 20 days; PA2: A2 10,000 left, 2 days (A3 is not due yet).
    expect(
      family.map((m: Record<string, unknown>) => ({ ...pick(m), recipient: m.recipient, error: m.error })),
    ).toEqual([
      {
        sysObligorCode: 'PA1',
        level: 3,
        channel: 'EMAIL',
        amountDue: 8000,
        oldestDays: 20,
        recipient: 'pa1@patil.example',
        error: null,
      },
      {
        sysObligorCode: 'PA2',
        level: 2,
        channel: 'EMAIL',
        amountDue: 10000,
        oldestDays: 2,
        recipient: null,
        error: 'no email address',
      },
    ]);
  });
});
