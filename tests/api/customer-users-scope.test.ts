import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as accountsRoute } from '@/app/api/customerportal/accounts/route';
import { POST as disputeRoute } from '@/app/api/disputes/route';
import { POST as promiseRoute } from '@/app/api/promises/route';
import { GET as linkRoute } from '@/app/api/auth/customer_link/route';
import { GET as meRoute } from '@/app/api/borrowers/user/route';
import { GET as listUsersRoute, POST as inviteRoute } from '@/app/api/obligors/[code]/customer_users/route';
import { PUT as statusRoute } from '@/app/api/customer_users/[id]/status/route';
import { DELETE as removeRoute } from '@/app/api/customer_users/[id]/route';
import { POST as revokeRoute } from '@/app/api/customer_users/[id]/revoke_links/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { customerLinkFor } from '@/lib/server/customer-door/customer-users';
import { flushAccountMail } from '@/lib/server/auth/account-mail';
import { callRoute } from '../helpers/api';
import {
  Code,
  customerStatement,
  customerUsersWorld,
  openBills as openBillsOf,
  type CustomerUsersWorld,
} from '../helpers/customer-users';
import { signInAs } from '../helpers/seeded';

// What a customer user may see and do, their single-use links and the admin side; paying and
// "I have paid" are in customer-users-paying.test.ts.

let world: CustomerUsersWorld;

beforeAll(async () => {
  world = await customerUsersWorld();
});
afterAll(() => world?.database.dispose());

const statement = customerStatement;
const openBills = (code: string) => openBillsOf(world.database, world.clientId, code);

describe('customer users: their own customer only', () => {
  it('a family user sees exactly the staff view of the family, and of each of its accounts', async () => {
    const mine = await statement(world.familyCode, world.family);
    const staff = await statement(world.familyCode, world.admin);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual(staff.json);
    expect((await statement(world.familyChild, world.family)).json).toEqual(
      (await statement(world.familyChild, world.admin)).json,
    );
  });

  it('an account user sees the staff view of the account, never its parent or another customer', async () => {
    const mine = await statement(world.accountCode, world.account);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual((await statement(world.accountCode, world.admin)).json);
    expect((await statement(world.accountParent, world.account)).status).toBe(404);
    expect((await statement(world.familyCode, world.account)).status).toBe(404);
    expect((await statement(world.otherCode, world.family)).status).toBe(404);
    expect((await statement(world.accountCode, world.family)).status).toBe(404);
  });

  it("the accounts list holds only the user's own accounts", async () => {
    const res = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'POSTPAID' },
      cookie: world.family,
    });
    expect(res.status).toBe(200);
    const codes = (res.json as { sysObligorCode: string }[]).map((r) => r.sysObligorCode);
    expect(codes.length).toBeGreaterThan(0);
    const members = await queryRows(
      world.database.db,
      sql`select sys_obligor_code as code from obligors where client_id = ${world.clientId}
        and (sys_obligor_code = ${world.familyCode} or parent_sys_obligor_code = ${world.familyCode})`,
      Code,
    );
    const allowed = new Set(members.map((m) => m.code));
    for (const code of codes) expect(allowed.has(code), code).toBe(true);
  });

  it('lands on their statement and is a customer user', async () => {
    const me = await callRoute(meRoute, '/api/borrowers/user', { cookie: world.account });
    expect(me.status).toBe(200);
    expect(me.json.landingPath).toBe(`/customerportal/${world.accountCode}`);
    expect(me.json.userPage).toEqual([{ featureType: 'CUSTOMER PORTAL' }]);
    expect(me.json.pagePermissions).toEqual([]);
    // Named as the customer's user (the avatar menu), not by a staff role.
    const name = await queryRows(
      world.database.db,
      sql`select name from obligors where sys_obligor_code = ${world.accountCode} and client_id = (select client_id from users where email = 'account@customer.test')`,
      row({ name: col.text }),
    );
    expect(me.json.customer).toEqual({ code: world.accountCode, name: name[0]!.name });
  });

  it("raises a dispute and takes a promise on its own bills only (the probe's 201s on others now 404)", async () => {
    const [bill] = await openBills(world.accountCode);
    const [others] = await openBills(world.otherCode);
    const dispute = (num: string, amount: number, cookie: string) =>
      callRoute(disputeRoute, '/api/disputes', {
        method: 'POST',
        cookie,
        body: {
          clientId: world.clientId,
          sysInvoiceNums: [num],
          reason: 'PRICING',
          amount,
          note: 'Rate differs from the order',
        },
      });
    expect((await dispute(others!.num, 1, world.account)).status).toBe(404);
    const mine = await dispute(bill!.num, Math.min(1, bill!.open), world.account);
    expect(mine.status, JSON.stringify(mine.json)).toBe(201);
    const promise = (code: string, amount: number) =>
      callRoute(promiseRoute, '/api/promises', {
        method: 'POST',
        cookie: world.family,
        body: { clientId: world.clientId, sysObligorCode: code, amount, promisedDate: world.today, onFamily: true },
      });
    expect((await promise(world.otherCode, 1)).status).toBe(404);
    // More than the family owes in all (at most what is still owed, as for a collector's promise).
    const tooMuch = await promise(world.familyCode, 99_999_999_999);
    expect(tooMuch.status).toBe(400);
    const taken = await promise(world.familyCode, 1000);
    expect(taken.status, JSON.stringify(taken.json)).toBe(201);
  });
});

describe('signed single-use links and the admin side', () => {
  it('a link signs its customer user in once, within 15 minutes, onto their statement', async () => {
    const link = await customerLinkFor(world.database.db, world.clientId, world.accountCode);
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    const open = () => callRoute(linkRoute, '/api/auth/customer_link', { query: { token } });
    const first = await open();
    expect(first.status).toBe(307);
    expect(first.headers.get('location')).toContain(`/customerportal/${world.accountCode}`);
    expect(first.headers.get('set-cookie')).toContain('rd_session=');
    const again = await open();
    expect(again.headers.get('location')).toContain('/?link=expired');
    expect(again.headers.get('set-cookie') ?? '').not.toContain('rd_session=Fe26');
    // Older than 15 minutes: refused.
    const stale = await customerLinkFor(
      world.database.db,
      world.clientId,
      world.accountCode,
      new Date(Date.now() - 16 * 60_000),
    );
    const staleRes = await callRoute(linkRoute, '/api/auth/customer_link', {
      query: { token: new URL(stale!).searchParams.get('token')! },
    });
    expect(staleRes.headers.get('location')).toContain('/?link=expired');
    // An account of the family is reached through the family user's link.
    expect(await customerLinkFor(world.database.db, world.clientId, world.familyChild)).toBeTruthy();
    expect(await customerLinkFor(world.database.db, world.clientId, world.otherCode)).toBeNull();
  });

  it('admins invite a contact, list, revoke links, suspend (sessions end) and remove customer users', async () => {
    const [contact] = await queryRows(
      world.database.db,
      sql`select id as code from contacts where client_id = ${world.clientId} and sys_obligor_code = ${world.otherCode}
        and email is not null order by id limit 1`,
      row({ code: col.int }),
    );
    expect(contact).toBeTruthy();
    const path = `/api/obligors/${world.otherCode}/customer_users`;
    const params = { code: world.otherCode };
    expect(
      (
        await callRoute(inviteRoute, path, {
          method: 'POST',
          params,
          cookie: world.family,
          body: { contactId: contact!.code },
        })
      ).status,
    ).toBe(403);
    const invited = await callRoute(inviteRoute, path, {
      method: 'POST',
      params,
      cookie: world.admin,
      body: { contactId: contact!.code },
    });
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    expect(invited.json.sysObligorCode).toBe(world.otherCode);
    await flushAccountMail();
    const again = await callRoute(inviteRoute, path, {
      method: 'POST',
      params,
      cookie: world.admin,
      body: { contactId: contact!.code },
    });
    expect(again.status).toBe(409);
    const listed = await callRoute(listUsersRoute, path, { params, cookie: world.admin });
    expect(listed.json.map((u: { id: number }) => u.id)).toContain(invited.json.id);

    const id = String(invited.json.id);
    const link = await customerLinkFor(world.database.db, world.clientId, world.otherCode);
    const revoked = await callRoute(revokeRoute, `/api/customer_users/${id}/revoke_links`, {
      method: 'POST',
      params: { id },
      cookie: world.admin,
    });
    expect(revoked.status).toBe(200);
    const dead = await callRoute(linkRoute, '/api/auth/customer_link', {
      query: { token: new URL(link!).searchParams.get('token')! },
    });
    expect(dead.headers.get('location')).toContain('/?link=expired');

    // Suspending the family user ends their session at once; reactivating lets them sign in again.
    const familyId = String(
      (
        await callRoute(listUsersRoute, `/api/obligors/${world.familyCode}/customer_users`, {
          params: { code: world.familyCode },
          cookie: world.admin,
        })
      ).json[0].id,
    );
    const suspend = (status: string) =>
      callRoute(statusRoute, `/api/customer_users/${familyId}/status`, {
        method: 'PUT',
        params: { id: familyId },
        cookie: world.admin,
        body: { status },
      });
    expect((await suspend('INACTIVE')).json.status).toBe('INACTIVE');
    expect((await statement(world.familyCode, world.family)).status).toBe(401);
    await suspend('ACTIVE');
    world.family = (await signInAs(world.database, 'family@customer.test')).cookie;
    expect((await statement(world.familyCode, world.family)).status).toBe(200);

    // A staff user is no customer user: 404 on these calls.
    const staffId = String((await signInAs(world.database, 'staff@vardhman.test')).session.userId);
    expect(
      (
        await callRoute(removeRoute, `/api/customer_users/${staffId}`, {
          method: 'DELETE',
          params: { id: staffId },
          cookie: world.admin,
        })
      ).status,
    ).toBe(404);
    const removed = await callRoute(removeRoute, `/api/customer_users/${id}`, {
      method: 'DELETE',
      params: { id },
      cookie: world.admin,
    });
    expect(removed.status).toBe(200);
    const after = await callRoute(listUsersRoute, path, { params, cookie: world.admin });
    expect(after.json.map((u: { id: number }) => u.id)).not.toContain(invited.json.id);
  });
});
