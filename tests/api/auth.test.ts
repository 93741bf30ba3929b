import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed';
import { POST as signInRoute } from '@/app/api/sign_in/route';
import { DELETE as signOutRoute } from '@/app/api/borrowers/sign_out/route';
import { GET as borrowerUser } from '@/app/api/borrowers/user/route';
import { GET as investorUser } from '@/app/api/investors/user/route';
import { GET as checkIn } from '@/app/api/borrowers/check_in/route';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database?.dispose());

const signIn = (body: unknown) => callRoute(signInRoute, '/api/sign_in', { method: 'POST', body });

describe('POST /api/sign_in', () => {
  it('answers the admin with full page features and sets a sealed, HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await signIn({ email: 'Admin@Vardhman.test ', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      email: 'admin@vardhman.test',
      role: 'admin',
      userType: 'borrowers',
      status: 'ACTIVE',
      clientName: 'Vardhman Trading Company Pvt Ltd',
      landingPath: '/borrowers/dashboard',
    });
    expect(res.json.userPage.map((p: { featureType: string }) => p.featureType)).toContain('COMPANY SUMMARY');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^rd_session=Fe26\.2\*/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(res.json).not.toHaveProperty('passwordHash');
  });

  it('signs in the investor and the fallback user with their own landing pages', async () => {
    expect((await signIn({ email: 'investor@sahyadri.test', password: DEMO_PASSWORD })).json).toMatchObject({
      userType: 'investors',
      landingPath: '/investors/my_securities',
    });
    const staff = await signIn({ email: 'staff@vardhman.test', password: DEMO_PASSWORD });
    expect(staff.json.userPage).toEqual([{ featureType: 'RECEIVABLES' }, { featureType: 'TASKS' }]);
    expect(staff.json.landingPath).toBe('/borrowers/receivables');
  });

  it('gives the same refusal for a wrong password and an unknown email', async () => {
    const wrong = await signIn({ email: 'rep@vardhman.test', password: 'not-the-password' });
    const unknown = await signIn({ email: 'nobody@vardhman.test', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 with field messages for invalid input, never a 500', async () => {
    const bad = await signIn({ email: 'not-an-email', password: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('bad_request');
    expect(Object.keys(bad.json.fields).sort()).toEqual(['email', 'password']);
    const json = { 'content-type': 'application/json' };
    const notJson = await callRoute(signInRoute, '/api/sign_in', { method: 'POST', rawBody: '{oops', headers: json });
    expect(notJson.status).toBe(400);
    // A cross-site form can post text/plain without a preflight: JSON is taken only as JSON.
    const asText = await callRoute(signInRoute, '/api/sign_in', {
      method: 'POST',
      rawBody: JSON.stringify({ email: 'admin@vardhman.test', password: 'x' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.status).toBe(415);
    const huge = await callRoute(signInRoute, '/api/sign_in', {
      method: 'POST',
      rawBody: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: json,
    });
    expect(huge.status).toBe(413);
    expect((await signIn(['array'])).status).toBe(400);
  });

  it('locks an account after 5 failed attempts, even against the right password', async () => {
    for (let i = 0; i < 5; i++) await signIn({ email: 'root@vardhman.test', password: `wrong-${i}` });
    expect((await signIn({ email: 'root@vardhman.test', password: DEMO_PASSWORD })).status).toBe(401);
    const [row] = await database.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.email, 'root@vardhman.test'));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('refuses a cross-site POST by its Origin header', async () => {
    const res = await callRoute(signInRoute, '/api/sign_in', {
      method: 'POST',
      body: { email: 'admin@vardhman.test', password: DEMO_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('session-protected calls', () => {
  it('GET /api/borrowers/user answers the signed-in borrower and 401 without a session', async () => {
    const { cookie } = await signInAs(database, 'guest@vardhman.test');
    const me = await callRoute(borrowerUser, '/api/borrowers/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: 'guest@vardhman.test', role: 'guest' });
    expect(me.json.userPage.map((p: { featureType: string }) => p.featureType)).toEqual([
      'RECEIVABLES',
      'TASKS',
      'MY CUSTOMERS',
    ]);
    expect((await callRoute(borrowerUser, '/api/borrowers/user')).status).toBe(401);
  });

  it('keeps each user type to its own user endpoint', async () => {
    const investor = await signInAs(database, 'investor@sahyadri.test');
    const admin = await signInAs(database, 'admin@vardhman.test');
    expect((await callRoute(investorUser, '/api/investors/user', { cookie: investor.cookie })).status).toBe(200);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: investor.cookie })).status).toBe(403);
    expect((await callRoute(investorUser, '/api/investors/user', { cookie: admin.cookie })).status).toBe(403);
  });

  it('refuses a tampered cookie', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: tampered })).status).toBe(401);
  });

  it('refuses a clientId that is not the session client', async () => {
    const { cookie, session } = await signInAs(database, 'admin@vardhman.test');
    const other = await clientIdOf(database, 'KAVERI');
    const res = await callRoute(borrowerUser, '/api/borrowers/user', { cookie, query: { clientId: other } });
    expect(res.status).toBe(403);
    expect(
      (await callRoute(borrowerUser, '/api/borrowers/user', { cookie, query: { clientId: session.clientId } })).status,
    ).toBe(200);
  });

  it('ends every session of a user when the session version is bumped, and of a deactivated user', async () => {
    const { cookie, session } = await signInAs(database, 'rep@vardhman.test');
    const where = and(eq(users.clientId, session.clientId), eq(users.id, session.userId));
    await database.db
      .update(users)
      .set({ sessionVersion: session.sessionVersion + 1 })
      .where(where);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie })).status).toBe(401);

    const fresh = await signInAs(database, 'rep@vardhman.test');
    await database.db.update(users).set({ status: 'INACTIVE' }).where(where);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: fresh.cookie })).status).toBe(401);
    await database.db.update(users).set({ status: 'ACTIVE' }).where(where);
  });

  it('check_in confirms the session and re-seals it; sign_out clears it', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    const res = await callRoute(checkIn, '/api/borrowers/check_in', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    expect(res.headers.get('set-cookie')).toMatch(/^rd_session=Fe26/);
    expect((await callRoute(checkIn, '/api/borrowers/check_in')).status).toBe(401);

    const out = await callRoute(signOutRoute, '/api/borrowers/sign_out', { method: 'DELETE', cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/rd_session=;.*Max-Age=0/i);
  });

  it('ends the session on the server at sign-out: a replayed cookie gets 401, other sessions live on', async () => {
    const first = await signInAs(database, 'rep@vardhman.test');
    const second = await signInAs(database, 'rep@vardhman.test');
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: first.cookie })).status).toBe(200);
    await callRoute(signOutRoute, '/api/borrowers/sign_out', { method: 'DELETE', cookie: first.cookie });
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: first.cookie })).status).toBe(401);
    expect((await callRoute(checkIn, '/api/borrowers/check_in', { cookie: first.cookie })).status).toBe(401);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: second.cookie })).status).toBe(200);
  });

  it('refuses a sign-out from another site', async () => {
    const { cookie } = await signInAs(database, 'rep@vardhman.test');
    for (const origin of ['null', 'http://evil.test', 'https://localhost:3000', 'not a url']) {
      const res = await callRoute(signOutRoute, '/api/borrowers/sign_out', {
        method: 'DELETE',
        cookie,
        headers: { origin },
      });
      expect(res.status, origin).toBe(403);
    }
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie })).status).toBe(200);
  });
});
