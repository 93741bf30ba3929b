import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { clients, roles, userPagePermissions, users } from '@/lib/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDatabase } from '@/lib/db/seed';
import { gstinCheckChar } from '@/lib/domain/gstin';
import { CITIES } from '@/lib/db/seed/places';
import { verifyPassword } from '@/lib/server/auth/password';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { col, row, rowOf } from '@/lib/db/rows';
import { one, rows, SCALE, TODAY } from './helpers/seed-tests';

async function clientId(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, code));
  if (!row) throw new Error(`no client ${code}`);
  return row.id;
}

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDatabase(db, { scale: SCALE, today: TODAY, history: false });
});

afterAll(async () => {
  await database?.dispose();
});

describe('seed: invariants', () => {
  it('never pays more than an item, before its issue date or after today', async () => {
    const bad = await one(
      db,
      sql`
      with paid as (
        select p.client_id, p.sys_invoice_num, sum(p.amount) as total, min(p.paid_date) as first_paid,
          max(p.paid_date) as last_paid,
          -- A debit note against an invoice is a negative settlement of it: the one exception.
          bool_or(sign(p.amount) <> sign(i.amount) and p.source <> 'NOTE') as wrong_sign
        from settlements p join invoices i using (client_id, sys_invoice_num) group by 1, 2)
      select count(*) filter (where abs(paid.total) > abs(i.amount))::int as over,
        count(*) filter (where paid.first_paid < i.issue_date)::int as early,
        count(*) filter (where paid.last_paid > ${TODAY}::date)::int as late,
        count(*) filter (where paid.wrong_sign)::int as sign
      from invoices i join paid using (client_id, sys_invoice_num)`,
      rowOf(['over', 'early', 'late', 'sign'], col.int),
    );
    expect(bad).toEqual({ over: 0, early: 0, late: 0, sign: 0 });
  });

  it('raises credit and debit notes against invoices of their customer, and leaves some standing alone', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where n.doc_type = 'CREDIT_NOTE' and n.against_sys_invoice_num is not null)::int as credit,
        count(*) filter (where n.doc_type = 'DEBIT_NOTE' and n.against_sys_invoice_num is not null)::int as debit,
        count(*) filter (where n.doc_type = 'CREDIT_NOTE' and n.against_sys_invoice_num is null)::int as alone,
        count(*) filter (where t.sys_obligor_code <> n.sys_obligor_code or t.doc_type <> 'INVOICE')::int as foreign,
        count(*) filter (where t.issue_date > n.issue_date)::int as early
      from invoices n left join invoices t on t.client_id = n.client_id and t.sys_invoice_num = n.against_sys_invoice_num
      where n.doc_type <> 'INVOICE'`,
      rowOf(['credit', 'debit', 'alone', 'foreign', 'early'], col.int),
    );
    expect(r.credit).toBeGreaterThan(0);
    expect(r.debit).toBeGreaterThan(0);
    expect(r.alone).toBeGreaterThan(0);
    expect(r.credit * 4).toBeGreaterThan(r.credit + r.alone); // picked two in three; some find no invoice
    expect([r.foreign, r.early]).toEqual([0, 0]);
  });

  it('writes off a few bad debts, each what was unpaid of an invoice of its customer, mostly 180+ days past due', async () => {
    const r = await one(
      db,
      sql`
      select count(*)::int as n,
        (select count(*)::int from invoices where doc_type = 'INVOICE') as invoices,
        count(*) filter (where w.issue_date - coalesce(i.due_date, i.issue_date) > 180)::int as old,
        count(*) filter (where i.sys_obligor_code <> w.sys_obligor_code or i.doc_type <> 'INVOICE' or w.amount >= 0
          or i.status <> 'CLOSED' or w.issue_date > ${TODAY}::date or w.issue_date < ${TODAY}::date - 731)::int as wrong,
        count(distinct extract(year from w.issue_date))::int as years
      from invoices w join invoices i on i.client_id = w.client_id and i.sys_invoice_num = w.against_sys_invoice_num
      where w.doc_type = 'WRITE_OFF'`,
      rowOf(['n', 'invoices', 'old', 'wrong', 'years'], col.int),
    );
    expect(r.n).toBeGreaterThan(0);
    expect(r.n).toBeLessThanOrEqual(Math.ceil(r.invoices * 0.01));
    expect(r.old * 10).toBeGreaterThanOrEqual(r.n * 8);
    expect(r.years).toBeGreaterThan(1);
    expect(r.wrong).toBe(0);
  });

  it('makes some large invoices payable in instalments that sum to them and fall due by their due date', async () => {
    const r = await one(
      db,
      sql`
      select count(*)::int as invoices,
        count(*) filter (where total <> amount or last_due <> due_date or first_due <= issue_date)::int as wrong
      from (select i.amount, i.due_date, i.issue_date, sum(k.amount) as total, max(k.due_date) as last_due, min(k.due_date) as first_due
        from instalments k join invoices i using (client_id, sys_invoice_num) group by 1, 2, 3, i.client_id, i.sys_invoice_num) x`,
      rowOf(['invoices', 'wrong'], col.int),
    );
    expect(r.invoices).toBeGreaterThan(5);
    expect(r.wrong).toBe(0);
  });

  it('marks an item CLOSED exactly when it is fully settled', async () => {
    const bad = await one(
      db,
      sql`
      select count(*)::int as n from invoices i
      left join (select client_id, sys_invoice_num, sum(amount) as total from settlements group by 1, 2) p
        using (client_id, sys_invoice_num)
      where (i.status = 'CLOSED') <> (coalesce(p.total, 0) = i.amount)`,
      row({ n: col.int }),
    );
    expect(bad.n).toBe(0);
  });

  it('has negative credit notes, positive invoices and debit notes, and no future documents', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where doc_type = 'CREDIT_NOTE')::int as cn,
        count(*) filter (where doc_type = 'CREDIT_NOTE' and amount >= 0)::int as bad_cn,
        count(*) filter (where doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and amount <= 0)::int as bad_other,
        count(*) filter (where doc_type = 'DEBIT_NOTE')::int as dn,
        count(*) filter (where issue_date > ${TODAY}::date)::int as future,
        count(*) filter (where due_date < issue_date)::int as due_before
      from invoices`,
      rowOf(['cn', 'bad_cn', 'bad_other', 'dn', 'future', 'due_before'], col.int),
    );
    expect(r.cn).toBeGreaterThan(0);
    expect(r.dn).toBeGreaterThan(0);
    expect(r).toMatchObject({ bad_cn: 0, bad_other: 0, future: 0, due_before: 0 });
  });

  it('numbers documents the Indian way and uniquely', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where invoice_num !~ '^(INV|CN|DN|WO)/20[0-9]{2}-[0-9]{2}/[0-9]{6}$')::int as bad,
        (select count(*)::int from (select client_id, invoice_num from invoices group by 1, 2 having count(*) > 1) d) as dup,
        count(*) filter (where doc_type = 'CREDIT_NOTE' and doc_num like 'INV/%')::int as refs
      from invoices`,
      rowOf(['bad', 'dup', 'refs'], col.int),
    );
    expect(r.bad).toBe(0);
    expect(r.dup).toBe(0);
    expect(r.refs).toBeGreaterThan(0);
  });

  it('gives every child obligor an existing parent in its own client', async () => {
    const r = await one(
      db,
      sql`
      select (select count(*)::int from obligors c left join obligors p
          on p.client_id = c.client_id and p.sys_obligor_code = c.parent_sys_obligor_code
        where c.parent_sys_obligor_code is not null and (p.sys_obligor_code is null or p.parent_sys_obligor_code is not null)) as orphans,
        (select count(distinct (client_id, parent_sys_obligor_code))::int from obligors where parent_sys_obligor_code is not null)
          as parents_with_children,
        (select count(*)::int from (select 1 from obligors where parent_sys_obligor_code is not null
          group by client_id, parent_sys_obligor_code having count(*) = 1) s) as singles`,
      rowOf(['orphans', 'parents_with_children', 'singles'], col.int),
    );
    expect(r.orphans).toBe(0);
    expect(r.parents_with_children).toBeGreaterThanOrEqual(5);
    expect(r.singles).toBeGreaterThan(0);
  });

  it('keeps every tenant row inside its own client', async () => {
    const r = await one(
      db,
      sql`
      select
        (select count(*)::int from obligors o join clients c on c.id = o.client_id
          where o.sys_obligor_code !~ case c.code when 'KAVERI' then '^K[PC][0-9]+$' else '^[PC][0-9]+$' end) as obligor_codes,
        (select count(*)::int from invoices i join clients c on c.id = i.client_id
          where left(i.sys_invoice_num, 3) <> case c.code when 'KAVERI' then 'KAV' else 'VAR' end) as invoice_codes,
        (select count(*)::int from obligors o where exists (
          select 1 from unnest(array[o.dim1_id, o.dim2_id, o.dim3_id]) d(id)
          where d.id is null or not exists (select 1 from dimension_values v where v.client_id = o.client_id and v.id = d.id))) as obligor_dims,
        -- invoices keep no foreign key to obligors (lib/db/schema/ledger.ts): the rows must hold it.
        (select count(*)::int from invoices i where not exists (
          select 1 from obligors o where o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code)) as invoice_obligors,
        (select count(*)::int from invoices i where i.dim2_id is not null and not exists (
          select 1 from dimension_values v where v.client_id = i.client_id and v.id = i.dim2_id and v.dim_level = 2)) as invoice_dims,
        (select count(*)::int from obligors o where (o.guest_id is not null and not exists (
            select 1 from users u where u.client_id = o.client_id and u.id = o.guest_id))
          or (o.representative_id is not null and not exists (
            select 1 from users u where u.client_id = o.client_id and u.id = o.representative_id))) as obligor_staff,
        (select count(*)::int from tasks t where not exists (select 1 from users u where u.client_id = t.client_id and u.id = t.assignee_id)
          or not exists (select 1 from users u where u.client_id = t.client_id and u.id = t.reporter_id)
          or not exists (select 1 from obligors o where o.client_id = t.client_id and o.sys_obligor_code = t.sys_obligor_code)) as task_refs,
        (select count(*)::int from task_invoices ti where not exists (
          select 1 from invoices i where i.client_id = ti.client_id and i.sys_invoice_num = ti.sys_invoice_num)) as task_invoices,
        (select count(*)::int from notifications n where not exists (select 1 from users u where u.client_id = n.client_id and u.id = n.user_id)
          or not exists (select 1 from tasks t where t.client_id = n.client_id and t.id = n.association_id)
          or (n.from_id is not null and not exists (select 1 from users u where u.client_id = n.client_id and u.id = n.from_id))) as notifications,
        (select count(*)::int from communications m where m.user_id is not null and not exists (
          select 1 from users u where u.client_id = m.client_id and u.id = m.user_id)) as communications,
        (select count(*)::int from users u join clients c on c.id = u.client_id
          -- Staff carry the client's domain; customer users are the customer's people, with their own.
          where u.customer_code is null and split_part(u.email, '@', 2) <> lower(c.code) || '.test') as user_domains,
        (select count(*)::int from holdings h join clients c on c.id = h.client_id where c.kind <> 'INVESTOR') as holdings`,
      z.record(z.string(), col.int),
    );
    for (const [check, count] of Object.entries(r)) expect({ check, count }).toEqual({ check, count: 0 });
  });

  it('gives the second borrower client its own, smaller book', async () => {
    const vardhman = await clientId(db, 'VARDHMAN');
    const kaveri = await clientId(db, 'KAVERI');
    const count = async (table: string, id: number) =>
      (
        await one(
          db,
          sql`select count(*)::int as n from ${sql.identifier(table)} where client_id = ${id}`,
          row({ n: col.int }),
        )
      ).n;
    for (const table of [
      'obligors',
      'invoices',
      'payments',
      'tasks',
      'notifications',
      'communications',
      'obligor_ratings',
      'users',
    ]) {
      expect(await count(table, kaveri), table).toBeGreaterThan(0);
    }
    const ratio = (await count('invoices', kaveri)) / (await count('invoices', vardhman));
    expect(ratio).toBeGreaterThan(0.05);
    expect(ratio).toBeLessThan(0.2);
    const shared = await one(
      db,
      sql`select count(*)::int as n from obligors a join obligors b
      on a.business_id = b.business_id and a.client_id = ${vardhman} and b.client_id = ${kaveri}`,
      row({ n: col.int }),
    );
    expect(shared.n).toBe(0);
  });

  it('writes GSTINs whose state code matches the city and whose check character is right', async () => {
    const list = await rows(
      db,
      sql`select business_id, city from obligors`,
      row({ business_id: col.text, city: col.text }),
    );
    const stateOf = new Map(CITIES.map((c) => [c.name, c.stateCode]));
    for (const { business_id: id, city } of list) {
      expect(id).toMatch(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
      expect(id.slice(0, 2)).toBe(stateOf.get(city));
      expect(id[14]).toBe(gstinCheckChar(id.slice(0, 14)));
    }
  });

  it('ends every credit limit history with the current limit', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where h.credit_limit is null)::int as missing,
        count(*) filter (where h.credit_limit <> o.credit_limit)::int as mismatched
      from obligors o left join lateral (select credit_limit from credit_limit_history h
        where h.client_id = o.client_id and h.sys_obligor_code = o.sys_obligor_code order by effective_date desc limit 1) h on true`,
      rowOf(['missing', 'mismatched'], col.int),
    );
    expect(r).toEqual({ missing: 0, mismatched: 0 });
  });

  it('creates every demo user with the demo password and the promised permissions', async () => {
    for (const demo of DEMO_USERS) {
      const [user] = await db
        .select({
          id: users.id,
          clientId: users.clientId,
          name: users.name,
          userType: users.userType,
          role: roles.code,
          client: clients.code,
          hash: users.passwordHash,
          status: users.status,
        })
        .from(users)
        .innerJoin(roles, sql`${roles.clientId} = ${users.clientId} and ${roles.id} = ${users.roleId}`)
        .innerJoin(clients, eq(clients.id, users.clientId))
        .where(eq(users.email, demo.email));
      expect(user, demo.email).toMatchObject({
        name: demo.name,
        userType: demo.userType,
        role: demo.role,
        client: demo.clientCode,
        status: 'ACTIVE',
      });
      expect(await verifyPassword(DEMO_PASSWORD, user?.hash ?? '')).toBe(true);
    }
    const pagesOf = async (email: string) =>
      (
        await db
          .select({ f: userPagePermissions.featureType, pos: userPagePermissions.position })
          .from(userPagePermissions)
          .innerJoin(
            users,
            sql`${users.clientId} = ${userPagePermissions.clientId} and ${users.id} = ${userPagePermissions.userId}`,
          )
          .where(eq(users.email, email))
      )
        .sort((a, b) => a.pos - b.pos)
        .map((p) => p.f);
    expect(await pagesOf('portal@vardhman.test')).toEqual(['CUSTOMER PORTAL', 'RECEIVABLES']);
    expect(await pagesOf('guest@vardhman.test')).toEqual(['RECEIVABLES', 'TASKS', 'MY CUSTOMERS']);
    expect(await pagesOf('rep@vardhman.test')).toEqual([
      'COMPANY SUMMARY',
      'MY CUSTOMERS',
      'RECEIVABLES',
      'TASKS',
      'BUSINESS PERFORMANCE',
      'CREDIT LIMIT',
      'MANAGE_CONTACTS',
    ]);
    expect(await pagesOf('staff@vardhman.test')).toEqual([]);
  });
});
