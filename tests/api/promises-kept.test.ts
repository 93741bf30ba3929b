import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, row } from '@/lib/db/rows';
import { checkPromises, checkPromisesEveryClient } from '@/lib/server/promises/check-promises';
import {
  logPromiseNote,
  promiseStats as stats,
  promisesWorld,
  takePromise as take,
  type PromisesWorld,
} from '../helpers/promises';
import { dmyOf } from '../helpers/dates';

// Payments keeping promises, passed dates breaking them, and the collectors' figures; taking one is
// in promises-taking.test.ts.
let world: PromisesWorld;

beforeAll(async () => {
  world = await promisesWorld();
  // The promises that taking them leaves (promises-taking.test.ts), which the figures below count:
  // the admin's account promises of day(90) and, through a communication, of day(4); the field
  // officer's on an invoice; the admin's on another field officer's customer.
  const taken = [
    await take(world.admin, { sysObligorCode: world.own.code, amount: 1000, promisedDate: world.day(90) }),
    await take(world.guest, {
      sysObligorCode: world.own.code,
      amount: '1,500.50',
      promisedDate: world.day(7),
      sysInvoiceNums: [world.own.invoices[0]!.num],
      channel: 'VISIT',
      promisedBy: 'Mr Shah (accounts)',
      note: 'cheque after the month-end close',
    }),
    await logPromiseNote(world.admin, world.own.code, world.today, { followUpDate: world.day(4) }),
    await take(world.admin, { sysObligorCode: world.other.code, amount: 100, promisedDate: world.day(2) }),
  ];
  for (const res of taken) if (res.status !== 201) throw new Error(JSON.stringify(res.json));
});
afterAll(() => world?.database.dispose());

describe('promises: kept, broken, partial', () => {
  it('a payment import within the promise turns it KEPT (a part first leaves it OPEN with the paid amount)', async () => {
    const inv = world.own.invoices[1]!;
    const res = await take(world.admin, {
      sysObligorCode: world.own.code,
      amount: 2000,
      promisedDate: world.day(3),
      sysInvoiceNums: [inv.num],
    });
    expect(res.status).toBe(201);
    const id = res.json.id as number;
    // A payment on another invoice of the customer does not count for a promise on invoices.
    expect(
      (
        await world.importPayments([
          [world.own.invoices[2]!.num, world.today, 700],
          [inv.num, world.today, 1200],
        ])
      ).status,
    ).toBe('SUCCEEDED');
    expect(await world.promiseRow(id)).toMatchObject({ status: 'OPEN', paidAmount: 1200 });
    expect((await world.importPayments([[inv.num, world.day(0), 800]])).status).toBe('SUCCEEDED');
    expect(await world.promiseRow(id)).toMatchObject({ status: 'KEPT', paidAmount: 2000 });
  });

  it('an account promise counts payments on any invoice of the account; a family promise on any account of it', async () => {
    const acc = await take(world.admin, { sysObligorCode: world.own.code, amount: 300, promisedDate: world.day(10) });
    // own.invoices[2] got ₹700 today above: dated from the day the promise was taken, it keeps it.
    expect(acc.json).toMatchObject({ status: 'KEPT', paidAmount: 700 + 2000 });
    const [child] = await world.rows(
      sql`
      select i.sys_invoice_num as num from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${world.clientId} and o.parent_sys_obligor_code = ${world.family.parent} and i.doc_type = 'INVOICE'
        and i.settled_date is null and i.amount - i.paid_to_date >= 500 order by 1 limit 1`,
      row({ num: col.text }),
    );
    const fam = await take(world.admin, {
      sysObligorCode: world.family.parent,
      onFamily: true,
      amount: 500,
      promisedDate: world.day(10),
    });
    expect(fam.status, JSON.stringify(fam.json)).toBe(201);
    expect(fam.json).toMatchObject({ onFamily: true, status: 'OPEN', paidAmount: 0 });
    expect((await world.importPayments([[child!.num, world.day(1), 500]])).status).toBe('SUCCEEDED');
    expect(await world.promiseRow(fam.json.id)).toMatchObject({ status: 'KEPT', paidAmount: 500 });
    const onChild = await take(world.admin, {
      sysObligorCode: world.family.child,
      onFamily: true,
      amount: 5,
      promisedDate: world.day(1),
    });
    expect(onChild.status).toBe(400);
    expect(onChild.json.fields.onFamily).toBe('take a family promise on the parent customer');
  });

  it('a passed date turns a promise with nothing paid BROKEN: one task for the field officer and one notification', async () => {
    const inv = world.own.invoices[2]!;
    const res = await take(world.admin, {
      sysObligorCode: world.own.code,
      amount: 5000,
      promisedDate: world.day(2),
      sysInvoiceNums: [inv.num],
    });
    // ₹700 was paid on this invoice today, before this promise... on its taken day: it counts.
    expect(res.json).toMatchObject({ status: 'OPEN', paidAmount: 700 });
    const inv0 = world.own.invoices[0]!;
    const broken = await take(world.admin, {
      sysObligorCode: world.own.code,
      amount: 4321,
      promisedDate: world.day(2),
      sysInvoiceNums: [inv0.num],
    });
    expect(broken.json).toMatchObject({ status: 'OPEN', paidAmount: 0 });
    // On the promised date itself nothing changes.
    await checkPromises(world.database.db, world.clientId, world.day(2));
    expect((await world.promiseRow(broken.json.id)).status).toBe('OPEN');
    for (let i = 0; i < 2; i++) await checkPromises(world.database.db, world.clientId, world.day(3));
    expect(await world.promiseRow(broken.json.id)).toMatchObject({ status: 'BROKEN', paidAmount: 0 });
    expect(await world.promiseRow(res.json.id)).toMatchObject({ status: 'PARTIAL', paidAmount: 700 });
    const made = await world.rows(
      sql`
      select t.name, t.assignee_id as assignee, t.due_date::text as due, c.task_category as category,
        (select count(*)::int from notifications n where n.client_id = t.client_id and n.association_id = t.id
          and n.kind = 'PROMISE_BROKEN' and n.user_id = ${world.guest.userId}) as notices
      from tasks t join task_categories c on c.client_id = t.client_id and c.id = t.category_id
      where t.client_id = ${world.clientId} and t.sys_obligor_code = ${world.own.code} and t.name like '%promise%' order by t.id`,
      row({ name: col.text, assignee: col.int, due: col.text, category: col.text, notices: col.int }),
    );
    expect(made).toEqual([
      {
        name: `Partly kept promise: ${world.own.name} promised ₹5,000.00 by ${dmyOf(world.day(2))}, paid ₹700.00`,
        assignee: world.guest.userId,
        due: world.day(3),
        category: 'Promise to pay',
        notices: 1,
      },
      {
        name: `Broken promise: ${world.own.name} promised ₹4,321.00 by ${dmyOf(world.day(2))}`,
        assignee: world.guest.userId,
        due: world.day(3),
        category: 'Promise to pay',
        notices: 1,
      },
    ]);
  });

  it("the daily sweep checks each client's promises on its own day, once", async () => {
    const res = await take(world.admin, {
      sysObligorCode: world.own.code,
      amount: 999,
      promisedDate: world.day(20),
      sysInvoiceNums: [world.own.invoices[0]!.num],
    });
    // Noon in India on day(21): the client's day is day(21), the promise's date has passed.
    const at = new Date(`${world.day(21)}T06:30:00Z`);
    await checkPromisesEveryClient(world.database.db, at, [world.clientId + 1000]);
    expect((await world.promiseRow(res.json.id)).status).toBe('OPEN');
    for (let i = 0; i < 2; i++) await checkPromisesEveryClient(world.database.db, at, [world.clientId]);
    expect(await world.promiseRow(res.json.id)).toMatchObject({ status: 'BROKEN', paidAmount: 0 });
    const [made] = await world.rows(
      sql`
      select count(*)::int as n, max(due_date)::text as due from tasks
      where client_id = ${world.clientId} and name = ${`Broken promise: ${world.own.name} promised ₹999.00 by ${dmyOf(world.day(20))}`}`,
      row({ n: col.int, due: col.text }),
    );
    expect(made).toEqual({ n: 1, due: world.day(21) });
  });

  it('counts each collector’s promises by status with the kept rate', async () => {
    const res = await stats(world.admin, { fromDate: world.today, toDate: world.day(90) });
    expect(res.status).toBe(200);
    const [adminRow] = (res.json as { userId: number }[]).filter((r) => r.userId === world.admin.userId);
    const [guestRow] = (res.json as { userId: number }[]).filter((r) => r.userId === world.guest.userId);
    // The admin's: the account promises of day(90) (₹1,000) and day(4) (₹800, the communication's)
    // were kept by the ₹2,700 paid on the account today, as were the day(3) invoice promise, the
    // ₹300 account one and the family one: 5 KEPT; other's ₹100 by day(2) BROKEN on day(3), like
    // the ₹4,321 one, and the ₹999 one by the sweep; the ₹5,000 one PARTIAL.
    expect(adminRow).toEqual({
      userId: world.admin.userId,
      userName: 'Priya Raghavan',
      kept: 5,
      partial: 1,
      broken: 3,
      open: 0,
      keptRate: 5 / 9,
    });
    // The field officer's ₹1,500.50 by day(7) on an invoice nothing was paid on: broken by the sweep.
    expect(guestRow).toMatchObject({ kept: 0, partial: 0, broken: 1, open: 0, keptRate: 0 });
    const scoped = (await stats(world.guest, { fromDate: world.today, toDate: world.day(90) })).json as {
      userId: number;
    }[];
    // The field officer counts only their customer's: not other's, nor the family's.
    expect(scoped.find((r) => r.userId === world.admin.userId)).toMatchObject({
      kept: 4,
      partial: 1,
      broken: 2,
      open: 0,
    });
    expect((await stats(world.admin, { fromDate: world.day(5), toDate: world.day(1) })).status).toBe(400);
  });
});
