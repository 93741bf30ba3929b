import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as policyGet, PUT as policyPut } from '@/app/api/dunning/policy/route';
import { GET as runsGet, POST as runsPost } from '@/app/api/dunning/runs/route';
import { GET as runGet } from '@/app/api/dunning/runs/[id]/route';
import { GET as detailsGet, PUT as detailsPut } from '@/app/api/clients/payment_details/route';
import { contacts } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query';
import { todayIso } from '@/lib/domain/dates';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { runImport } from '@/lib/server/imports/run-import';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { callRoute } from '../helpers/api';
import { readableMail } from '../helpers/mail';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';
import { csv, file, newClient } from '../imports/helpers';
import { sessionCookieFor } from '../helpers/api';
import { PASSWORD } from '../imports/helpers';

interface ReceivedMail {
  to: string;
  raw: string;
}
const inbox: ReceivedMail[] = [];
let smtp: SMTPServer;
let database: TestDatabase;
let clientId: number;
let admin: string;
let vardhmanAdmin: string;
let vardhmanGuest: { cookie: string; userId: number };
/** The new client's today (Asia/Kolkata, its default zone): the hand ledger is dated from it. */
const T = todayIso(new Date(), 'Asia/Kolkata');
const day = (n: number) => format(addDays(parseISO(T), n), 'yyyy-MM-dd');

/**
 * The hand ledger, as of T, with the default policy (family grouping, minimum ₹1,000, levels at
 * -3, 1, 15, 30 and 60 days):
 * - PA family (PA1, PA2): A1 10,000 due T-20; CN1 -2,000; A2 15,000 due T-2 of which 5,000 paid;
 *   A3 7,000 due T+10 (outside every level) → 10,000 - 2,000 + 10,000 = 18,000, oldest 20 → level 3
 * - SG: 25,000 due T-1 → level 2
 * - RK: 4,000 due T+2 → level 1 ("due soon"), oldest -2
 * - NE: 3,000 due T-5, no email anywhere → level 2, FAILED "no email address"
 * - BB: 2,000 due T-3, an address the mail server refuses → level 2, FAILED
 * - WA: 6,000 due T-35 → level 4, WhatsApp prepared as a task
 * - KT: 9,000 due T-70 → level 5, a task for the manager (none: the admin)
 * - MK: 800 due T-10 → under the minimum, left out
 * - DS: 5,000 due T-20 in an OPEN dispute → left out
 * - JP: 12,000 due T-40, OPEN promise to pay by T+2 → left out
 * - PL: 5,000 due T-20, paid in full → left out
 */
const EXPECTED = [
  { sysObligorCode: 'KT', level: 5, channel: 'TASK', amountDue: 9000, oldestDays: 70 },
  { sysObligorCode: 'WA', level: 4, channel: 'WHATSAPP', amountDue: 6000, oldestDays: 35 },
  { sysObligorCode: 'PA', level: 3, channel: 'EMAIL', amountDue: 18000, oldestDays: 20 },
  { sysObligorCode: 'NE', level: 2, channel: 'EMAIL', amountDue: 3000, oldestDays: 5 },
  { sysObligorCode: 'BB', level: 2, channel: 'EMAIL', amountDue: 2000, oldestDays: 3 },
  { sysObligorCode: 'SG', level: 2, channel: 'EMAIL', amountDue: 25000, oldestDays: 1 },
  { sysObligorCode: 'RK', level: 1, channel: 'EMAIL', amountDue: 4000, oldestDays: -2 },
];

const ledger = () => [
  file(
    'obligors.csv',
    csv([
      'sys_obligor_code,name,parent_sys_obligor_code,email',
      'PA,Patil Agencies,,',
      'PA1,Patil Agencies Kolhapur,PA,pa1@patil.example',
      'PA2,Patil Agencies Sangli,PA,',
      'SG,Shree Ganesh Traders,,accounts@ganesh.example',
      'RK,Rao & Kulkarni,,rk@raokulkarni.example',
      'NE,Naik Enterprises,,',
      'BB,Bhosale Brothers,,bounce@refuse.example',
      'WA,Wagh Agencies,,wagh@wagh.example',
      'KT,Kale Traders,,kale@kale.example',
      'MK,Mehta Kirana,,mk@mehta.example',
      'DS,Desai Stores,,ds@desai.example',
      'JP,Joshi Provisions,,jp@joshi.example',
      'PL,Pawar Logistics,,pl@pawar.example',
    ]),
  ),
  file(
    'invoices.csv',
    csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
      `A1,INV/A1,PA1,INVOICE,${day(-50)},${day(-20)},10000,INR`,
      `CN1,CN/1,PA1,CREDIT_NOTE,${day(-15)},,2000,INR`,
      `A2,INV/A2,PA2,INVOICE,${day(-32)},${day(-2)},15000,INR`,
      `A3,INV/A3,PA2,INVOICE,${day(-20)},${day(10)},7000,INR`,
      `S1,INV/S1,SG,INVOICE,${day(-31)},${day(-1)},25000,INR`,
      `R1,INV/R1,RK,INVOICE,${day(-28)},${day(2)},4000,INR`,
      `N1,INV/N1,NE,INVOICE,${day(-35)},${day(-5)},3000,INR`,
      `B1,INV/B1,BB,INVOICE,${day(-33)},${day(-3)},2000,INR`,
      `W1,INV/W1,WA,INVOICE,${day(-65)},${day(-35)},6000,INR`,
      `K1,INV/K1,KT,INVOICE,${day(-100)},${day(-70)},9000,INR`,
      `M1,INV/M1,MK,INVOICE,${day(-40)},${day(-10)},800,INR`,
      `D1,INV/D1,DS,INVOICE,${day(-50)},${day(-20)},5000,INR`,
      `D2,INV/D2,DS,INVOICE,${day(-20)},${day(10)},5000,INR`,
      `J1,INV/J1,JP,INVOICE,${day(-70)},${day(-40)},12000,INR`,
      `P1,INV/P1,PL,INVOICE,${day(-50)},${day(-20)},5000,INR`,
    ]),
  ),
  file(
    'payments.csv',
    csv(['payment_ref,sys_invoice_num,paid_date,amount', `PAY1,A2,${day(-5)},5000`, `PAY2,P1,${day(-3)},5000`]),
  ),
];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('refuse')) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  process.env.APP_URL = 'http://receivables.test';

  database = await createSeededDatabase();
  const created = await newClient(database.db, 'DUNNING');
  clientId = created.clientId;
  admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  vardhmanAdmin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const guest = await signInAs(database, 'guest@vardhman.test');
  vardhmanGuest = { cookie: guest.cookie, userId: guest.session.userId };
  const report = await runImport(database.db, { clientId, userId: null, source: 'CLI', today: T, files: ledger() });
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  // The family's accounts department is a contact of the parent: the family's mail goes there.
  await database.db.insert(contacts).values({
    clientId,
    sysObligorCode: 'PA',
    name: 'Sunil Patil',
    role: 'Accounts',
    email: 'accounts@patil.example',
    phone: '+91 98220 12345',
  });
  // DS's older invoice is disputed; JP promised to pay by T+2.
  await database.db.execute(sql`insert into disputes (client_id, id, sys_obligor_code, reason, amount, opened_on)
    values (${clientId}, 1, 'DS', 'QUALITY', 5000, ${day(-2)})`);
  await database.db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, 1, 'D1')`,
  );
  await database.db
    .execute(sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel)
    values (${clientId}, 'JP', 12000, ${day(2)}, ${day(-1)}, 'CALL')`);
  // Where the client's customers are asked to pay.
  const saved = await callRoute(detailsPut, '/api/clients/payment_details', {
    method: 'PUT',
    cookie: admin,
    body: {
      upiVpa: 'dunningtraders@icici',
      bankName: 'ICICI Bank',
      bankAccountName: 'DUNNING Traders Pvt Ltd',
      bankAccountNumber: '012305001234',
      bankIfsc: 'icic0000123',
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect(saved.json.bankIfsc).toBe('ICIC0000123');
}, 120_000);

afterAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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

describe('the reminder policy', () => {
  it('is the default one for a client that has saved none', async () => {
    const res = await callRoute(policyGet, '/api/dunning/policy', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      isDefault: true,
      enabled: true,
      grouping: 'FAMILY',
      minAmount: 1000,
      quietDays: 7,
    });
    expect(res.json.levels.map((l: { days: number }) => l.days)).toEqual([-3, 1, 15, 30, 60]);
  });

  it('refuses bad levels with a message per field (400)', async () => {
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const bad = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: {
        enabled: true,
        grouping: 'TEAM',
        minAmount: -5,
        quietDays: 91,
        levels: [
          { ...levels[0], days: -31 },
          { ...levels[1], days: 15, subject: 'Pay {{amount}} now' },
          { ...levels[2], days: 15, body: ' ' },
          { ...levels[3], channel: 'SMS' },
          { ...levels[4], taskFor: undefined },
          { ...levels[1], days: 400, taskFor: 'MANAGER' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({
      grouping: expect.any(String),
      minAmount: 'the minimum amount cannot be negative',
      quietDays: 'at most 90 days',
      'levels.0.days': 'at least -30 (days before the due date)',
      'levels.1.subject': expect.stringContaining('unknown placeholder {{amount}}'),
      'levels.2.body': 'write the message',
      'levels.3.channel': 'choose email, WhatsApp or task',
      'levels.5.days': 'at most 365 days after the due date',
    });
    // The cross-field rules run once every field parses.
    const order = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: {
        enabled: true,
        grouping: 'FAMILY',
        minAmount: 1000,
        quietDays: 7,
        levels: [
          levels[0],
          { ...levels[2], days: -3 },
          { ...levels[4], taskFor: null },
          { ...levels[1], days: 90, taskFor: 'MANAGER' },
        ],
      },
    });
    expect(order.status).toBe(400);
    expect(order.json.fields).toEqual({
      'levels.1.days': 'each level comes later than the one before: more than -3 days',
      'levels.2.taskFor': 'choose who gets the task',
      'levels.3.taskFor': 'only a task level names who gets the task',
    });
    const still = await callRoute(policyGet, '/api/dunning/policy', { cookie: admin });
    expect(still.json.isDefault).toBe(true);
  });

  it('may not be changed by a field officer (403)', async () => {
    const res = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: vardhmanGuest.cookie,
      body: { ...DEFAULT_POLICY },
    });
    expect(res.status).toBe(403);
  });

  it('is saved whole, its levels replaced, and audited', async () => {
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const body = { enabled: true, grouping: 'ACCOUNT', minAmount: '2,500', quietDays: 3, levels: levels.slice(1, 3) };
    const res = await callRoute(policyPut, '/api/dunning/policy', { method: 'PUT', cookie: admin, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ isDefault: false, grouping: 'ACCOUNT', minAmount: 2500, quietDays: 3 });
    expect(res.json.levels.map((l: { level: number; days: number }) => [l.level, l.days])).toEqual([
      [1, 1],
      [2, 15],
    ]);
    const [audit] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where client_id = ${clientId} and action = 'dunning_policy_saved'`,
    );
    expect(audit!.n).toBe(1);
    // Back to the default levels for the runs below (saved, so no longer "default").
    const back = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: { enabled: true, grouping: 'FAMILY', minAmount: 1000, quietDays: 7, levels },
    });
    expect(back.status).toBe(200);
    expect(back.json.levels).toHaveLength(5);
  });
});

describe('payment details', () => {
  it('refuse a VPA without a bank handle and a malformed IFSC (400)', async () => {
    const res = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { upiVpa: 'dunningtraders', bankIfsc: 'ICIC1000123', bankAccountNumber: '12-34' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(['bankAccountNumber', 'bankIfsc', 'upiVpa']);
    const kept = await callRoute(detailsGet, '/api/clients/payment_details', { cookie: admin });
    expect(kept.json.upiVpa).toBe('dunningtraders@icici');
  });
  it('may not be changed by a field officer (403)', async () => {
    const res = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: vardhmanGuest.cookie,
      body: { upiVpa: 'mine@ybl' },
    });
    expect(res.status).toBe(403);
  });
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
    const openItems = book.getWorksheet('Open items')!;
    const docs = [];
    for (let r = 4; r <= openItems.rowCount; r += 1) docs.push(openItems.getRow(r).getCell(1).value);
    expect(docs).toEqual(['INV/A1', 'CN/1', 'INV/A2', 'INV/A3', 'Total']); // most overdue first

    // Each mail is an EMAIL communication on the customer, linked from its message.
    const logged = await queryRows<{ code: string; channel: string; linked: number }>(
      database.db,
      sql`select c.sys_obligor_code as code, c.channel, count(m.id)::int as linked from communications c
      left join dunning_messages m on m.client_id = c.client_id and m.communication_id = c.id
      where c.client_id = ${clientId} group by 1, 2 order by 1`,
    );
    expect(logged).toEqual([
      { code: 'PA', channel: 'EMAIL', linked: 1 },
      { code: 'RK', channel: 'EMAIL', linked: 1 },
      { code: 'SG', channel: 'EMAIL', linked: 1 },
    ]);
    // WhatsApp prepared as a task (the admin: no field officer), the last level a task for the manager.
    const tasks = await queryRows<{ code: string; name: string; comment: string }>(
      database.db,
      sql`select t.sys_obligor_code as code, t.name, t.comment from tasks t
      join dunning_messages m on m.client_id = t.client_id and m.task_id = t.id
      where t.client_id = ${clientId} order by 1`,
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
    const [once] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from dunning_messages where client_id = ${clientId} and status = 'SENT'`,
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
    expect(list.headers.get('x-totalrecords')).toBe('5'); // two previews, two runs and the daily one
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
    const vardhman = await queryRows<{ id: number }>(database.db, sql`select id from clients where code = 'VARDHMAN'`);
    const theirs = await queryRows<{ code: string }>(
      database.db,
      sql`select distinct coalesce(parent_sys_obligor_code, sys_obligor_code) as code from obligors
      where client_id = ${vardhman[0]!.id} and guest_id = ${vardhmanGuest.userId}`,
    );
    const own = new Set(theirs.map((r) => r.code));
    expect(codes.filter((c) => !own.has(c))).toEqual([]);
    // Their runs are theirs: the admin's runs are not listed for them.
    const list = await callRoute(runsGet, '/api/dunning/runs', { cookie: vardhmanGuest.cookie });
    expect(list.headers.get('x-totalrecords')).toBe('1');
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
      queryRows<{ trigger: string; status: string; n: number }>(
        database.db,
        sql`select r.trigger, r.status, (select count(*)::int from dunning_messages m
          where m.client_id = r.client_id and m.run_id = r.id) as n
        from dunning_runs r where r.client_id = ${quiet.clientId}`,
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
