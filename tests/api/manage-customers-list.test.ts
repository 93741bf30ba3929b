import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  listObligors,
  manageCustomersWorld,
  totalRecords,
  type ManageCustomersWorld,
} from '../helpers/manage-customers';
import { signInAs } from '../helpers/seeded';

// The seed's relationship managers and the Manage customers list; assigning people is in
// manage-customers-assign.test.ts.
interface Row {
  sysObligorCode: string;
  name: string;
  parentSysObligorCode: string | null;
  parentName: string | null;
  businessId: string | null;
  city: string | null;
  tradeChannel: string | null;
  creditLimit: number | null;
  guestId: number | null;
  guestName: string | null;
  representativeId: number | null;
  representativeName: string | null;
  rmId: number | null;
  rmName: string | null;
  rmAssociationDimId: number | null;
  dim1Id: number | null;
  dim1: string | null;
}

const rows = <S extends z.ZodType>(query: SQL, shape: S) => queryRows(world.database.db, query, shape);
const list = listObligors;
const total = totalRecords;
async function count(where: SQL): Promise<number> {
  const [found] = await rows(
    sql`select count(*)::int as n from obligors o where o.client_id = ${world.clientId} and ${where}`,
    row({ n: col.num }),
  );
  return found!.n;
}

let world: ManageCustomersWorld;

beforeAll(async () => {
  world = await manageCustomersWorld();
});
afterAll(() => world?.database.dispose());

describe('seed: relationship managers', () => {
  it('gives most parent obligors an RM (an active area sales manager or the admin), shared by their children', async () => {
    const [parents] = await rows(
      sql`
      select count(*)::int as all, count(rm_id)::int as "withRm" from obligors
      where client_id = ${world.clientId} and parent_sys_obligor_code is null`,
      row({ all: col.num, withRm: col.num }),
    );
    expect(parents!.withRm / parents!.all).toBeGreaterThan(0.7);
    const [mismatch] = await rows(
      sql`
      select count(*)::int as n from obligors c join obligors p on p.client_id = c.client_id and p.sys_obligor_code = c.parent_sys_obligor_code
      where c.client_id = ${world.clientId} and (c.rm_id is distinct from p.rm_id or c.rm_association_dim_id is distinct from p.rm_association_dim_id)`,
      row({ n: col.num }),
    );
    expect(mismatch!.n).toBe(0);
    const roles = await rows(
      sql`
      select distinct r.code, u.status from obligors o
      join users u on u.client_id = o.client_id and u.id = o.rm_id join roles r on r.client_id = u.client_id and r.id = u.role_id
      where o.client_id = ${world.clientId}`,
      row({ code: col.text, status: col.text }),
    );
    expect(roles.map((r) => r.code).sort()).toEqual(['admin', 'representative']);
    expect(roles.every((r) => r.status === 'ACTIVE')).toBe(true);
  });
});

describe('GET obligors/list', () => {
  it('lists every obligor of the client, parents and children, with the total in x-totalrecords', async () => {
    const res = await list(world.admin.cookie);
    expect(res.status).toBe(200);
    expect(total(res)).toBe(await count(sql`true`));
    expect(res.json).toHaveLength(10);
    const expected = await rows(
      sql`
      select sys_obligor_code as code from obligors where client_id = ${world.clientId} order by name, sys_obligor_code limit 10`,
      row({ code: col.text }),
    );
    expect((res.json as Row[]).map((r) => r.sysObligorCode)).toEqual(expected.map((e) => e.code));
  });

  it('names the parent, people and region of a row as the database holds them', async () => {
    const [child] = await rows(
      sql`
      select o.sys_obligor_code as code, o.business_id as gstin, o.city, o.trade_channel as channel, o.credit_limit::float8 as limit,
        p.name as parent, g.name as guest, r.name as rep, m.name as rm, o.rm_association_dim_id as assoc, d.name as dim1
      from obligors o join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
      join users g on g.client_id = o.client_id and g.id = o.guest_id
      join users r on r.client_id = o.client_id and r.id = o.representative_id
      join users m on m.client_id = o.client_id and m.id = o.rm_id
      join dimension_values d on d.client_id = o.client_id and d.id = o.dim1_id
      where o.client_id = ${world.clientId} order by o.sys_obligor_code limit 1`,
      row({
        code: col.text,
        gstin: col.text.nullable(),
        city: col.text.nullable(),
        channel: col.text.nullable(),
        limit: col.num.nullable(),
        parent: col.text,
        guest: col.text,
        rep: col.text,
        rm: col.text,
        assoc: col.int.nullable(),
        dim1: col.text,
      }),
    );
    const res = await list(world.admin.cookie, { search: String(child!.code) });
    const found = (res.json as Row[]).find((r) => r.sysObligorCode === child!.code)!;
    expect(found).toMatchObject({
      businessId: child!.gstin,
      city: child!.city,
      tradeChannel: child!.channel,
      creditLimit: child!.limit,
      parentName: child!.parent,
      guestName: child!.guest,
      representativeName: child!.rep,
      rmName: child!.rm,
      rmAssociationDimId: child!.assoc,
      dim1: child!.dim1,
    });
  });

  it("filters by parent obligor: exactly that family's children", async () => {
    const [family] = await rows(
      sql`
      select parent_sys_obligor_code as code from obligors where client_id = ${world.clientId} and parent_sys_obligor_code is not null
      group by 1 having count(*) between 3 and 50 order by 1 limit 1`,
      row({ code: col.text }),
    );
    const res = await list(world.admin.cookie, { parentSysObligorCode: family!.code, count: 100 });
    expect(total(res)).toBe(await count(sql`o.parent_sys_obligor_code = ${family!.code}`));
    expect(res.json.length).toBe(total(res));
    expect((res.json as Row[]).every((r) => r.parentSysObligorCode === family!.code)).toBe(true);
  });

  it.each(['guestId', 'representativeId', 'rmId', 'rmAssociationDimId'] as const)(
    'filters by %s (exact match)',
    async (field) => {
      const column = sql.identifier(
        {
          guestId: 'guest_id',
          representativeId: 'representative_id',
          rmId: 'rm_id',
          rmAssociationDimId: 'rm_association_dim_id',
        }[field],
      );
      const [value] = await rows(
        sql`
      select ${column} as id from obligors where client_id = ${world.clientId} and ${column} is not null
      group by 1 order by count(*), 1 limit 1`,
        row({ id: col.num }),
      );
      const res = await list(world.admin.cookie, { [field]: value!.id, count: 500 });
      expect(res.status).toBe(200);
      expect(total(res)).toBe(await count(sql`o.${column} = ${value!.id}`));
      expect(total(res)).toBeGreaterThan(0);
      expect((res.json as Row[]).every((r) => r[field] === value!.id)).toBe(true);
    },
  );

  it('filters by GSTIN, whole or a 3+ character part of it', async () => {
    const [one] = await rows(
      sql`select business_id as gstin from obligors where client_id = ${world.clientId} order by sys_obligor_code limit 1`,
      row({ gstin: col.text }),
    );
    const whole = await list(world.admin.cookie, { businessId: one!.gstin });
    expect(total(whole)).toBe(1);
    expect(whole.json[0].businessId).toBe(one!.gstin);
    const part = one!.gstin.slice(2, 7).toLowerCase();
    const partial = await list(world.admin.cookie, { businessId: part, count: 500 });
    expect(total(partial)).toBe(await count(sql`o.business_id ilike ${`%${part}%`}`));
    expect((partial.json as Row[]).every((r) => r.businessId!.toLowerCase().includes(part))).toBe(true);
    expect((await list(world.admin.cookie, { businessId: '27' })).status).toBe(400);
  });

  it('searches names and codes from 3 characters', async () => {
    const res = await list(world.admin.cookie, { search: 'trad', count: 500 });
    expect(total(res)).toBe(await count(sql`(o.name ilike '%trad%' or o.sys_obligor_code ilike '%trad%')`));
    expect(total(res)).toBeGreaterThan(0);
    const short = await list(world.admin.cookie, { search: 'tr' });
    expect(short.status).toBe(400);
    expect(short.json.fields.search).toMatch(/3 characters/);
  });

  it('sorts by snake_case fields: guest_name ascending puts the names in order, unassigned last', async () => {
    const ranked = await rows(
      sql`select distinct name from users where client_id = ${world.clientId} order by name`,
      row({ name: col.text }),
    );
    const rank = new Map(ranked.map((r, i) => [r.name, i]));
    const all = await list(world.admin.cookie, { sortBy: 'guest_name', count: 500 });
    expect(all.status).toBe(200);
    const ranks = (all.json as Row[]).map((r) => (r.guestName === null ? Infinity : rank.get(r.guestName)!));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const desc = await list(world.admin.cookie, { sortBy: 'representative_name', orderBy: 'DESC', count: 500 });
    const descRanks = (desc.json as Row[])
      .filter((r) => r.representativeName)
      .map((r) => rank.get(r.representativeName!)!);
    expect(descRanks).toEqual([...descRanks].sort((a, b) => b - a));
    expect(descRanks[0]).toBeGreaterThan(descRanks[descRanks.length - 1]!);
  });

  it('sorts credit limits as numbers', async () => {
    const res = await list(world.admin.cookie, { sortBy: 'credit_limit', orderBy: 'DESC', count: 50 });
    const limits = (res.json as Row[]).map((r) => r.creditLimit!);
    expect(limits).toEqual([...limits].sort((a, b) => b - a));
    const [top] = await rows(
      sql`select max(credit_limit)::float8 as max from obligors where client_id = ${world.clientId}`,
      row({ max: col.num }),
    );
    expect(limits[0]).toBe(top!.max);
  });

  it('refuses camelCase and unknown sort fields with a 400 naming the field', async () => {
    for (const sortBy of ['guestName', 'representativeName', 'balance']) {
      const res = await list(world.admin.cookie, { sortBy });
      expect(res.status).toBe(400);
      expect(res.json.fields.sortBy).toContain('guest_name');
    }
    expect((await list(world.admin.cookie, { orderBy: 'UP' })).status).toBe(400);
  });

  it('pages in SQL: page 2 continues page 1 without overlap', async () => {
    const first = await list(world.admin.cookie, { sortBy: 'city', count: 7 });
    const second = await list(world.admin.cookie, { sortBy: 'city', count: 7, offset: 2 });
    const both = await list(world.admin.cookie, { sortBy: 'city', count: 14 });
    expect([...first.json, ...second.json].map((r: Row) => r.sysObligorCode)).toEqual(
      both.json.map((r: Row) => r.sysObligorCode),
    );
  });

  it('shows a field officer only their obligors, and an area sales manager only theirs', async () => {
    const own = await list(world.guest.cookie, { count: 500 });
    expect(own.status).toBe(200);
    expect(total(own)).toBe(await count(sql`o.guest_id = ${world.guest.userId}`));
    expect(total(own)).toBeGreaterThan(0);
    expect((own.json as Row[]).every((r) => r.guestId === world.guest.userId)).toBe(true);
    const other = await list(world.guest.cookie, { guestId: world.admin.userId });
    expect(total(other)).toBe(0);
    const theirs = await list(world.rep.cookie, { count: 500 });
    expect(total(theirs)).toBe(await count(sql`o.representative_id = ${world.rep.userId}`));
    expect((theirs.json as Row[]).every((r) => r.representativeId === world.rep.userId)).toBe(true);
  });

  it('refuses another client, and users without customer analysis', async () => {
    expect((await list(world.admin.cookie, { clientId: world.kaveriId })).status).toBe(403);
    const staff = await signInAs(world.database, 'staff@vardhman.test');
    expect((await list(staff.cookie)).status).toBe(403);
  });
});
