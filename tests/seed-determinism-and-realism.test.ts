import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { isSeeded, resetDatabase, seedDatabase, type SeedSummary } from '@/lib/db/seed';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { col, row, rowOf } from '@/lib/db/rows';
import { one, rows, SCALE, TODAY } from './helpers/seed-tests';

/** Aggregates that must be identical for two seeds with the same `today`. */
async function fingerprint(db: Db) {
  return rows(
    db,
    sql`
    select c.code,
      (select count(*)::int from invoices i where i.client_id = c.id) as invoices,
      (select coalesce(sum(amount), 0)::text from invoices i where i.client_id = c.id) as invoice_sum,
      (select count(*)::int from payments p where p.client_id = c.id) as payments,
      (select coalesce(sum(amount), 0)::text from payments p where p.client_id = c.id) as payment_sum,
      (select md5(coalesce(string_agg(sys_obligor_code || ':' || name || ':' || coalesce(credit_limit::text, ''), '|'
        order by sys_obligor_code), '')) from obligors o where o.client_id = c.id) as obligor_hash,
      (select md5(coalesce(string_agg(t.id || ':' || t.name || ':' || t.due_date, '|' order by t.id), ''))
        from tasks t where t.client_id = c.id) as task_hash
    from clients c order by c.code`,
    row({
      code: col.text,
      invoices: col.int,
      invoice_sum: col.text,
      payments: col.int,
      payment_sum: col.text,
      obligor_hash: col.text,
      task_hash: col.text,
    }),
  );
}

let first: TestDatabase;
let second: TestDatabase;
let db: Db;
let summary: SeedSummary;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await createTestDatabase();
  db = first.db;
  expect(await isSeeded(db)).toBe(false);
  summary = await seedDatabase(db, { scale: SCALE, today: TODAY, history: false });
  await seedDatabase(second.db, { scale: SCALE, today: TODAY, history: false });
});

afterAll(async () => {
  await first?.dispose();
  await second?.dispose();
});

describe('seed: determinism', () => {
  it('reports what it wrote', async () => {
    expect(await isSeeded(db)).toBe(true);
    expect(summary.today).toBe(TODAY);
    expect(summary.counts.clients).toBe(3);
    const invoices = await one(db, sql`select count(*)::int as n from invoices`, row({ n: col.int }));
    expect(summary.counts.invoices).toBe(invoices.n);
  });

  it('gives identical data for the same today in two fresh databases', async () => {
    const a = await fingerprint(db);
    const b = await fingerprint(second.db);
    expect(a).toHaveLength(3);
    expect(b).toEqual(a);
  });

  it('empties everything on reset and can seed again identically', async () => {
    const before = await fingerprint(second.db);
    await resetDatabase(second.db);
    expect(await isSeeded(second.db)).toBe(false);
    const empty = await one(
      second.db,
      sql`select (select count(*) from invoices) + (select count(*) from users)
      + (select count(*) from pages) + (select count(*) from holdings) as n`,
      row({ n: col.int }),
    );
    expect(empty.n).toBe(0);
    await seedDatabase(second.db, { scale: SCALE, today: TODAY, history: false });
    expect(await fingerprint(second.db)).toEqual(before);
  });
});

describe('seed: realism', () => {
  it('has partly paid invoices and items settled in instalments', async () => {
    const r = await one(
      db,
      sql`
      with paid as (select client_id, sys_invoice_num, sum(amount) as total, count(*) as n from settlements group by 1, 2)
      select count(*) filter (where i.status = 'OPEN' and paid.total > 0)::int as partly_open,
        count(*) filter (where i.status = 'CLOSED' and paid.n >= 2)::int as instalments
      from invoices i join paid using (client_id, sys_invoice_num)`,
      rowOf(['partly_open', 'instalments'], col.int),
    );
    expect(r.partly_open).toBeGreaterThan(0);
    expect(r.instalments).toBeGreaterThan(0);
  });

  it('has open items more than 90 days past due, and current ones', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where coalesce(due_date, issue_date) < ${TODAY}::date - 90)::int as over90,
        count(*) filter (where due_date >= ${TODAY}::date)::int as current
      from invoices where status = 'OPEN' and doc_type <> 'CREDIT_NOTE'`,
      rowOf(['over90', 'current'], col.int),
    );
    expect(r.over90).toBeGreaterThan(0);
    expect(r.current).toBeGreaterThan(0);
  });

  it('has some obligors over their credit limit, but not most', async () => {
    const r = await one(
      db,
      sql`
      -- Net of receipts on account: money received counts against the limit whether or not allocated yet.
      with exposure as (
        select client_id, sys_obligor_code, sum(amount) as amount from (
          select i.client_id, i.sys_obligor_code, i.amount - coalesce(p.paid, 0) as amount
          from invoices i left join (select client_id, sys_invoice_num, sum(amount) as paid from settlements group by 1, 2) p
            using (client_id, sys_invoice_num)
          union all
          select r.client_id, r.sys_obligor_code, -(r.amount - coalesce((select sum(a.amount) from allocations a
            where a.client_id = r.client_id and a.payment_ref = r.payment_ref), 0))
          from receipts r) x
        group by 1, 2)
      select count(*) filter (where e.amount > o.credit_limit)::int as breached, count(*)::int as total
      from obligors o left join exposure e using (client_id, sys_obligor_code)
      where o.parent_sys_obligor_code is not null`,
      rowOf(['breached', 'total'], col.int),
    );
    expect(r.breached).toBeGreaterThan(0);
    expect(r.breached / r.total).toBeLessThan(0.2);
  });

  it('has rating histories with both upgrades and downgrades', async () => {
    const r = await one(
      db,
      sql`
      with r as (select rating, lag(rating) over (partition by client_id, sys_obligor_code order by rating_date) as prev
        from obligor_ratings)
      select count(*) filter (where rating < prev)::int as up, count(*) filter (where rating > prev)::int as down from r`,
      rowOf(['up', 'down'], col.int),
    );
    expect(r.up).toBeGreaterThan(0);
    expect(r.down).toBeGreaterThan(0);
  });

  it('fills the notification bell of the demo admin, field officer and area sales manager', async () => {
    const list = await rows(
      db,
      sql`
      select u.email, count(*) filter (where n.status = 'NEW')::int as new, count(*) filter (where n.status = 'READ')::int as read,
        count(*) filter (where n.status = 'NEW' and (n.created_at at time zone 'Asia/Kolkata')::date = ${TODAY}::date)::int as today
      from users u join notifications n on n.client_id = u.client_id and n.user_id = u.id
      where u.email in ('admin@vardhman.test', 'guest@vardhman.test', 'rep@vardhman.test') group by u.email order by u.email`,
      row({ email: col.text, new: col.int, read: col.int, today: col.int }),
    );
    expect(list).toHaveLength(3);
    for (const n of list) {
      expect(n.new, n.email).toBeGreaterThanOrEqual(20);
      expect(n.new, n.email).toBeLessThanOrEqual(30);
      expect(n.read, n.email).toBeGreaterThanOrEqual(25);
      expect(n.today, n.email).toBeGreaterThan(0);
    }
  });

  it('has closed tasks with comments and tasks linked to open invoices', async () => {
    const r = await one(
      db,
      sql`
      select count(*) filter (where status = 'CLOSED')::int as closed,
        count(*) filter (where status = 'CLOSED' and (comment is null or closed_at is null))::int as uncommented,
        count(*) filter (where closed_at < created_at)::int
          + (select count(*)::int from notifications n join tasks t on t.client_id = n.client_id and t.id = n.association_id
            where n.created_at < t.created_at) as backwards,
        (select count(distinct (client_id, task_id))::int from task_invoices) as linked
      from tasks`,
      rowOf(['closed', 'uncommented', 'linked', 'backwards'], col.int),
    );
    expect(r.closed).toBeGreaterThan(0);
    expect(r.uncommented).toBe(0);
    expect(r.backwards).toBe(0);
    expect(r.linked).toBeGreaterThan(0);
  });

  it('gives the investor firm holdings with received and upcoming cashflows', async () => {
    const r = await one(
      db,
      sql`
      select (select count(*)::int from holdings) as holdings,
        (select count(*)::int from holding_cashflows where received_date is not null) as received,
        (select count(*)::int from holding_cashflows where received_date is null) as upcoming,
        (select count(*)::int from offerings where close_date >= ${TODAY}::date) as offerings`,
      rowOf(['holdings', 'received', 'upcoming', 'offerings'], col.int),
    );
    expect(r.holdings).toBeGreaterThanOrEqual(3);
    expect(r.received).toBeGreaterThan(0);
    expect(r.upcoming).toBeGreaterThan(0);
    expect(r.offerings).toBeGreaterThan(0);
  });
});
