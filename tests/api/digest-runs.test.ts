import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUT as subscriptionPut } from '@/app/api/digest/subscription/route';
import { GET as sendsGet, POST as runPost } from '@/app/api/digest/runs/route';
import { clientToday } from '@/lib/server/clients/client-day';
import { callRoute } from '../helpers/api';
import { daysFrom } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { mailCatcher } from '../helpers/mail';
import { clientIdOf, createSeededDatabase, signInAs, signInUser } from '../helpers/seeded';

// The administrators' list of the digests sent (GET /digest/runs) and their retry of the failed ones.

const mail = mailCatcher();
const { inbox } = mail;
let database: TestDatabase;
let clientId: number;
let today: string;
let admin: { cookie: string; userId: number };
let root: { cookie: string; userId: number };
let kaveri: { cookie: string; userId: number };

beforeAll(async () => {
  await mail.start();
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  admin = await signInUser(database, 'admin@vardhman.test');
  root = await signInUser(database, 'root@vardhman.test');
  kaveri = await signInUser(database, 'admin@kaveri.test');
  today = await clientToday(database.db, clientId);
}, 120_000);

afterAll(async () => {
  await mail.stop();
  await database?.dispose();
});

const subscribe = (cookie: string) =>
  callRoute(subscriptionPut, '/api/digest/subscription', {
    method: 'PUT',
    cookie,
    body: { frequency: 'DAILY', enabled: true },
  });
const run = (cookie: string, body: Record<string, unknown> = {}) =>
  callRoute(runPost, '/api/digest/runs', { method: 'POST', cookie, body });
const sends = (cookie: string, query: Record<string, string | number> = {}) =>
  callRoute(sendsGet, '/api/digest/runs', { cookie, query });
const setEmail = (userId: number, email: string) =>
  database.db.execute(sql`update users set email = ${email} where client_id = ${clientId} and id = ${userId}`);

type Row = { id: number; userName: string; recipient: string; status: string; error: string | null };

describe('the digests sent, for administrators', () => {
  it('lists the SENT and FAILED digests of a run, newest first, with the failure and the user', async () => {
    expect((await subscribe(admin.cookie)).status).toBe(200);
    expect((await subscribe(root.cookie)).status).toBe(200);
    await setEmail(root.userId, 'root@refuse.example');
    const first = await run(admin.cookie);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.sends.map((s: { status: string }) => s.status).sort()).toEqual(['FAILED', 'SENT']);

    const list = await sends(admin.cookie);
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.headers.get('x-totalrecords')).toBe('2');
    const rows = list.json as Row[];
    expect(rows.map((r) => [r.recipient, r.status])).toEqual(
      expect.arrayContaining([
        ['admin@vardhman.test', 'SENT'],
        ['root@refuse.example', 'FAILED'],
      ]),
    );
    const failed = rows.find((r) => r.status === 'FAILED')!;
    expect(failed.error).toMatch(/550|mailbox/);
    expect(failed).toMatchObject({ period: `D${today}`, asOf: today, subject: null });
    const sent = rows.find((r) => r.status === 'SENT')!;
    expect(sent).toMatchObject({ userName: expect.any(String), period: `D${today}`, subject: expect.any(String) });
    // Newest first: the later attempt (root's, after admin's by user id) on top.
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);

    const onlyFailed = await sends(admin.cookie, { status: 'FAILED' });
    expect((onlyFailed.json as Row[]).map((r) => r.recipient)).toEqual(['root@refuse.example']);
    expect((await sends(admin.cookie, { fromDate: today, toDate: today })).json).toHaveLength(2);
    const future = daysFrom(today, 2);
    expect((await sends(admin.cookie, { fromDate: future })).json).toHaveLength(0);
    const paged = await sends(admin.cookie, { count: 1, offset: 2 });
    expect(paged.json).toHaveLength(1);
    expect(paged.headers.get('x-totalrecords')).toBe('2');
  });

  it('retries the failed digests only (retryFailed), and the list shows them sent', async () => {
    const still = await run(admin.cookie, { retryFailed: true });
    expect(still.status).toBe(201);
    expect(still.json.sends).toMatchObject([{ userId: root.userId, status: 'FAILED' }]);
    await setEmail(root.userId, 'root@vardhman.test');
    const before = inbox.length;
    const retried = await run(admin.cookie, { retryFailed: true });
    expect(retried.json.sends).toMatchObject([
      { userId: root.userId, status: 'SENT', recipient: 'root@vardhman.test' },
    ]);
    expect(inbox.length).toBe(before + 1);
    expect((await sends(admin.cookie, { status: 'FAILED' })).json).toHaveLength(0);
    // Nothing failed: nothing goes.
    expect((await run(admin.cookie, { retryFailed: true })).json.sends).toEqual([]);
    expect(inbox.length).toBe(before + 1);
    expect((await run(admin.cookie, { retryFailed: 'yes' })).status).toBe(400);
  });

  it('a failure whose user switched the digest off stays FAILED, answered SKIPPED', async () => {
    await database.db.execute(sql`update digest_sends set status = 'FAILED', error = 'refused'
      where client_id = ${clientId} and user_id = ${root.userId}`);
    await callRoute(subscriptionPut, '/api/digest/subscription', {
      method: 'PUT',
      cookie: root.cookie,
      body: { frequency: 'DAILY', enabled: false },
    });
    const retried = await run(admin.cookie, { retryFailed: true });
    expect(retried.json.sends).toMatchObject([{ userId: root.userId, status: 'SKIPPED' }]);
    expect((await sends(admin.cookie, { status: 'FAILED' })).json).toHaveLength(1);
  });

  it('reads a digest a stopped server left SENDING as FAILED, with why, and retries it; a fresh one is left alone', async () => {
    await callRoute(subscriptionPut, '/api/digest/subscription', {
      method: 'PUT',
      cookie: root.cookie,
      body: { frequency: 'DAILY', enabled: true },
    });
    const leave = (minutesAgo: number) =>
      database.db.execute(sql`update digest_sends set status = 'SENDING', error = null,
        sent_at = now() - make_interval(mins => ${minutesAgo})
        where client_id = ${clientId} and user_id = ${root.userId}`);
    await leave(2);
    expect((await sends(admin.cookie, { status: 'SENDING' })).json).toHaveLength(1);
    expect((await run(admin.cookie, { retryFailed: true })).json.sends).toEqual([]);

    await leave(20);
    expect((await sends(admin.cookie, { status: 'SENDING' })).json).toHaveLength(0);
    const [stalled] = (await sends(admin.cookie, { status: 'FAILED' })).json as Row[];
    expect(stalled).toMatchObject({ recipient: 'root@vardhman.test', status: 'FAILED' });
    expect(stalled!.error).toMatch(/stopped while sending/);
    const before = inbox.length;
    const retried = await run(admin.cookie, { retryFailed: true });
    expect(retried.json.sends).toMatchObject([{ userId: root.userId, status: 'SENT' }]);
    expect(inbox.length).toBe(before + 1);
    expect((await sends(admin.cookie, { status: 'FAILED' })).json).toHaveLength(0);
  });

  it('answers 403 to a user without the administrators’ permission', async () => {
    for (const email of ['guest@vardhman.test', 'rep@vardhman.test', 'family@customer.test']) {
      const { cookie } = await signInAs(database, email);
      expect((await sends(cookie)).status, email).toBe(403);
      expect((await run(cookie, { retryFailed: true })).status, email).toBe(403);
    }
    expect((await sends('')).status).toBe(401);
  });

  it("never lists another client's digests, and retries none of them", async () => {
    expect((await subscribe(kaveri.cookie)).status).toBe(200);
    const own = await run(kaveri.cookie);
    expect(own.json.sends).toMatchObject([{ userId: kaveri.userId, status: 'SENT' }]);
    const theirs = (await sends(kaveri.cookie)).json as Row[];
    expect(theirs.map((r) => r.recipient)).toEqual(['admin@kaveri.test']);
    const ours = (await sends(admin.cookie)).json as Row[];
    expect(ours.map((r) => r.recipient)).not.toContain('admin@kaveri.test');
    expect((await run(kaveri.cookie, { retryFailed: true })).json.sends).toEqual([]);
    // The clientId of another client is refused, not answered with theirs.
    expect((await sends(admin.cookie, { clientId: await clientIdOf(database, 'KAVERI') })).status).toBe(403);
  });

  it('answers 400 with the field on a bad date, a reversed range or an unknown status', async () => {
    const bad = await sends(admin.cookie, { fromDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('fromDate');
    const format = await sends(admin.cookie, { toDate: '29/11/2026' });
    expect(format.status).toBe(400);
    expect(format.json.fields.toDate).toBe('use the date format YYYY-MM-DD');
    const reversed = await sends(admin.cookie, { fromDate: today, toDate: daysFrom(today, -1) });
    expect(reversed.status).toBe(400);
    expect(reversed.json.fields.toDate).toBe('the end date is before the start date');
    const status = await sends(admin.cookie, { status: 'LOST' });
    expect(status.status).toBe(400);
    expect(status.json.fields).toHaveProperty('status');
  });
});
