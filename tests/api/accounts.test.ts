import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, authTokens, users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed';
import { POST as signInRoute } from '@/app/api/sign_in/route';
import { POST as forgotRoute } from '@/app/api/auth/forgot_password/route';
import { POST as resetRoute } from '@/app/api/auth/reset_password/route';
import { POST as unlockRoute } from '@/app/api/auth/unlock_account/route';
import { POST as changeRoute } from '@/app/api/auth/change_password/route';
import { POST as everywhereRoute } from '@/app/api/auth/sign_out_everywhere/route';
import { GET as borrowerUser } from '@/app/api/borrowers/user/route';
import { flushAccountMail } from '@/lib/server/auth/account-mail';
import { commonPasswordCount, passwordProblem } from '@/lib/server/auth/password-policy';
import { LIMITS, resetRateLimits, takeAttempt } from '@/lib/server/auth/rate-limit';
import { RECOVERY_SENT } from '@/lib/contract/accounts';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
const outbox = mkdtempSync(path.join(tmpdir(), 'accounts-outbox-'));
beforeAll(async () => {
  process.env.OUTBOX_DIR = outbox;
  delete process.env.SMTP_URL;
  database = await createSeededDatabase();
});
afterAll(async () => {
  await database?.dispose();
  rmSync(outbox, { recursive: true, force: true });
});
beforeEach(() => resetRateLimits());

const post = (
  handler: Parameters<typeof callRoute>[0],
  url: string,
  body: unknown,
  extra: { cookie?: string; headers?: Record<string, string> } = {},
) => callRoute(handler, url, { method: 'POST', body, ...extra });
const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  post(signInRoute, '/api/sign_in', { email, password }, { headers });

/** Mails written to the outbox so far, decoded enough to read links (quoted-printable undone). */
async function mailsTo(email: string): Promise<string[]> {
  await flushAccountMail();
  return readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((text) => text.includes(`To: ${email}`));
}
async function lastLink(email: string, pathname: string): Promise<string> {
  const all = await mailsTo(email);
  const match = new RegExp(`${pathname}\\?token=([A-Za-z0-9_-]+)`).exec(all.at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no ${pathname} link mailed to ${email}`);
  return match[1];
}
async function userRow(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row!;
}
async function auditActions(email: string) {
  const user = await userRow(email);
  const rows = await database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.clientId, user.clientId), eq(auditLog.entityId, String(user.id))));
  return rows.map((r) => r.action);
}

describe('password policy', () => {
  it('ships the 1,000 most common passwords and refuses them, short ones and the email; accepts long passphrases', () => {
    expect(commonPasswordCount()).toBe(1000);
    expect(passwordProblem('password1')).toMatch(/common/);
    expect(passwordProblem('Password1')).toMatch(/common/);
    expect(passwordProblem('qwertyuiop')).toMatch(/common/);
    expect(passwordProblem('short7')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('priya.raghavan', 'priya.raghavan@vardhman.test')).toMatch(/email/);
    expect(passwordProblem('ledger reconciles every tuesday'.padEnd(64, '!'))).toBeNull();
    expect(passwordProblem('quietbrook')).toBeNull(); // no composition rules: lower-case letters only is fine
  });
});

describe('lockout and unlock by link', () => {
  it('locks after 5 failures, mails an unlock link that unlocks once, and audits it all', async () => {
    const email = 'rep@vardhman.test';
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-${i}`)).status).toBe(401);
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await signIn(email, 'wrong-5')).status).toBe(401);
    expect((await userRow(email)).lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const locked = await signIn(email, DEMO_PASSWORD);
    expect(locked.status).toBe(401);

    const token = await lastLink(email, '/unlock_account');
    expect((await post(unlockRoute, '/api/auth/unlock_account', { token })).status).toBe(200);
    expect((await userRow(email)).lockedUntil).toBeNull();
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    const again = await post(unlockRoute, '/api/auth/unlock_account', { token });
    expect(again.status).toBe(400);
    expect(await auditActions(email)).toEqual(
      expect.arrayContaining(['sign_in_failed', 'account_locked', 'account_unlocked']),
    );
  });

  it('gives locked, wrong-password and unknown accounts the same refusal', async () => {
    const unknown = await signIn('nobody@vardhman.test', 'whatever-123');
    const wrong = await signIn('staff@vardhman.test', 'whatever-123');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.json.message).toBe(wrong.json.message);
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per account (known or not) and per address, with one message', async () => {
    vi.stubEnv('TRUST_PROXY', '1'); // one reverse proxy appends the address
    for (let i = 0; i < 10; i++)
      await signIn('ghost@vardhman.test', `guess-${i}`, { 'x-forwarded-for': `10.0.0.${i}` });
    const perAccount = await signIn('ghost@vardhman.test', 'guess-x', { 'x-forwarded-for': '10.0.1.1' });
    expect(perAccount.status).toBe(429);
    resetRateLimits();
    // 100 attempts from one address (counted directly: 100 scrypt checks would only slow the test).
    for (let i = 0; i < LIMITS.signInPerIp.max; i++) takeAttempt([['sign-in:ip:10.9.9.9', LIMITS.signInPerIp]]);
    const perIp = await signIn('admin@vardhman.test', DEMO_PASSWORD, { 'x-forwarded-for': '10.9.9.9' });
    expect(perIp.status).toBe(429);
    expect(perIp.json.message).toBe(perAccount.json.message);
    expect((await signIn('admin@vardhman.test', DEMO_PASSWORD, { 'x-forwarded-for': '10.9.9.10' })).status).toBe(200);
    // Behind one trusted proxy only the last hop counts: what the client wrote before it is ignored.
    expect(
      (await signIn('admin@vardhman.test', DEMO_PASSWORD, { 'x-forwarded-for': '10.9.9.10, 10.9.9.9' })).status,
    ).toBe(429);
    vi.unstubAllEnvs();
  });

  it('ignores X-Forwarded-For without a trusted proxy, so a forged address escapes no limit', async () => {
    resetRateLimits();
    for (let i = 0; i < LIMITS.signInPerIp.max; i++) takeAttempt([['sign-in:ip:direct', LIMITS.signInPerIp]]);
    const forged = await signIn('admin@vardhman.test', DEMO_PASSWORD, { 'x-forwarded-for': '10.7.7.7' });
    expect(forged.status).toBe(429);
    resetRateLimits();
  });

  it('counts failures only: successful sign-ins never exhaust the window', async () => {
    for (let i = 0; i < 12; i++) expect((await signIn('admin@kaveri.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('limits recovery mails per account', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(forgotRoute, '/api/auth/forgot_password', { email: 'ghost@vardhman.test' })).status).toBe(200);
    expect((await post(forgotRoute, '/api/auth/forgot_password', { email: 'ghost@vardhman.test' })).status).toBe(429);
  });
});

describe('password recovery', () => {
  it('answers known and unknown emails the same, and mails only the known one', async () => {
    const known = await post(forgotRoute, '/api/auth/forgot_password', { email: 'staff@vardhman.test' });
    const unknown = await post(forgotRoute, '/api/auth/forgot_password', { email: 'no-such-person@vardhman.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json.message).toBe(RECOVERY_SENT);
    expect(await mailsTo('staff@vardhman.test')).toHaveLength(1);
    expect(await mailsTo('no-such-person@vardhman.test')).toHaveLength(0);
  });

  it('resets with the token once; every session ends; the stored token is only a hash', async () => {
    const email = 'staff@vardhman.test';
    const { cookie } = await signInAs(database, email);
    const token = await lastLink(email, '/reset_password');
    const stored = await database.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(stored.map((s) => s.hash)).not.toContain(token);

    const weak = await post(resetRoute, '/api/auth/reset_password', {
      token,
      password: 'iloveyou',
      confirm: 'iloveyou',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.password).toMatch(/common/);
    const mismatch = await post(resetRoute, '/api/auth/reset_password', {
      token,
      password: 'granite ledger 42',
      confirm: 'granite ledger 43',
    });
    expect(mismatch.json.fields.confirm).toMatch(/differ/);

    const ok = await post(resetRoute, '/api/auth/reset_password', {
      token,
      password: 'granite ledger 42',
      confirm: 'granite ledger 42',
    });
    expect(ok.status).toBe(200);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie })).status).toBe(401);
    expect((await signIn(email, 'granite ledger 42')).status).toBe(200);
    const reused = await post(resetRoute, '/api/auth/reset_password', {
      token,
      password: 'another fine one',
      confirm: 'another fine one',
    });
    expect(reused.status).toBe(400);
    expect(reused.json.message).toMatch(/invalid, was already used or has expired/);
    expect(await auditActions(email)).toEqual(expect.arrayContaining(['password_reset_requested', 'password_reset']));
  });

  it("revokes the user's other outstanding links when one is used; mail files are the owner's only", async () => {
    const email = 'rep@vardhman.test';
    await post(forgotRoute, '/api/auth/forgot_password', { email });
    const older = await lastLink(email, '/reset_password');
    await post(forgotRoute, '/api/auth/forgot_password', { email });
    const newer = await lastLink(email, '/reset_password');
    expect(newer).not.toBe(older);
    const used = await post(resetRoute, '/api/auth/reset_password', {
      token: newer,
      password: 'monsoon invoice 77',
      confirm: 'monsoon invoice 77',
    });
    expect(used.status).toBe(200);
    const replay = await post(resetRoute, '/api/auth/reset_password', {
      token: older,
      password: 'another quiet river',
      confirm: 'another quiet river',
    });
    expect(replay.status).toBe(400);
    expect((await signIn(email, 'monsoon invoice 77')).status).toBe(200);
    // Reset links sit in the outbox: nobody but the server's user may read them.
    for (const file of readdirSync(outbox)) expect(statSync(path.join(outbox, file)).mode & 0o077).toBe(0);
  });

  it('refuses a reset token after 30 minutes', async () => {
    const email = 'portal@vardhman.test';
    await post(forgotRoute, '/api/auth/forgot_password', { email });
    const token = await lastLink(email, '/reset_password');
    const user = await userRow(email);
    await database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.clientId, user.clientId), eq(authTokens.userId, user.id)));
    const [row] = await database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.clientId, user.clientId), eq(authTokens.userId, user.id)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(31 * 60_000);
    const res = await post(resetRoute, '/api/auth/reset_password', {
      token,
      password: 'granite ledger 42',
      confirm: 'granite ledger 42',
    });
    expect(res.status).toBe(400);
  });

  it('issues tokens valid for exactly 30 minutes', async () => {
    const email = 'guest@vardhman.test';
    await post(forgotRoute, '/api/auth/forgot_password', { email });
    const user = await userRow(email);
    const [row] = await database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.clientId, user.clientId), eq(authTokens.userId, user.id)));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000)).toBe(30);
  });
});

describe('account: change password and sign out everywhere', () => {
  it('requires the current password, refuses common ones, keeps this session and ends the others', async () => {
    const email = 'root@vardhman.test';
    const first = await signInAs(database, email);
    const second = await signInAs(database, email);
    const body = { currentPassword: 'not-it', password: 'granite ledger 42', confirm: 'granite ledger 42' };
    const wrong = await post(changeRoute, '/api/auth/change_password', body, { cookie: first.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields.currentPassword).toBeDefined();
    const common = await post(
      changeRoute,
      '/api/auth/change_password',
      { ...body, currentPassword: DEMO_PASSWORD, password: 'password1', confirm: 'password1' },
      { cookie: first.cookie },
    );
    expect(common.json.fields.password).toMatch(/common/);

    const ok = await post(
      changeRoute,
      '/api/auth/change_password',
      { ...body, currentPassword: DEMO_PASSWORD },
      { cookie: first.cookie },
    );
    expect(ok.status).toBe(200);
    const renewed = /rd_session=([^;]+)/.exec(ok.headers.get('set-cookie') ?? '')?.[1];
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: `rd_session=${renewed}` })).status).toBe(
      200,
    );
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: second.cookie })).status).toBe(401);
    expect((await signIn(email, 'granite ledger 42')).status).toBe(200);
  });

  it('sign out everywhere ends every session of the user', async () => {
    const a = await signInAs(database, 'admin@kaveri.test');
    const b = await signInAs(database, 'admin@kaveri.test');
    const res = await post(everywhereRoute, '/api/auth/sign_out_everywhere', {}, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/rd_session=;/);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: a.cookie })).status).toBe(401);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: b.cookie })).status).toBe(401);
  });
});

describe('hardening', () => {
  it('refuses cross-origin POSTs on the account calls', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    const evil = { origin: 'https://evil.example' };
    expect((await post(everywhereRoute, '/api/auth/sign_out_everywhere', {}, { cookie, headers: evil })).status).toBe(
      403,
    );
    expect(
      (await post(forgotRoute, '/api/auth/forgot_password', { email: 'admin@vardhman.test' }, { headers: evil }))
        .status,
    ).toBe(403);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie })).status).toBe(200);
  });

  it('answers errors without stack traces or SQL', async () => {
    const res = await callRoute(resetRoute, '/api/auth/reset_password', {
      method: 'POST',
      rawBody: '{"token":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).not.toMatch(/at .*\.ts|select |insert /i);
  });
});
