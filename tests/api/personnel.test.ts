import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '@/lib/db/schema';
import { PAGE_FEATURES, PERMISSIONS } from '@/lib/domain/features';
import { DEMO_PASSWORD } from '@/lib/db/seed';
import { GET as rolesRoute } from '@/app/api/user_management/route';
import { GET as pagesRoute } from '@/app/api/user_management/pages/route';
import { GET as matrixRoute } from '@/app/api/user_management/pagepermissions/route';
import { GET as rolePermsGet, POST as rolePermsPost } from '@/app/api/user_management/[role_id]/permissions/route';
import { GET as personnelRoute } from '@/app/api/user_management/users/route';
import { GET as auditRoute } from '@/app/api/user_management/audit_log/route';
import { POST as inviteRoute } from '@/app/api/users/route';
import { POST as roleRoute } from '@/app/api/users/[id]/role/route';
import { POST as statusRoute } from '@/app/api/users/[id]/status/route';
import { POST as resetRoute } from '@/app/api/auth/reset_password/route';
import { GET as borrowerUser } from '@/app/api/borrowers/user/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { flushAccountMail } from '@/lib/server/auth/account-mail';
import { signIn } from '@/lib/server/auth/sign-in';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
let admin: string;
let clientId: number;
const outbox = mkdtempSync(path.join(tmpdir(), 'personnel-outbox-'));
beforeAll(async () => {
  process.env.OUTBOX_DIR = outbox;
  delete process.env.SMTP_URL;
  database = await createSeededDatabase();
  const signedIn = await signInAs(database, 'admin@vardhman.test');
  admin = signedIn.cookie;
  clientId = signedIn.session.clientId;
});
afterAll(async () => {
  await database?.dispose();
  rmSync(outbox, { recursive: true, force: true });
});

const roleId = async (code: string) => {
  const [row] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), eq(roles.code, code)));
  return row!.id;
};
const userId = async (email: string) =>
  (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const post = (
  handler: Parameters<typeof callRoute>[0],
  url: string,
  body: unknown,
  params: Record<string, string> = {},
  cookie = admin,
) => callRoute(handler, url, { method: 'POST', body, params, cookie });

describe('spec section 7 user_management calls', () => {
  it('answers pages, roles, the matrix and one role row', async () => {
    const pages = await callRoute(pagesRoute, '/api/user_management/pages', { cookie: admin });
    expect(pages.json.map((p: { featureType: string }) => p.featureType)).toEqual(
      expect.arrayContaining(['COMPANY SUMMARY', 'MANAGE_USERS']),
    );
    const roleList = await callRoute(rolesRoute, '/api/user_management', { cookie: admin });
    expect(roleList.json.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['admin', 'root', 'guest', 'representative', 'member']),
    );
    expect(roleList.json.map((r: { code: string }) => r.code)).not.toContain('investor');
    // Each role's own head count, as the users table has it.
    const people = await database.db
      .select({ roleId: users.roleId, clientId: users.clientId, email: users.email })
      .from(users);
    const clientId = people.find((p) => p.email === 'admin@vardhman.test')?.clientId;
    for (const role of roleList.json as { id: number; code: string; users: number }[]) {
      const held = people.filter((p) => p.clientId === clientId && p.roleId === role.id).length;
      expect(role.users, role.code).toBe(held);
    }
    expect(new Set(roleList.json.map((r: { users: number }) => r.users)).size).toBeGreaterThan(1);
    const matrix = await callRoute(matrixRoute, '/api/user_management/pagepermissions', { cookie: admin });
    // One row per role and page: the pages are the page features and the permissions (WRITE_OFF the 16th).
    const pageCount = PAGE_FEATURES.length + PERMISSIONS.length;
    expect(pageCount).toBe(16);
    expect(matrix.json.length).toBeGreaterThanOrEqual(5 * pageCount);
    const guest = await roleId('guest');
    const row = await callRoute(rolePermsGet, `/api/user_management/${guest}/permissions`, {
      cookie: admin,
      params: { role_id: String(guest) },
    });
    expect(row.json).toMatchObject({ role: { code: 'guest' }, editable: true });
    expect(row.json.permissions).toHaveLength(pageCount);
  });

  it('lists personnel with search (3+ characters), role and status filters and the total header', async () => {
    const all = await callRoute(personnelRoute, '/api/user_management/users', { cookie: admin, query: { count: 5 } });
    expect(all.json).toHaveLength(5);
    expect(Number(all.headers.get('x-totalrecords'))).toBeGreaterThan(5);
    const found = await callRoute(personnelRoute, '/api/user_management/users', {
      cookie: admin,
      query: { nameOrEmail: 'Kulkarni' },
    });
    expect(found.json.map((u: { email: string }) => u.email)).toContain('rep@vardhman.test');
    expect(
      (await callRoute(personnelRoute, '/api/user_management/users', { cookie: admin, query: { nameOrEmail: 'ku' } }))
        .status,
    ).toBe(400);
    const inactive = await callRoute(personnelRoute, '/api/user_management/users', {
      cookie: admin,
      query: { status: 'INACTIVE' },
    });
    expect(inactive.json.length).toBeGreaterThan(0);
    expect(inactive.json.every((u: { status: string }) => u.status === 'INACTIVE')).toBe(true);
    const guests = await callRoute(personnelRoute, '/api/user_management/users', {
      cookie: admin,
      query: { roleId: await roleId('guest'), count: 100 },
    });
    expect(guests.json.every((u: { role: string }) => u.role === 'guest')).toBe(true);
  });
});

describe('a guest cannot reach personnel calls', () => {
  it('answers 403 on every personnel call', async () => {
    const { cookie } = await signInAs(database, 'guest@vardhman.test');
    const guest = String(await roleId('guest'));
    for (const [handler, url, params] of [
      [rolesRoute, '/api/user_management', {}],
      [pagesRoute, '/api/user_management/pages', {}],
      [matrixRoute, '/api/user_management/pagepermissions', {}],
      [rolePermsGet, '/x', { role_id: guest }],
      [personnelRoute, '/api/user_management/users', {}],
      [auditRoute, '/api/user_management/audit_log', {}],
    ] as const) {
      expect((await callRoute(handler, url, { cookie, params })).status, url).toBe(403);
    }
    expect(
      (await post(inviteRoute, '/api/users', { name: 'Sneaky', email: 'sneaky@vardhman.test', roleId: 1 }, {}, cookie))
        .status,
    ).toBe(403);
    expect(
      (
        await post(
          roleRoute,
          '/x',
          { roleId: await roleId('admin') },
          { id: String(await userId('guest@vardhman.test')) },
          cookie,
        )
      ).status,
    ).toBe(403);
    expect(
      (await post(statusRoute, '/x', { status: 'INACTIVE' }, { id: String(await userId('rep@vardhman.test')) }, cookie))
        .status,
    ).toBe(403);
    expect(
      (
        await post(
          rolePermsPost,
          '/x',
          { permissions: [{ featureType: 'MANAGE_USERS', accessValue: true }] },
          { role_id: guest },
          cookie,
        )
      ).status,
    ).toBe(403);
  });
});

describe('invite, role change, deactivation', () => {
  it('invites a user who sets a password from the mailed link and signs in with the role pages', async () => {
    const res = await post(inviteRoute, '/api/users', {
      name: 'Anita Desai',
      email: 'Anita.Desai@vardhman.test',
      roleId: await roleId('representative'),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: 'anita.desai@vardhman.test', role: 'representative' });
    expect(
      (
        await post(inviteRoute, '/api/users', {
          name: 'Anita Again',
          email: 'anita.desai@vardhman.test',
          roleId: await roleId('guest'),
        })
      ).status,
    ).toBe(409);
    await flushAccountMail();
    const mail = readdirSync(outbox)
      .map((f) =>
        readFileSync(path.join(outbox, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((m) => m.includes('To: anita.desai@vardhman.test'));
    const token = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();
    expect(
      (
        await callRoute(resetRoute, '/x', {
          method: 'POST',
          body: { token, password: 'monsoon ledger 7', confirm: 'monsoon ledger 7' },
        })
      ).status,
    ).toBe(200);
    const { user } = await signIn(database.db, { email: 'anita.desai@vardhman.test', password: 'monsoon ledger 7' });
    expect(user.userPage.map((p) => p.featureType)).toEqual(expect.arrayContaining(['MY CUSTOMERS', 'RECEIVABLES']));
  });

  it("a role change takes effect on the user's next request", async () => {
    const email = 'staff@vardhman.test';
    const before = await signInAs(database, email);
    expect((await callRoute(tasksRoute, '/api/tasks', { cookie: before.cookie })).status).toBe(200);
    const id = String(await userId(email));
    const res = await post(roleRoute, `/api/users/${id}/role`, { roleId: await roleId('guest') }, { id });
    expect(res.status).toBe(200);
    // The next request with the old session is refused; signing in again gives the new role's pages.
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: before.cookie })).status).toBe(401);
    const after = await signInAs(database, email);
    const me = await callRoute(borrowerUser, '/api/borrowers/user', { cookie: after.cookie });
    expect(me.json.role).toBe('guest');
    expect(me.json.userPage.map((p: { featureType: string }) => p.featureType)).not.toContain('COMPANY SUMMARY');
  });

  it('a role permission change takes effect on the next request of every user of the role', async () => {
    const email = 'rep@vardhman.test';
    const rep = await roleId('representative');
    const before = await signInAs(database, email);
    expect(before.session.pages).toContain('TASKS');
    const row = await callRoute(rolePermsGet, '/x', { cookie: admin, params: { role_id: String(rep) } });
    const permissions = row.json.permissions.map((p: { featureType: string; accessValue: boolean }) => ({
      featureType: p.featureType,
      accessValue: p.featureType === 'TASKS' ? false : p.accessValue,
    }));
    const saved = await post(rolePermsPost, '/x', { permissions }, { role_id: String(rep) });
    expect(saved.status).toBe(200);
    expect(saved.json.usersUpdated).toBeGreaterThan(0);
    expect((await callRoute(tasksRoute, '/api/tasks', { cookie: before.cookie })).status).toBe(401);
    const after = await signInAs(database, email);
    expect(after.session.pages).not.toContain('TASKS');
    expect((await callRoute(tasksRoute, '/api/tasks', { cookie: after.cookie })).status).toBe(403);
  });

  it('keeps MANAGE_USERS and admin rows to admin and root', async () => {
    const guest = String(await roleId('guest'));
    const grant = await post(
      rolePermsPost,
      '/x',
      { permissions: [{ featureType: 'MANAGE_USERS', accessValue: true }] },
      { role_id: guest },
    );
    expect(grant.status).toBe(400);
    const adminRole = String(await roleId('admin'));
    expect(
      (
        await post(
          rolePermsPost,
          '/x',
          { permissions: [{ featureType: 'TASKS', accessValue: false }] },
          { role_id: adminRole },
        )
      ).status,
    ).toBe(400);
  });

  it('deactivation stops a live session at once; reactivation lets the user back in', async () => {
    const email = 'portal@vardhman.test';
    const live = await signInAs(database, email);
    const id = String(await userId(email));
    expect((await post(statusRoute, '/x', { status: 'INACTIVE' }, { id })).status).toBe(200);
    expect((await callRoute(borrowerUser, '/api/borrowers/user', { cookie: live.cookie })).status).toBe(401);
    await expect(signIn(database.db, { email, password: DEMO_PASSWORD })).rejects.toThrow();
    expect((await post(statusRoute, '/x', { status: 'ACTIVE' }, { id })).status).toBe(200);
    expect((await signIn(database.db, { email, password: DEMO_PASSWORD })).user.status).toBe('ACTIVE');
  });

  it('refuses changes to oneself and to users of another client', async () => {
    const self = String(await userId('admin@vardhman.test'));
    expect((await post(statusRoute, '/x', { status: 'INACTIVE' }, { id: self })).status).toBe(400);
    const other = String(await userId('admin@kaveri.test'));
    expect((await post(statusRoute, '/x', { status: 'INACTIVE' }, { id: other })).status).toBe(404);
    expect((await post(roleRoute, '/x', { roleId: await roleId('guest') }, { id: other })).status).toBe(404);
  });

  it('records every change in the audit log, visible to admins', async () => {
    const log = await callRoute(auditRoute, '/api/user_management/audit_log', { cookie: admin, query: { count: 100 } });
    expect(log.status).toBe(200);
    const actions = log.json.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user_invited',
        'role_changed',
        'role_permissions_changed',
        'user_deactivated',
        'user_reactivated',
        'sign_in',
        'password_reset',
      ]),
    );
    const change = log.json.find((e: { action: string }) => e.action === 'role_changed');
    expect(change).toMatchObject({
      actorEmail: 'admin@vardhman.test',
      subjectEmail: 'staff@vardhman.test',
      detail: { from: 'member', to: 'guest' },
    });
  });
});
