import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPromise } from '@/lib/contract/promises';
import { clientToday } from '@/lib/server/clients/client-day';
import { checkPromises, checkPromisesEveryClient } from '@/lib/server/promises/check-promises';
import { GET as listRoute, POST as takeRoute } from '@/app/api/promises/route';
import { GET as statsRoute } from '@/app/api/promises/stats/route';
import { POST as logCommRoute } from '@/app/api/communications/obligors/[code]/route';
import { callRoute } from '../helpers/api';
import { notesWorld, type NotesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { csv } from '../imports/helpers';
import { importBatch } from '../helpers/ledger-client';
import { daysFrom, dmyOf } from '../helpers/dates';

let database: TestDatabase;
let clientId: number;
let admin: User, guest: User, kaveri: User;
let family: NotesWorld['family'];
let today: string;
/** A customer of the field officer with three open invoices, and another field officer's customer. */
let own: { code: string; name: string; invoices: { num: string; open: number }[] };
let other: { code: string; invoice: string };
let seeded: { status: string; amount: number; paid: number; task: string | null }[];
let notesWithout: number[];

const day = (offset: number) => daysFrom(today, offset);
const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);

const take = (user: User, body: Record<string, unknown>) =>
  callRoute(takeRoute, '/api/promises', { method: 'POST', cookie: user.cookie, body });
const list = (user: User, query: Record<string, string | number> = {}) =>
  callRoute(listRoute, '/api/promises', { cookie: user.cookie, query });
const stats = (user: User, query: Record<string, string> = {}) =>
  callRoute(statsRoute, '/api/promises/stats', { cookie: user.cookie, query });
let paymentNo = 0;
const importPayments = (payments: [string, string, number][]) =>
  importBatch(
    database.db,
    clientId,
    {
      'payments.csv': csv([
        'payment_ref,sys_invoice_num,paid_date,amount',
        ...payments.map(([num, date, amount]) => `PTP-${++paymentNo},${num},${date},${amount}`),
      ]),
    },
    today,
  );
const promiseRow = async (id: number) =>
  ((await list(admin, { count: 500 })).json as TPromise[]).find((p) => p.id === id)!;

beforeAll(async () => {
  ({ database, clientId, admin, guest, kaveri, family } = await notesWorld());
  today = await clientToday(database.db, clientId);
  // The demo's promises (lib/db/seed/collections.ts) are looked at once, then cleared, so that the
  // figures below are this file's own.
  seeded = await rows(
    sql`
    select p.status, p.amount::text as amount, p.paid_amount::text as paid,
      (select t.name from tasks t where t.client_id = p.client_id and t.sys_obligor_code = p.sys_obligor_code
        and t.name like 'Broken promise:%' limit 1) as task
    from promises p where p.client_id = ${clientId} order by p.promised_date, p.id`,
    row({ status: col.text, amount: col.num, paid: col.num, task: col.text.nullable() }),
  );
  notesWithout = (
    await rows(
      sql`select c.id from communications c where c.client_id = ${clientId} and c.channel = 'PROMISE_TO_PAY'
        and not exists (select 1 from promises p where p.client_id = c.client_id and p.communication_id = c.id
          and p.amount = c.promised_amount and p.promised_date = c.follow_up_date)`,
      row({ id: col.int }),
    )
  ).map((r) => r.id);
  await database.db.execute(sql`delete from promise_invoices where client_id = ${clientId}`);
  await database.db.execute(sql`delete from promises where client_id = ${clientId}`);
  const open = await rows(
    sql`
    select o.sys_obligor_code as code, o.name, i.sys_invoice_num as num, (i.amount - i.paid_to_date)::text as open
    from obligors o join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and o.guest_id = ${guest.userId} and i.doc_type = 'INVOICE'
      and i.settled_date is null and i.amount - i.paid_to_date >= 5000
      and o.sys_obligor_code in (select sys_obligor_code from invoices where client_id = ${clientId} and settled_date is null
        and doc_type = 'INVOICE' and amount - paid_to_date >= 5000 group by 1 having count(*) >= 3)
    order by o.sys_obligor_code, i.sys_invoice_num`,
    row({ code: col.text, name: col.text, num: col.text, open: col.num }),
  );
  const code = open[0]!.code;
  own = {
    code,
    name: open[0]!.name,
    invoices: open.filter((r) => r.code === code).map((r) => ({ num: r.num, open: r.open })),
  };
  const [o] = await rows(
    sql`
    select i.sys_obligor_code as code, i.sys_invoice_num as num from invoices i join obligors o
      on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and o.guest_id is distinct from ${guest.userId} and i.settled_date is null
      and i.doc_type = 'INVOICE' order by i.sys_invoice_num limit 1`,
    row({ code: col.text, num: col.text }),
  );
  other = { code: o!.code, invoice: o!.num };
});
afterAll(() => database?.dispose());

describe('promises: the demo data', () => {
  it('has kept, partly kept, broken (the recent ones with their task) and open promises, each with what was paid', () => {
    const by = (status: string) => seeded.filter((p) => p.status === status);
    for (const status of ['KEPT', 'PARTIAL', 'BROKEN', 'OPEN'])
      expect(by(status).length, status).toBeGreaterThanOrEqual(1);
    for (const p of by('BROKEN')) expect(p.paid).toBe(0);
    expect(by('BROKEN').some((p) => /^Broken promise: .+ promised ₹/.test(p.task ?? ''))).toBe(true);
    for (const p of by('KEPT')) expect(p.paid).toBeGreaterThanOrEqual(p.amount);
    for (const p of by('PARTIAL')) expect(p.paid).toBeLessThan(p.amount);
  });

  it('has a promise for every "promise to pay" note, of its amount and follow-up day', () => {
    expect(notesWithout).toEqual([]);
    expect(seeded.length).toBeGreaterThan(6);
  });
});

describe('promises: taking one', () => {
  const valid = () => ({ sysObligorCode: own.code, amount: 1000, promisedDate: day(5) });

  it.each([
    ['amount', { amount: 0 }],
    ['amount', { amount: -250 }],
    ['amount', { amount: 10.005 }],
    ['amount', { amount: 'a lot' }],
    ['amount', { amount: undefined }],
    ['promisedDate', { promisedDate: undefined }],
    ['promisedDate', { promisedDate: '30/11/2026' }],
    ['promisedDate', { promisedDate: '2026-02-30' }],
    ['sysObligorCode', { sysObligorCode: '' }],
    ['channel', { channel: 'SMS' }],
  ])('refuses a bad %s with 400 and its message (%j)', async (field, change) => {
    const res = await take(admin, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields, JSON.stringify(res.json)).toHaveProperty(field);
  });

  it('refuses a date before today or more than 90 days ahead, against the client’s today', async () => {
    const past = await take(admin, { ...valid(), promisedDate: day(-1) });
    expect(past.status).toBe(400);
    expect(past.json.fields.promisedDate).toBe('the promised date cannot be in the past');
    const far = await take(admin, { ...valid(), promisedDate: day(91) });
    expect(far.status).toBe(400);
    expect(far.json.fields.promisedDate).toBe('the promised date can be at most 90 days ahead');
    expect((await take(admin, { ...valid(), promisedDate: day(90) })).status).toBe(201);
  });

  it("refuses invoices that are not open invoices of the customer: another's, a settled one, an unknown one", async () => {
    const [settled] = await rows(
      sql`
      select sys_invoice_num as num from invoices where client_id = ${clientId} and sys_obligor_code = ${own.code}
        and settled_date is not null limit 1`,
      row({ num: col.text }),
    );
    const bad = [other.invoice, 'NO-SUCH-INVOICE', ...(settled ? [settled.num] : [])];
    for (const num of bad) {
      const res = await take(admin, { ...valid(), sysInvoiceNums: [own.invoices[0]!.num, num] });
      expect(res.status, num).toBe(400);
      expect(res.json.fields.sysInvoiceNums).toBe(`not open invoices of this customer: ${num}`);
    }
  });

  it('takes a promise on invoices, answers it OPEN, and logs a PROMISE_TO_PAY communication saying amount and date', async () => {
    const inv = own.invoices[0]!;
    const res = await take(guest, {
      sysObligorCode: own.code,
      amount: '1,500.50',
      promisedDate: day(7),
      sysInvoiceNums: [inv.num],
      channel: 'VISIT',
      promisedBy: 'Mr Shah (accounts)',
      note: 'cheque after the month-end close',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      sysObligorCode: own.code,
      obligorName: own.name,
      onFamily: false,
      amount: 1500.5,
      promisedDate: day(7),
      takenOn: today,
      channel: 'VISIT',
      promisedBy: 'Mr Shah (accounts)',
      userId: guest.userId,
      userName: expect.any(String),
      status: 'OPEN',
      paidAmount: 0,
      sysInvoiceNums: [inv.num],
    });
    const [comm] = await rows(
      sql`
      select c.channel, c.summary, c.promised_amount::text as amount, c.follow_up_date::text as follow, c.comm_date::text as date
      from promises p join communications c on c.client_id = p.client_id and c.id = p.communication_id
      where p.client_id = ${clientId} and p.id = ${res.json.id}`,
      row({ channel: col.text, summary: col.text, amount: col.text, follow: col.text, date: col.text }),
    );
    expect(comm).toEqual({
      channel: 'PROMISE_TO_PAY',
      summary: `Promised ₹1,500.50 by ${dmyOf(day(7))} (Mr Shah (accounts)): cheque after the month-end close`,
      amount: '1500.50',
      follow: day(7),
      date: today,
    });
  });

  it('takes a promise when a PROMISE_TO_PAY communication is logged (the follow-up date is the promised date)', async () => {
    const log = (body: Record<string, unknown>) =>
      callRoute(logCommRoute, `/api/communications/obligors/${own.code}`, {
        method: 'POST',
        cookie: admin.cookie,
        params: { code: own.code },
        body: {
          commDate: today,
          channel: 'PROMISE_TO_PAY',
          summary: 'Will pay by NEFT.',
          promisedAmount: 800,
          ...body,
        },
      });
    const missing = await log({});
    expect(missing.status).toBe(400);
    expect(missing.json.fields.followUpDate).toBe('enter the date the payment was promised for');
    const far = await log({ followUpDate: day(120) });
    expect(far.status).toBe(400);
    expect(far.json.fields.followUpDate).toBe('the promised date can be at most 90 days ahead');
    const res = await log({ followUpDate: day(4) });
    expect(res.status).toBe(201);
    const [promise] = await rows(
      sql`
      select amount::text, promised_date::text as date, taken_on::text as taken, channel, user_id as user
      from promises where client_id = ${clientId} and communication_id = ${res.json.id}`,
      row({ amount: col.text, date: col.text, taken: col.text, channel: col.text, user: col.int }),
    );
    expect(promise).toEqual({ amount: '800.00', date: day(4), taken: today, channel: 'CALL', user: admin.userId });
  });
});

describe('promises: scope and tenants', () => {
  it("refuses a field officer another officer's customer (404), to take or to list", async () => {
    const res = await take(guest, { sysObligorCode: other.code, amount: 100, promisedDate: day(2) });
    expect(res.status).toBe(404);
    expect((await list(guest, { sysObligorCode: other.code })).status).toBe(404);
    expect((await take(admin, { sysObligorCode: other.code, amount: 100, promisedDate: day(2) })).status).toBe(201);
  });

  it("lists only the field officer's customers' promises, and none of another client's", async () => {
    const all = (await list(admin, { count: 500 })).json as TPromise[];
    const mine = await list(guest, { count: 500 });
    expect(mine.status).toBe(200);
    const codes = await rows(
      sql`select sys_obligor_code as code from obligors where client_id = ${clientId} and guest_id = ${guest.userId}`,
      row({ code: col.text }),
    );
    const expected = all.filter((p) => codes.some((c) => c.code === p.sysObligorCode));
    expect(mine.json).toEqual(expected);
    expect(all.some((p) => p.sysObligorCode === other.code)).toBe(true);
    expect((mine.json as TPromise[]).some((p) => p.sysObligorCode === other.code)).toBe(false);
    const theirs = await list(kaveri, { count: 500 });
    expect(theirs.status).toBe(200);
    expect((theirs.json as TPromise[]).some((p) => all.some((a) => a.id === p.id))).toBe(false);
    expect((await list(kaveri, { sysObligorCode: own.code })).status).toBe(404);
    expect((await take(kaveri, { sysObligorCode: own.code, amount: 100, promisedDate: day(2) })).status).toBe(404);
  });

  it("lists a customer's promises by status, paged with x-totalrecords", async () => {
    const res = await list(admin, { sysObligorCode: own.code, count: 2, offset: 1 });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-totalrecords'));
    expect(total).toBe(3); // the 90-day one, the guest's, the communication's
    expect(res.json).toHaveLength(2);
    const open = await list(admin, { sysObligorCode: own.code, status: 'OPEN', count: 10 });
    expect(open.headers.get('x-totalrecords')).toBe('3');
    expect((await list(admin, { sysObligorCode: own.code, status: 'KEPT' })).json).toEqual([]);
    expect((await list(admin, { status: 'LATE' })).status).toBe(400);
  });
});

describe('promises: kept, broken, partial', () => {
  it('a payment import within the promise turns it KEPT (a part first leaves it OPEN with the paid amount)', async () => {
    const inv = own.invoices[1]!;
    const res = await take(admin, {
      sysObligorCode: own.code,
      amount: 2000,
      promisedDate: day(3),
      sysInvoiceNums: [inv.num],
    });
    expect(res.status).toBe(201);
    const id = res.json.id as number;
    // A payment on another invoice of the customer does not count for a promise on invoices.
    expect(
      (
        await importPayments([
          [own.invoices[2]!.num, today, 700],
          [inv.num, today, 1200],
        ])
      ).status,
    ).toBe('SUCCEEDED');
    expect(await promiseRow(id)).toMatchObject({ status: 'OPEN', paidAmount: 1200 });
    expect((await importPayments([[inv.num, day(0), 800]])).status).toBe('SUCCEEDED');
    expect(await promiseRow(id)).toMatchObject({ status: 'KEPT', paidAmount: 2000 });
  });

  it('an account promise counts payments on any invoice of the account; a family promise on any account of it', async () => {
    const acc = await take(admin, { sysObligorCode: own.code, amount: 300, promisedDate: day(10) });
    // own.invoices[2] got ₹700 today above: dated from the day the promise was taken, it keeps it.
    expect(acc.json).toMatchObject({ status: 'KEPT', paidAmount: 700 + 2000 });
    const [child] = await rows(
      sql`
      select i.sys_invoice_num as num from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${clientId} and o.parent_sys_obligor_code = ${family.parent} and i.doc_type = 'INVOICE'
        and i.settled_date is null and i.amount - i.paid_to_date >= 500 order by 1 limit 1`,
      row({ num: col.text }),
    );
    const fam = await take(admin, {
      sysObligorCode: family.parent,
      onFamily: true,
      amount: 500,
      promisedDate: day(10),
    });
    expect(fam.status, JSON.stringify(fam.json)).toBe(201);
    expect(fam.json).toMatchObject({ onFamily: true, status: 'OPEN', paidAmount: 0 });
    expect((await importPayments([[child!.num, day(1), 500]])).status).toBe('SUCCEEDED');
    expect(await promiseRow(fam.json.id)).toMatchObject({ status: 'KEPT', paidAmount: 500 });
    const onChild = await take(admin, {
      sysObligorCode: family.child,
      onFamily: true,
      amount: 5,
      promisedDate: day(1),
    });
    expect(onChild.status).toBe(400);
    expect(onChild.json.fields.onFamily).toBe('take a family promise on the parent customer');
  });

  it('a passed date turns a promise with nothing paid BROKEN: one task for the field officer and one notification', async () => {
    const inv = own.invoices[2]!;
    const res = await take(admin, {
      sysObligorCode: own.code,
      amount: 5000,
      promisedDate: day(2),
      sysInvoiceNums: [inv.num],
    });
    // ₹700 was paid on this invoice today, before this promise... on its taken day: it counts.
    expect(res.json).toMatchObject({ status: 'OPEN', paidAmount: 700 });
    const inv0 = own.invoices[0]!;
    const broken = await take(admin, {
      sysObligorCode: own.code,
      amount: 4321,
      promisedDate: day(2),
      sysInvoiceNums: [inv0.num],
    });
    expect(broken.json).toMatchObject({ status: 'OPEN', paidAmount: 0 });
    // On the promised date itself nothing changes.
    await checkPromises(database.db, clientId, day(2));
    expect((await promiseRow(broken.json.id)).status).toBe('OPEN');
    for (let i = 0; i < 2; i++) await checkPromises(database.db, clientId, day(3));
    expect(await promiseRow(broken.json.id)).toMatchObject({ status: 'BROKEN', paidAmount: 0 });
    expect(await promiseRow(res.json.id)).toMatchObject({ status: 'PARTIAL', paidAmount: 700 });
    const made = await rows(
      sql`
      select t.name, t.assignee_id as assignee, t.due_date::text as due, c.task_category as category,
        (select count(*)::int from notifications n where n.client_id = t.client_id and n.association_id = t.id
          and n.kind = 'PROMISE_BROKEN' and n.user_id = ${guest.userId}) as notices
      from tasks t join task_categories c on c.client_id = t.client_id and c.id = t.category_id
      where t.client_id = ${clientId} and t.sys_obligor_code = ${own.code} and t.name like '%promise%' order by t.id`,
      row({ name: col.text, assignee: col.int, due: col.text, category: col.text, notices: col.int }),
    );
    expect(made).toEqual([
      {
        name: `Partly kept promise: ${own.name} promised ₹5,000.00 by ${dmyOf(day(2))}, paid ₹700.00`,
        assignee: guest.userId,
        due: day(3),
        category: 'Promise to pay',
        notices: 1,
      },
      {
        name: `Broken promise: ${own.name} promised ₹4,321.00 by ${dmyOf(day(2))}`,
        assignee: guest.userId,
        due: day(3),
        category: 'Promise to pay',
        notices: 1,
      },
    ]);
  });

  it("the daily sweep checks each client's promises on its own day, once", async () => {
    const res = await take(admin, {
      sysObligorCode: own.code,
      amount: 999,
      promisedDate: day(20),
      sysInvoiceNums: [own.invoices[0]!.num],
    });
    // Noon in India on day(21): the client's day is day(21), the promise's date has passed.
    const at = new Date(`${day(21)}T06:30:00Z`);
    await checkPromisesEveryClient(database.db, at, [clientId + 1000]);
    expect((await promiseRow(res.json.id)).status).toBe('OPEN');
    for (let i = 0; i < 2; i++) await checkPromisesEveryClient(database.db, at, [clientId]);
    expect(await promiseRow(res.json.id)).toMatchObject({ status: 'BROKEN', paidAmount: 0 });
    const [made] = await rows(
      sql`
      select count(*)::int as n, max(due_date)::text as due from tasks
      where client_id = ${clientId} and name = ${`Broken promise: ${own.name} promised ₹999.00 by ${dmyOf(day(20))}`}`,
      row({ n: col.int, due: col.text }),
    );
    expect(made).toEqual({ n: 1, due: day(21) });
  });

  it('counts each collector’s promises by status with the kept rate', async () => {
    const res = await stats(admin, { fromDate: today, toDate: day(90) });
    expect(res.status).toBe(200);
    const [adminRow] = (res.json as { userId: number }[]).filter((r) => r.userId === admin.userId);
    const [guestRow] = (res.json as { userId: number }[]).filter((r) => r.userId === guest.userId);
    // The admin's: the account promises of day(90) (₹1,000) and day(4) (₹800, the communication's)
    // were kept by the ₹2,700 paid on the account today, as were the day(3) invoice promise, the
    // ₹300 account one and the family one: 5 KEPT; other's ₹100 by day(2) BROKEN on day(3), like
    // the ₹4,321 one, and the ₹999 one by the sweep; the ₹5,000 one PARTIAL.
    expect(adminRow).toEqual({
      userId: admin.userId,
      userName: 'Priya Raghavan',
      kept: 5,
      partial: 1,
      broken: 3,
      open: 0,
      keptRate: 5 / 9,
    });
    // The field officer's ₹1,500.50 by day(7) on an invoice nothing was paid on: broken by the sweep.
    expect(guestRow).toMatchObject({ kept: 0, partial: 0, broken: 1, open: 0, keptRate: 0 });
    const scoped = (await stats(guest, { fromDate: today, toDate: day(90) })).json as { userId: number }[];
    // The field officer counts only their customer's: not other's, nor the family's.
    expect(scoped.find((r) => r.userId === admin.userId)).toMatchObject({ kept: 4, partial: 1, broken: 2, open: 0 });
    expect((await stats(admin, { fromDate: day(5), toDate: day(1) })).status).toBe(400);
  });
});
