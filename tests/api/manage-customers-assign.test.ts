import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as assignRoute } from '@/app/api/obligors/[code]/assign/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { callRoute } from '../helpers/api';
import {
  listObligors,
  manageCustomersWorld,
  totalRecords,
  type ManageCustomersWorld,
} from '../helpers/manage-customers';

// Assigning the field officer, area sales manager and RM of a customer; the list is in
// manage-customers-list.test.ts.

const rows = <S extends z.ZodType>(query: SQL, shape: S) => queryRows(world.database.db, query, shape);
const list = listObligors;
const total = totalRecords;
const assign = (cookie: string, code: string, body: unknown) =>
  callRoute(assignRoute, `/api/obligors/${code}/assign`, { method: 'POST', cookie, body, params: { code } });

/** A user of a client by role (and status), for assignments. */
async function userWith(client: number, role: string, status = 'ACTIVE'): Promise<{ id: number; name: string }> {
  const [user] = await rows(
    sql`
    select u.id, u.name from users u join roles r on r.client_id = u.client_id and r.id = u.role_id
    where u.client_id = ${client} and r.code = ${role} and u.status = ${status} order by u.id limit 1`,
    row({ id: col.num, name: col.text }),
  );
  if (!user) throw new Error(`no ${status} ${role} user`);
  return user;
}

let world: ManageCustomersWorld;

beforeAll(async () => {
  world = await manageCustomersWorld();
});
afterAll(() => world?.database.dispose());

describe('POST obligors/{code}/assign', () => {
  let code: string;
  beforeAll(async () => {
    const [found] = await rows(
      sql`
      select sys_obligor_code as code from obligors
      where client_id = ${world.clientId} and guest_id is distinct from ${world.guest.userId} and parent_sys_obligor_code is not null
        and representative_id is not null and rm_id is distinct from ${world.admin.userId}
      order by sys_obligor_code limit 1`,
      row({ code: col.text }),
    );
    code = found!.code;
  });

  it('is for customer managers only: a field officer or an area sales manager gets 403', async () => {
    expect((await assign(world.guest.cookie, code, { guestId: world.guest.userId })).status).toBe(403);
    expect((await assign(world.rep.cookie, code, { representativeId: world.rep.userId })).status).toBe(403);
  });

  it("answers 404 for an unknown obligor and for another client's", async () => {
    expect((await assign(world.admin.cookie, 'NO-SUCH-CODE', { guestId: world.guest.userId })).status).toBe(404);
    const [theirs] = await rows(
      sql`select sys_obligor_code as code from obligors where client_id = ${world.kaveriId} limit 1`,
      row({ code: col.text }),
    );
    expect((await assign(world.admin.cookie, theirs!.code, { guestId: world.guest.userId })).status).toBe(404);
  });

  it('refuses people of the wrong role, another client, or inactive, with a message per field', async () => {
    const inactiveOfficer = await userWith(world.clientId, 'guest', 'INACTIVE');
    const otherClientsOfficer = await userWith(world.kaveriId, 'guest');
    const cases: [Record<string, unknown>, string][] = [
      [{ guestId: world.rep.userId }, 'guestId'], // a manager is not a field officer
      [{ representativeId: world.guest.userId }, 'representativeId'],
      [{ guestId: otherClientsOfficer.id }, 'guestId'],
      [{ rmId: otherClientsOfficer.id }, 'rmId'],
      [{ guestId: inactiveOfficer.id }, 'guestId'],
      [{ rmId: inactiveOfficer.id }, 'rmId'],
      [{ rmId: 999_999 }, 'rmId'],
      [{ guestId: 'Suresh' }, 'guestId'],
    ];
    for (const [body, field] of cases) {
      const res = await assign(world.admin.cookie, code, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields), JSON.stringify(body)).toEqual([field]);
    }
    const both = await assign(world.admin.cookie, code, {
      guestId: world.rep.userId,
      representativeId: world.guest.userId,
    });
    expect(Object.keys(both.json.fields).sort()).toEqual(['guestId', 'representativeId']);
    expect((await assign(world.admin.cookie, code, {})).status).toBe(400);
    const [unchanged] = await rows(
      sql`select count(*)::int as n from audit_log where client_id = ${world.clientId} and entity_id = ${code}`,
      row({ n: col.num }),
    );
    expect(unchanged!.n).toBe(0);
  });

  it('assigns, clears, audits, and the new field officer then sees the obligor', async () => {
    const before = await list(world.guest.cookie, { search: code });
    expect(total(before)).toBe(0);
    const [old] = await rows(
      sql`
      select guest_id as guest, representative_id as rep, rm_id as rm from obligors where client_id = ${world.clientId} and sys_obligor_code = ${code}`,
      row({ guest: col.num.nullable(), rep: col.num.nullable(), rm: col.num.nullable() }),
    );
    const res = await assign(world.admin.cookie, code, {
      guestId: world.guest.userId,
      representativeId: null,
      rmId: world.admin.userId,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      sysObligorCode: code,
      guestId: world.guest.userId,
      guestName: 'Suresh Yadav',
      representativeId: null,
      representativeName: null,
      rmId: world.admin.userId,
      rmName: 'Priya Raghavan',
    });
    const [now] = await rows(
      sql`
      select guest_id as guest, representative_id as rep, rm_id as rm from obligors where client_id = ${world.clientId} and sys_obligor_code = ${code}`,
      row({ guest: col.num, rep: col.num.nullable(), rm: col.num }),
    );
    expect(now).toEqual({ guest: world.guest.userId, rep: null, rm: world.admin.userId });
    const audit = await rows(
      sql`
      select action, user_id as "userId", detail from audit_log where client_id = ${world.clientId} and entity = 'obligor' and entity_id = ${code}`,
      row({
        action: col.text,
        userId: col.int,
        detail: col.json(z.record(z.string(), z.record(z.string(), z.number().nullable()))),
      }),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'obligor_assigned', userId: world.admin.userId });
    expect(audit[0]!.detail.after).toEqual({
      guestId: world.guest.userId,
      representativeId: null,
      rmId: world.admin.userId,
    });
    expect(audit[0]!.detail.before).toEqual({ guestId: old!.guest, representativeId: old!.rep, rmId: old!.rm });

    const after = await list(world.guest.cookie, { search: code });
    expect(total(after)).toBe(1);
    expect(after.json[0].sysObligorCode).toBe(code);

    // A manager is any active user for the RM; leaving out a key keeps that assignment.
    const rm = await assign(world.admin.cookie, code, { rmId: world.rep.userId });
    expect(rm.json).toMatchObject({ guestId: world.guest.userId, rmId: world.rep.userId, rmName: 'Neha Kulkarni' });
    const cleared = await assign(world.admin.cookie, code, { guestId: null });
    expect(cleared.json.guestId).toBeNull();
    expect(total(await list(world.guest.cookie, { search: code }))).toBe(0);
  });
});
