import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as scheduleGet, PUT as schedulePut } from '@/app/api/dunning/statements/schedule/route';
import { GET as runsGet, POST as runPost } from '@/app/api/dunning/statements/runs/route';
import { GET as letterheadGet, PUT as letterheadPut } from '@/app/api/clients/letterhead/route';
import { gstinCheckChar } from '@/lib/domain/gstin';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { schedulePeriod } from '@/lib/domain/statement-schedule';
import { runScheduledStatements } from '@/lib/server/dunning/statement-runs';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { setUpDunningClient, T } from '../helpers/dunning';
import { mailCatcher, readableMail } from '../helpers/mail';
import { createSeededDatabase } from '../helpers/seeded';

// Statements that go out by themselves, on the hand ledger of tests/helpers/dunning.ts.

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

const run = (cookie: string, dryRun: boolean) =>
  callRoute(runPost, '/api/dunning/statements/runs', { method: 'POST', cookie, body: { dryRun } });
const save = (cookie: string, body: Record<string, unknown>) =>
  callRoute(schedulePut, '/api/dunning/statements/schedule', { method: 'PUT', cookie, body });

/**
 * Each family's balance of open items (hand-computed): PA = 10,000 - 2,000 + (15,000 - 5,000) +
 * 7,000 = 25,000 (PA1 and PA2 under their parent); DS = 5,000 disputed + 5,000 not yet due;
 * PL paid in full is left out. Disputes and promises do not stop a statement.
 */
const BALANCES = {
  BB: 2000,
  DS: 10000,
  JP: 12000,
  KT: 9000,
  MK: 800,
  NE: 3000,
  PA: 25000,
  RK: 4000,
  SG: 25000,
  WA: 6000,
};

type Send = { sysObligorCode: string; balance: number; recipient: string | null; status: string; error: string | null };
const byCode = (sends: Send[]) => Object.fromEntries(sends.map((s) => [s.sysObligorCode, s]));

describe('the statement schedule', () => {
  it('is off until saved; a bad schedule answers 400 with the field; only administrators read or save it', async () => {
    const first = await callRoute(scheduleGet, '/api/dunning/statements/schedule', { cookie: admin });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ enabled: false, frequency: 'MONTHLY', openItemsOnly: true });
    const weekly8 = await save(admin, { enabled: true, frequency: 'WEEKLY', day: 8, openItemsOnly: true });
    expect(weekly8.status).toBe(400);
    expect(JSON.stringify(weekly8.json)).toMatch(/day/);
    const dim = await save(admin, { enabled: true, frequency: 'MONTHLY', day: 1, dimLevel: 1, openItemsOnly: true });
    expect(dim.status).toBe(400);
    const foreign = await save(admin, {
      enabled: true,
      frequency: 'MONTHLY',
      day: 1,
      dimLevel: 1,
      dimValueId: 999999,
      openItemsOnly: true,
    });
    expect(foreign.status).toBe(400);
    const guest = await callRoute(scheduleGet, '/api/dunning/statements/schedule', { cookie: vardhmanGuest.cookie });
    expect(guest.status).toBe(403);
    expect((await run(vardhmanGuest.cookie, true)).status).toBe(403);
    expect((await run(vardhmanGuest.cookie, false)).status).toBe(403);
    const saved = await save(admin, { enabled: true, frequency: 'MONTHLY', day: 1, openItemsOnly: false });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toEqual({
      enabled: true,
      frequency: 'MONTHLY',
      day: 1,
      dimLevel: null,
      dimValueId: null,
      customerCodes: null,
      openItemsOnly: false,
    });
  });

  it('previews who would get a statement, sending and storing nothing', async () => {
    const res = await run(admin, true);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const period = schedulePeriod({ frequency: 'MONTHLY', day: 1, openItemsOnly: false }, T);
    expect(res.json).toMatchObject({ period: T.slice(0, 7), fromDate: period.fromDate, toDate: T, dryRun: true });
    const sends = byCode(res.json.sends);
    expect(Object.fromEntries(Object.entries(sends).map(([code, s]) => [code, s.balance]))).toEqual(BALANCES);
    expect(sends.PA).toMatchObject({ recipient: 'accounts@patil.example', status: 'PREVIEW', error: null });
    expect(sends.NE).toMatchObject({ recipient: null, status: 'PREVIEW', error: 'no email address' });
    expect(inbox).toHaveLength(0);
    const stored = await queryRows(
      database.db,
      sql`select count(*) as n from statement_sends where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    expect(stored).toEqual([{ n: 0 }]);
  });

  it('sends each customer one mail with the PDF and the XLSX, logged; a second run of the period sends none', async () => {
    const res = await run(admin, false);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const sends = byCode(res.json.sends);
    const mailed = Object.values(sends).filter((s) => s.recipient && s.sysObligorCode !== 'BB');
    expect(mailed.every((s) => s.status === 'SENT')).toBe(true);
    expect(sends.NE).toMatchObject({ status: 'FAILED', error: 'no email address' });
    expect(sends.BB!.status).toBe('FAILED'); // the mail server refuses its address
    expect(sends.BB!.error).toMatch(/550|mailbox/);
    expect(inbox).toHaveLength(mailed.length);
    expect(inbox.map((m) => m.to).sort()).toEqual(mailed.map((s) => s.recipient).sort());
    const pa = readableMail(inbox.find((m) => m.to === 'accounts@patil.example')!.raw);
    expect(pa).toMatch(/Subject: Statement of account from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}: Patil Agencies/);
    expect(pa).toMatch(/filename="?statement-PA-\d{4}-\d\d-\d\d\.pdf/);
    expect(pa).toMatch(/filename="?statement-PA-\d{4}-\d\d-\d\d\.xlsx/);
    expect(pa).toMatch(/Content-Type: application\/pdf/);
    for (const m of inbox) {
      expect(m.raw.match(/filename="?[^"\n]+\.pdf/g)?.length).toBe(1);
      expect(m.raw.match(/filename="?[^"\n]+\.xlsx/g)?.length).toBe(1);
    }
    // Logged as a communication of each customer mailed; the failures are kept with their reasons.
    const logged = await queryRows(
      database.db,
      sql`select s.sys_obligor_code as code, s.status, s.error, c.summary from statement_sends s
        left join communications c on c.client_id = s.client_id and c.id = s.communication_id
        where s.client_id = ${clientId} order by s.sys_obligor_code`,
      row({ code: col.text, status: col.text, error: col.text.nullable(), summary: col.text.nullable() }),
    );
    expect(logged.map((l) => l.code)).toEqual(Object.keys(BALANCES));
    expect(logged.find((l) => l.code === 'PA')!.summary).toMatch(
      /^Statement of account emailed to accounts@patil\.example \(PDF and XLSX\)/,
    );
    expect(logged.find((l) => l.code === 'NE')).toMatchObject({
      status: 'FAILED',
      error: 'no email address',
      summary: null,
    });

    // The same period again: nothing goes twice (the failures are tried again, and fail again).
    const again = await run(admin, false);
    expect(again.status).toBe(201);
    expect(inbox).toHaveLength(mailed.length);
    const second = byCode(again.json.sends);
    for (const s of mailed) expect(second[s.sysObligorCode]!.status).toBe('SKIPPED');
    expect(second.NE!.status).toBe('FAILED');
    // The daily job on the schedule's day (monthly on the 1st: due every day of the month) sends none either.
    expect(await runScheduledStatements(database.db)).toBe(0);
    expect(inbox).toHaveLength(mailed.length);

    // The past runs: the period once, with its counts and each failure's reason.
    const past = await callRoute(runsGet, '/api/dunning/statements/runs', { cookie: admin });
    expect(past.status).toBe(200);
    expect(past.json).toHaveLength(1);
    expect(past.json[0]).toMatchObject({ period: T.slice(0, 7), sent: mailed.length, failed: 2, sending: 0 });
    expect(past.json[0].failures.map((f: { sysObligorCode: string }) => f.sysObligorCode)).toEqual(['BB', 'NE']);
    expect(past.json[0].failures[1]).toMatchObject({ error: 'no email address' });
    expect((await callRoute(runsGet, '/api/dunning/statements/runs', { cookie: vardhmanGuest.cookie })).status).toBe(
      403,
    );
  });

  it('goes to hand-picked customers only: family heads or accounts alone, each one known', async () => {
    const picked = (customerCodes: unknown, extra: Record<string, unknown> = {}) =>
      save(admin, { enabled: true, frequency: 'MONTHLY', day: 1, openItemsOnly: true, customerCodes, ...extra });
    const member = await picked('PA1');
    expect(member.status).toBe(400);
    expect(member.json.fields.customerCodes).toMatch(/pick its head instead of PA1 \(family PA\)/);
    const unknown = await picked(['SG', 'NOPE']);
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.customerCodes).toBe('no such customer: NOPE');
    const both = await picked(['SG'], { dimLevel: 1, dimValueId: 1 });
    expect(both.status).toBe(400);
    expect(both.json.fields.customerCodes).toMatch(/not both/);
    const saved = await picked('PA, SG\nSG');
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.customerCodes).toEqual(['PA', 'SG']);
    const preview = await run(admin, true);
    expect(preview.json.sends.map((s: Send) => s.sysObligorCode)).toEqual(['PA', 'SG']);
    // Back to everyone.
    expect((await picked(null)).json.customerCodes).toBeNull();
  });

  it("is the client's own: another client's administrator sees their own schedule, switched off", async () => {
    const other = await callRoute(scheduleGet, '/api/dunning/statements/schedule', { cookie: vardhmanAdmin });
    expect(other.status).toBe(200);
    expect(other.json.enabled).toBe(false);
    const preview = await run(vardhmanAdmin, true);
    expect(preview.status).toBe(201);
    expect(preview.json.sends.some((s: Send) => s.sysObligorCode === 'PA')).toBe(false);
  });
});

describe('the letterhead', () => {
  const gstin = (first14: string) => first14 + gstinCheckChar(first14);
  const put = (cookie: string, body: Record<string, unknown>) =>
    callRoute(letterheadPut, '/api/clients/letterhead', { method: 'PUT', cookie, body });

  it('keeps the address, a GSTIN with the right check character and a small PNG or JPEG logo; administrators only', async () => {
    const first = await callRoute(letterheadGet, '/api/clients/letterhead', { cookie: admin });
    expect(first.status).toBe(200);
    const wrong = gstin('27AABCD1234E1Z').slice(0, 14) + (gstin('27AABCD1234E1Z').endsWith('A') ? 'B' : 'A');
    const bad = await put(admin, { address: 'Shop 4\nPune 411001', gstin: wrong });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.gstin).toMatch(/check character/);
    const big = await put(admin, { logo: `data:image/png;base64,${'A'.repeat(150_000)}` });
    expect(big.status).toBe(400);
    expect(big.json.fields.logo).toMatch(/under 100 KB/);
    const gif = await put(admin, { logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.status).toBe(400);
    expect(gif.json.fields.logo).toMatch(/PNG or JPEG/);
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const saved = await put(admin, {
      address: 'Shop 4, Laxmi Market\nPune 411001',
      gstin: gstin('27AABCD1234E1Z').toLowerCase(),
      logo,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({
      address: 'Shop 4, Laxmi Market\nPune 411001',
      gstin: gstin('27AABCD1234E1Z'),
      logo,
    });
    const cleared = await put(admin, { address: '', gstin: '', logo: '' });
    expect(cleared.json).toMatchObject({ address: null, gstin: null, logo: null });
    expect((await callRoute(letterheadGet, '/api/clients/letterhead', { cookie: vardhmanGuest.cookie })).status).toBe(
      403,
    );
    expect((await put(vardhmanGuest.cookie, { address: 'x' })).status).toBe(403);
  });
});
