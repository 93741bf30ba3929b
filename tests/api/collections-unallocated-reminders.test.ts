import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as runsPost } from '@/app/api/dunning/runs/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { CLIENT_TODAY, day, dmy } from '../helpers/ledger-client';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { renderText, type Payee } from '@/lib/server/dunning/reminder-message';
import { runReminders } from '@/lib/server/dunning/runs';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { readableMail } from '../helpers/mail';
import { onAccountClient } from '../helpers/on-account-ledger';

/** The new client's today: the hand ledger (tests/helpers/on-account-ledger.ts) is dated from it. */
const T = CLIENT_TODAY;

const GT_LINE =
  'We have received ₹5,000.00 on account that is not yet allocated to bills; we have deducted it: ₹23,000.00 remains due.';
const CP_REASON =
  '₹15,000.00 received on account, not yet allocated to bills, covers the ₹12,000.00 due: no reminder; a task asks which bills it pays';
const MB_REASON =
  '₹2,500.00 received on account, not yet allocated to bills, leaves ₹500.00 of the ₹3,000.00 due, under the minimum: no reminder; a task asks which bills it pays';

let database: TestDatabase;
let clientId: number;
let admin: string;
let officer: { id: number; cookie: string };
const outbox = mkdtempSync(path.join(tmpdir(), 'collections-outbox-'));

beforeAll(async () => {
  process.env.OUTBOX_DIR = outbox;
  delete process.env.SMTP_URL;
  ({ database, clientId, admin, officer } = await onAccountClient());
}, 120_000);

afterAll(async () => {
  await database?.dispose();
  rmSync(outbox, { recursive: true, force: true });
});

const mails = () => readdirSync(outbox).map((f) => readableMail(readFileSync(path.join(outbox, f), 'utf8')));
const mailTo = (address: string) => mails().filter((m) => m.includes(`To: ${address}`));

const pick = (m: Record<string, unknown>) => ({
  code: m.sysObligorCode,
  level: m.level,
  channel: m.channel,
  amountDue: m.amountDue,
  oldestDays: m.oldestDays,
  status: m.status,
  recipient: m.recipient,
  error: m.error,
});

/** The tasks asking which bills a receipt pays, oldest first. */
const askTasks = () =>
  queryRows(
    database.db,
    sql`select t.id, t.sys_obligor_code as code, t.name, t.status, u.name as assignee, c.task_category as category,
      t.comment, (select string_agg(ti.sys_invoice_num, ',' order by ti.sys_invoice_num) from task_invoices ti
        where ti.client_id = t.client_id and ti.task_id = t.id) as bills
    from tasks t
    join users u on u.client_id = t.client_id and u.id = t.assignee_id
    join task_categories c on c.client_id = t.client_id and c.id = t.category_id
    where t.client_id = ${clientId} and t.name like 'Ask which bills the receipt pays%' order by t.id`,
    row({
      id: col.int,
      code: col.text,
      name: col.text,
      status: col.text,
      assignee: col.text,
      category: col.text,
      comment: col.text,
      bills: col.text.nullable(),
    }),
  );

describe('reminders net money received on account', () => {
  it('preview: the net amount for part cover, a task instead of a reminder for full cover, nothing made', async () => {
    const res = await callRoute(runsPost, '/api/dunning/runs', {
      method: 'POST',
      cookie: admin,
      body: { dryRun: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.messages.map(pick)).toEqual([
      {
        code: 'GT',
        level: 3,
        channel: 'EMAIL',
        amountDue: 23000,
        oldestDays: 25,
        status: 'PREVIEW',
        recipient: 'accounts@gupta.example',
        error: null,
      },
      {
        code: 'CP',
        level: 3,
        channel: 'TASK',
        amountDue: 0,
        oldestDays: 20,
        status: 'SKIPPED',
        recipient: 'Suresh Patil',
        error: CP_REASON,
      },
      {
        code: 'SA',
        level: 2,
        channel: 'EMAIL',
        amountDue: 15000,
        oldestDays: 12,
        status: 'PREVIEW',
        recipient: 'sa@sawant.example',
        error: null,
      },
      {
        code: 'MB',
        level: 2,
        channel: 'TASK',
        amountDue: 500,
        oldestDays: 5,
        status: 'SKIPPED',
        recipient: 'Anita Desai',
        error: MB_REASON,
      },
    ]);
    expect(await askTasks()).toEqual([]);
    expect(mails()).toEqual([]);
  });

  it('counts a receipt as unallocated until its allocation date, then reminds for the items left', async () => {
    // Before anyone is reminded, so that the preview of T-4 is not held back by a reminder sent on T.
    const policy = { ...structuredClone(DEFAULT_POLICY) };
    const payee: Payee = {
      code: 'COLLECT',
      name: 'COLLECT Traders Pvt Ltd',
      upiVpa: null,
      bankName: null,
      bankAccountName: null,
      bankAccountNumber: null,
      bankIfsc: null,
      upiLimit: 100_000,
    };
    // T-4, before the allocation of T-2: S1 15,000 (8 days past due) less the 9,000 on account = 6,000.
    const [before] = await reminderCandidates(database.db, clientId, policy, day(-4), { code: 'SA' });
    expect(before).toMatchObject({
      action: 'REMIND',
      itemsDue: 15000,
      unallocated: -9000,
      amountDue: 6000,
      oldestDays: 8,
    });
    expect(before!.items.map((i) => [i.invoiceNum, i.outstanding])).toEqual([['SA/1', 15000]]);
    const earlier = renderText(policy.levels[1]!, payee, before!);
    expect(earlier.subject).toBe('Payment reminder: ₹6,000.00 overdue from Sawant Agencies');
    expect(earlier.text).toContain(
      'We have received ₹9,000.00 on account that is not yet allocated to bills; we have deducted it: ₹6,000.00 remains due.',
    );
    const preview = await runReminders(database.db, {
      clientId,
      userId: null,
      trigger: 'MANUAL',
      dryRun: true,
      today: day(-4),
      code: 'SA',
    });
    expect(preview.messages.map(pick)).toEqual([
      {
        code: 'SA',
        level: 2,
        channel: 'EMAIL',
        amountDue: 6000,
        oldestDays: 8,
        status: 'PREVIEW',
        recipient: 'sa@sawant.example',
        error: null,
      },
    ]);
    // T, after it: the 9,000 pays S3, nothing is on account, the reminder is S1's 15,000.
    const [after] = await reminderCandidates(database.db, clientId, policy, T, { code: 'SA' });
    expect(after).toMatchObject({
      action: 'REMIND',
      itemsDue: 15000,
      unallocated: 0,
      amountDue: 15000,
      oldestDays: 12,
    });
    expect(after!.items.map((i) => [i.invoiceNum, i.outstanding])).toEqual([['SA/1', 15000]]);
    expect(renderText(policy.levels[1]!, payee, after!).text).not.toContain('on account');
  });

  it('the daily job mails the net amount with the on-account line, and makes one task per covered family', async () => {
    expect(await runDailyReminders(database.db, new Date(`${T}T10:00:00+05:30`))).toBe(1);
    // Mailed: GT and SA only.
    expect(mails()).toHaveLength(2);
    expect(mailTo('accounts@chavan.example')).toEqual([]);
    expect(mailTo('mane@mane.example')).toEqual([]);
    const [gt] = mailTo('accounts@gupta.example');
    expect(gt).toContain('Subject: Second reminder: ₹23,000.00 overdue by 25 days');
    expect(gt).toContain('Our records show ₹23,000.00 still unpaid, the oldest invoice now 25 days past due:');
    // The items stay listed, the line on the money on account below them (text part).
    expect(gt).toContain(
      `- Invoice GT/1 dated ${dmy(-55)}, due ${dmy(-25)}: ₹20,000.00 (25 days overdue)\n` +
        `- Invoice GT/2 dated ${dmy(-40)}, due ${dmy(-10)}: ₹8,000.00 (10 days overdue)\n\n${GT_LINE}`,
    );
    expect(gt).not.toContain('GT/3');
    // The HTML table deducts it before the amount due: 20,000 + 8,000 less 5,000 = 23,000.
    expect(gt).toMatch(/Received on account, not yet allocated to bills<\/td><td [^>]*>less ₹5,000\.00</);
    expect(gt).toMatch(/<strong>Amount due<\/strong><\/td><td [^>]*><strong>₹23,000\.00</);
    const [sa] = mailTo('sa@sawant.example');
    expect(sa).toContain('Subject: Payment reminder: ₹15,000.00 overdue from Sawant Agencies');
    expect(sa).not.toContain('on account');

    const tasks = await askTasks();
    expect(
      tasks.map(({ code, name, status, assignee, category, bills }) => ({
        code,
        name,
        status,
        assignee,
        category,
        bills,
      })),
    ).toEqual([
      {
        code: 'CP',
        name: 'Ask which bills the receipt pays: Chavan Provisions',
        status: 'OPEN',
        assignee: 'Suresh Patil', // the family's field officer
        category: 'Payment follow-up',
        bills: 'X1',
      },
      {
        code: 'MB',
        name: 'Ask which bills the receipt pays: Mane Brothers',
        status: 'OPEN',
        assignee: 'Anita Desai', // no field officer or manager: an administrator
        category: 'Payment follow-up',
        bills: 'M1',
      },
    ]);
    expect(tasks[0]!.comment).toContain(
      'Chavan Provisions (Chavan Provisions) has ₹15,000.00 received on account or in advance that is not yet allocated to bills, and it covers the ₹12,000.00 due',
    );
    expect(tasks[0]!.comment).toContain(
      `- Invoice CP/X1 dated ${dmy(-50)}, due ${dmy(-20)}: ₹12,000.00 (20 days overdue)`,
    );
    // Told in the bell.
    const told = await queryRows(
      database.db,
      sql`select user_id, kind, message from notifications where client_id = ${clientId} and association_id = ${tasks[0]!.id}`,
      row({ user_id: col.int, kind: col.text, message: col.text }),
    );
    expect(told).toEqual([
      { user_id: officer.id, kind: 'TASK_ASSIGNED', message: 'Ask which bills the receipt pays: Chavan Provisions' },
    ]);
    // The run links each covered family's message to its task.
    const linked = await queryRows(
      database.db,
      sql`select m.sys_obligor_code as code, m.status, m.task_id, m.amount_due::text as amount_due from dunning_messages m
      join dunning_runs r on r.client_id = m.client_id and r.id = m.run_id
      where m.client_id = ${clientId} and r.trigger = 'DAILY' and m.sys_obligor_code in ('CP', 'MB') order by 1`,
      row({ code: col.text, status: col.text, task_id: col.int.nullable(), amount_due: col.text }),
    );
    expect(linked).toEqual([
      { code: 'CP', status: 'SKIPPED', task_id: tasks[0]!.id, amount_due: '0.00' },
      { code: 'MB', status: 'SKIPPED', task_id: tasks[1]!.id, amount_due: '500.00' },
    ]);
  });

  it('makes no second task while one is open: the next day, or run again by hand', async () => {
    expect(await runDailyReminders(database.db, new Date(`${day(1)}T10:00:00+05:30`))).toBe(1);
    const again = await callRoute(runsPost, '/api/dunning/runs', {
      method: 'POST',
      cookie: admin,
      body: { dryRun: false },
    });
    expect(again.status).toBe(201);
    const before = await askTasks();
    expect(before.map((t) => [t.code, t.status])).toEqual([
      ['CP', 'OPEN'],
      ['MB', 'OPEN'],
    ]);
    const cp = again.json.messages.find((m: { sysObligorCode: string }) => m.sysObligorCode === 'CP');
    expect(cp).toMatchObject({
      status: 'SKIPPED',
      taskId: before[0]!.id,
      error: `${CP_REASON} (the task asking it is still open)`,
    });
    // Nothing mailed again (quiet period, once a day), and the run says why.
    expect(mails()).toHaveLength(2);
    expect(again.json.note).toBe(
      'Nothing was sent: every customer due a reminder has had one lately, or has money received on account that covers it.',
    );
  });

  it('asks again once the task is closed and the money is still unallocated', async () => {
    const [first] = await askTasks();
    await database.db.execute(sql`update tasks set status = 'CLOSED', comment = 'Customer will write back'
      where client_id = ${clientId} and id = ${first!.id}`);
    const res = await callRoute(runsPost, '/api/dunning/runs', {
      method: 'POST',
      cookie: admin,
      body: { dryRun: false, sysObligorCode: 'CP' },
    });
    expect(res.status).toBe(201);
    expect(res.json.messages.map(pick)).toEqual([
      {
        code: 'CP',
        level: 3,
        channel: 'TASK',
        amountDue: 0,
        oldestDays: 20,
        status: 'SKIPPED',
        recipient: 'Suresh Patil',
        error: CP_REASON,
      },
    ]);
    expect((await askTasks()).map((t) => [t.code, t.status])).toEqual([
      ['CP', 'CLOSED'],
      ['MB', 'OPEN'],
      ['CP', 'OPEN'],
    ]);
  });

  it('says so in a template without the items, as the WhatsApp level', async () => {
    const [gt] = await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T, { code: 'GT' });
    const whatsapp = DEFAULT_POLICY.levels[3]!;
    const { text } = renderText(whatsapp, { code: 'COLLECT', name: 'COLLECT Traders Pvt Ltd' } as Payee, gt!);
    expect(text).toContain('₹23,000.00 is overdue from Gupta Traders, the oldest by 25 days.');
    expect(text).toContain(GT_LINE);
  });
});
