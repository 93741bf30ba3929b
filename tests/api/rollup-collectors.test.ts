import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as assignRoute } from '@/app/api/obligors/[code]/assign/route';
import { ZParentObligorsQuery } from '@/lib/contract/customers';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
let clientId: number;
let admin: { cookie: string };
let guest: { userId: number };

const rows = <S extends z.ZodType>(query: SQL, shape: S) => queryRows(database.db, query, shape);
const assign = (cookie: string, code: string, body: unknown) =>
  callRoute(assignRoute, `/api/obligors/${code}/assign`, { method: 'POST', cookie, body, params: { code } });

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  admin = await signInAs(database, 'admin@vardhman.test');
  guest = { userId: (await signInAs(database, 'guest@vardhman.test')).session.userId };
});
afterAll(() => database?.dispose());

/**
 * A rollup row carries its customer's field officer (read by the index obligor_ageing_guest): an
 * assignment reaches the officer's figures of every rollup date at once, and a row that lags behind
 * its customer's assignment can hide the customer but never show it to another officer.
 */
describe("a field officer's figures from the rollups follow the assignments", () => {
  let today: string;
  const scopeOf = (userId: number): ObligorScope => ({ kind: 'ASSIGNED', role: 'guest', userId });
  /** The officer's balance of one family on a rollup date, through the customer analysis list. */
  const balanceOf = async (userId: number, family: string, date: string) => {
    const { rows: list } = await listParentObligors(database.db, clientId, {
      ...ZParentObligorsQuery.parse({ date, parentSysObligorCode: family }),
      scope: scopeOf(userId),
    });
    return list[0]?.balance ?? 0;
  };
  /** The same summed from the rollup rows of the customers assigned to the officer now. */
  const expected = async (userId: number, family: string, date: string) => {
    const [found] = await rows(
      sql`
      select sum(r.outstanding) as s from obligor_ageing r join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
      where r.client_id = ${clientId} and r.as_of_date = ${date}::date and r.family_code = ${family} and o.guest_id = ${userId}`,
      row({ s: col.text.nullable() }),
    );
    return Number(found?.s ?? 0);
  };

  beforeAll(async () => {
    // The latest rollup date (the seed's day, which may not be the clock's).
    const [found] = await rows(
      sql`
      select max(as_of_date)::text as d from ageing_snapshots where client_id = ${clientId}`,
      row({ d: col.text }),
    );
    today = found!.d;
  });

  it("writes each row with its customer's collectors", async () => {
    const [found] = await rows(
      sql`
      select count(*)::int as n, count(*) filter (where (r.guest_id, r.representative_id) is distinct from (o.guest_id, o.representative_id))::int as off
      from obligor_ageing r join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
      where r.client_id = ${clientId}`,
      row({ n: col.num, off: col.num }),
    );
    expect(found!.n).toBeGreaterThan(1000);
    expect(found!.off).toBe(0);
  });

  it('moves a customer to another officer on every rollup date at once', async () => {
    const [picked] = await rows(
      sql`
      select r.sys_obligor_code as code, r.family_code as family, r.outstanding from obligor_ageing r
      join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
      where r.client_id = ${clientId} and r.as_of_date = ${today}::date and r.outstanding > 0
        and o.guest_id is distinct from ${guest.userId} and o.parent_sys_obligor_code is not null
      order by r.sys_obligor_code limit 1`,
      row({ code: col.text, family: col.text, outstanding: col.text }),
    );
    const { code, family } = picked!;
    const before = await balanceOf(guest.userId, family, today);
    expect(before).toBeCloseTo(await expected(guest.userId, family, today), 2);

    expect((await assign(admin.cookie, code, { guestId: guest.userId })).status).toBe(200);
    const after = await balanceOf(guest.userId, family, today);
    expect(after).toBeCloseTo(before + Number(picked!.outstanding), 2);
    expect(after).toBeCloseTo(await expected(guest.userId, family, today), 2);
    const [stale] = await rows(
      sql`
      select count(*)::int as n from obligor_ageing where client_id = ${clientId} and sys_obligor_code = ${code}
        and guest_id is distinct from ${guest.userId}`,
      row({ n: col.num }),
    );
    expect(stale!.n).toBe(0);

    expect((await assign(admin.cookie, code, { guestId: null })).status).toBe(200);
    expect(await balanceOf(guest.userId, family, today)).toBeCloseTo(before, 2);
  });

  it("never shows another officer's customer from a row that lags behind its assignment", async () => {
    const [other] = await rows(
      sql`
      select r.sys_obligor_code as code, r.family_code as family from obligor_ageing r
      join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
      where r.client_id = ${clientId} and r.as_of_date = ${today}::date and r.outstanding > 0
        and o.guest_id is not null and o.guest_id <> ${guest.userId}
      order by r.sys_obligor_code limit 1`,
      row({ code: col.text, family: col.text }),
    );
    const before = await balanceOf(guest.userId, other!.family, today);
    await database.db.execute(sql`
      update obligor_ageing set guest_id = ${guest.userId} where client_id = ${clientId} and sys_obligor_code = ${other!.code}`);
    try {
      expect(await balanceOf(guest.userId, other!.family, today)).toBeCloseTo(before, 2);
    } finally {
      await database.db.execute(sql`
        update obligor_ageing r set guest_id = o.guest_id from obligors o
        where r.client_id = ${clientId} and o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code and r.sys_obligor_code = ${other!.code}`);
    }
  });
});
