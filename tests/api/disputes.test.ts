import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TDispute } from '@/lib/contract/disputes';
import type { TOpenInvoiceRow, TReceivableRow } from '@/lib/contract/receivables';
import { clientToday } from '@/lib/server/clients/client-day';
import { GET as listRoute, POST as openRoute } from '@/app/api/disputes/route';
import { POST as resolveRoute } from '@/app/api/disputes/[id]/resolve/route';
import { GET as invoicesRoute } from '@/app/api/v4/invoices/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { callRoute } from '../helpers/api';
import { notesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { signInAs } from '../helpers/seeded';
import { daysFrom } from '../helpers/dates';

let database: TestDatabase;
let clientId: number;
let admin: User, guest: User, kaveri: User, portal: User;
let today: string;
/** A field officer's customer (a child of a family) with three open invoices; another's customer with one. */
let own: { code: string; parent: string; invoices: { num: string; invoiceNum: string; open: number }[] };
let other: { code: string; invoice: string };
let seeded: { status: string; portal: boolean; outcome: string | null }[];

const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);
const open = (user: User, body: Record<string, unknown>) =>
  callRoute(openRoute, '/api/disputes', { method: 'POST', cookie: user.cookie, body });
const list = (user: User, query: Record<string, string | number> = {}) =>
  callRoute(listRoute, '/api/disputes', { cookie: user.cookie, query });
const resolve = (user: User, id: number, body: Record<string, unknown>) =>
  callRoute(resolveRoute, `/api/disputes/${id}/resolve`, {
    method: 'POST',
    cookie: user.cookie,
    params: { id: String(id) },
    body,
  });
const invoices = (user: User, query: Record<string, string | number>) =>
  callRoute(invoicesRoute, '/api/v4/invoices', { cookie: user.cookie, query });
const receivables = (user: User, query: Record<string, string | number>) =>
  callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie: user.cookie, query });

beforeAll(async () => {
  ({ database, clientId, admin, guest, kaveri } = await notesWorld());
  const signed = await signInAs(database, 'portal@vardhman.test');
  portal = { cookie: signed.cookie, userId: signed.session.userId };
  today = await clientToday(database.db, clientId);
  // The demo's disputes (lib/db/seed/collections.ts) are looked at once, then cleared, so that the
  // figures below are this file's own.
  seeded = await rows(
    sql`
    select status, portal_user_id is not null as portal, outcome from disputes where client_id = ${clientId} order by id`,
    row({ status: col.text, portal: col.bool, outcome: col.text.nullable() }),
  );
  await database.db.execute(sql`delete from dispute_invoices where client_id = ${clientId}`);
  await database.db.execute(sql`delete from disputes where client_id = ${clientId}`);
  const found = await rows(
    sql`
    select o.sys_obligor_code as code, o.parent_sys_obligor_code as parent, i.sys_invoice_num as num,
      i.invoice_num as "invoiceNum", (i.amount - i.paid_to_date)::text as open
    from obligors o join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and o.guest_id = ${guest.userId} and o.parent_sys_obligor_code is not null
      and i.doc_type = 'INVOICE' and i.settled_date is null and i.amount - i.paid_to_date >= 1000
      and o.sys_obligor_code = (select i2.sys_obligor_code from invoices i2 join obligors o2
        on o2.client_id = i2.client_id and o2.sys_obligor_code = i2.sys_obligor_code
        where i2.client_id = ${clientId} and o2.guest_id = ${guest.userId} and o2.parent_sys_obligor_code is not null
          and i2.doc_type = 'INVOICE' and i2.settled_date is null and i2.amount - i2.paid_to_date >= 1000
        group by 1 having count(*) >= 3 order by 1 limit 1)
    order by i.sys_invoice_num`,
    row({ code: col.text, parent: col.text, num: col.text, invoiceNum: col.text, open: col.num }),
  );
  own = {
    code: found[0]!.code,
    parent: found[0]!.parent,
    invoices: found.map((r) => ({ num: r.num, invoiceNum: r.invoiceNum, open: r.open })),
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

describe('disputes: the demo data', () => {
  it('has two open disputes, one raised on the portal, and one resolved with a credit note', () => {
    expect(seeded).toEqual([
      { status: 'OPEN', portal: false, outcome: null },
      { status: 'OPEN', portal: true, outcome: null },
      { status: 'RESOLVED', portal: false, outcome: 'CREDIT_NOTE' },
    ]);
  });
});

describe('disputes: opening one', () => {
  const valid = () => ({ sysInvoiceNums: [own.invoices[0]!.num], reason: 'PRICING', amount: 500 });

  it.each([
    ['sysInvoiceNums', { sysInvoiceNums: [] }],
    ['sysInvoiceNums', { sysInvoiceNums: undefined }],
    ['reason', { reason: 'TOO_EXPENSIVE' }],
    ['reason', { reason: undefined }],
    ['amount', { amount: 0 }],
    ['amount', { amount: -1 }],
    ['amount', { amount: 12.345 }],
    ['amount', { amount: 'some' }],
  ])('refuses a bad %s with 400 and its message (%j)', async (field, change) => {
    const res = await open(admin, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields, JSON.stringify(res.json)).toHaveProperty(field);
  });

  it('refuses an unknown invoice, invoices of two customers, a settled one, and more than is open', async () => {
    const unknown = await open(admin, { ...valid(), sysInvoiceNums: ['NO-SUCH'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.sysInvoiceNums).toBe('no such invoice: NO-SUCH');
    const two = await open(admin, { ...valid(), sysInvoiceNums: [own.invoices[0]!.num, other.invoice] });
    expect(two.status).toBe(400);
    expect(two.json.fields.sysInvoiceNums).toBe('choose invoices of one customer');
    const [settled] = await rows(
      sql`
      select sys_invoice_num as num, invoice_num as "invoiceNum" from invoices
      where client_id = ${clientId} and settled_date is not null and doc_type = 'INVOICE' order by 1 limit 1`,
      row({ num: col.text, invoiceNum: col.text }),
    );
    const paid = await open(admin, { ...valid(), sysInvoiceNums: [settled!.num] });
    expect(paid.status).toBe(400);
    expect(paid.json.fields.sysInvoiceNums).toBe(`not open invoices: ${settled!.invoiceNum}`);
    const [a, b] = own.invoices;
    const tooMuch = await open(admin, {
      ...valid(),
      sysInvoiceNums: [a!.num, b!.num],
      amount: a!.open + b!.open + 0.01,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.fields.amount).toMatch(/^at most ₹[\d,]+\.\d\d, what is still owed on these invoices$/);
  });

  it("refuses a field officer another's customer, and another client's user, with 404", async () => {
    expect((await open(guest, { ...valid(), sysInvoiceNums: [other.invoice] })).status).toBe(404);
    expect((await open(kaveri, valid())).status).toBe(400); // not an invoice of theirs at all
    expect((await open(kaveri, valid())).json.fields.sysInvoiceNums).toBe(`no such invoice: ${own.invoices[0]!.num}`);
  });

  it('opens a dispute on two invoices for up to their open amount, aged 0 days, raised by the collector', async () => {
    const [a, b] = own.invoices;
    const amount = Math.round((a!.open + b!.open) * 100) / 100;
    const res = await open(guest, {
      sysInvoiceNums: [b!.num, a!.num],
      reason: 'QUANTITY',
      amount,
      note: '20 cartons short on delivery',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      sysObligorCode: own.code,
      obligorName: expect.any(String),
      sysInvoiceNums: [a!.num, b!.num],
      invoiceNums: [a!.invoiceNum, b!.invoiceNum],
      reason: 'QUANTITY',
      amount,
      note: '20 cartons short on delivery',
      status: 'OPEN',
      openedOn: today,
      ageDays: 0,
      raisedBy: 'COLLECTOR',
      userName: expect.any(String),
      outcome: null,
      resolvedOn: null,
      resolvedByName: null,
      resolution: null,
    });
  });

  it('refuses an invoice already in an open dispute with 409 and the invoice number', async () => {
    const res = await open(admin, { sysInvoiceNums: [own.invoices[1]!.num], reason: 'PRICING', amount: 1 });
    expect(res.status).toBe(409);
    expect(res.json.fields.sysInvoiceNums).toBe(`already in an open dispute: ${own.invoices[1]!.invoiceNum}`);
  });

  it('lets a portal user raise one on an invoice, recorded as raised on the portal', async () => {
    const c = own.invoices[2]!;
    const res = await open(portal, { sysInvoiceNums: [c.num], reason: 'NOT_RECEIVED', amount: 1000 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ raisedBy: 'PORTAL', userName: 'Farhan Qureshi', amount: 1000 });
    const [stored] = await rows(
      sql`
      select user_id as user, portal_user_id as portal from disputes where client_id = ${clientId} and id = ${res.json.id}`,
      row({ user: col.int.nullable(), portal: col.int.nullable() }),
    );
    expect(stored).toEqual({ user: null, portal: portal.userId });
    // A portal user cannot decide a dispute.
    expect((await resolve(portal, res.json.id, { outcome: 'WRITTEN_OFF' })).status).toBe(403);
  });
});

describe('disputes: listing, ageing views, resolving', () => {
  it("lists the scope's disputes with x-totalrecords; another's customer is 404 and another client sees none", async () => {
    const all = await list(admin, { sysObligorCode: own.code });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-totalrecords')).toBe('2');
    expect((all.json as TDispute[]).map((d) => d.reason).sort()).toEqual(['NOT_RECEIVED', 'QUANTITY']);
    const family = await list(admin, { sysObligorCode: own.parent, status: 'OPEN' });
    expect(family.headers.get('x-totalrecords')).toBe('2');
    expect((await list(guest, { sysObligorCode: other.code })).status).toBe(404);
    expect((await list(guest)).headers.get('x-totalrecords')).toBe('2');
    // Kaveri sees its own disputes only, none of Vardhman's.
    const theirs = (await list(kaveri)).json as TDispute[];
    expect(theirs.map((d) => d.sysObligorCode)).not.toContain(own.code);
    expect(theirs.map((d) => d.id)).not.toContain((all.json as TDispute[])[0]!.id);
    expect((await list(kaveri, { sysObligorCode: own.code })).status).toBe(404);
    expect((await list(admin, { status: 'CLOSED' })).status).toBe(400);
  });

  it('ages an open dispute in days from the day it was opened', async () => {
    const [d] = (await list(admin, { sysObligorCode: own.code })).json as TDispute[];
    const opened = daysFrom(today, -12);
    await database.db.execute(
      sql`update disputes set opened_on = ${opened} where client_id = ${clientId} and id = ${d!.id}`,
    );
    const again = ((await list(admin, { sysObligorCode: own.code })).json as TDispute[]).find((x) => x.id === d!.id);
    expect(again).toMatchObject({ openedOn: opened, ageDays: 12 });
  });

  it('flags items in dispute in the open-invoices list and filters on inDispute', async () => {
    const res = await invoices(admin, { sysObligorCode: own.code, count: 100 });
    expect(res.status).toBe(200);
    const flagged = (res.json as TOpenInvoiceRow[]).filter((r) => r.inDispute).map((r) => r.sysInvoiceNum);
    expect(flagged.sort()).toEqual(own.invoices.slice(0, 3).map((i) => i.num));
    const only = await invoices(guest, { inDispute: 'true', count: 100 });
    expect(only.headers.get('x-totalrecords')).toBe('3');
    expect((only.json as TOpenInvoiceRow[]).every((r) => r.inDispute && r.sysObligorCode === own.code)).toBe(true);
    const none = await invoices(admin, { sysObligorCode: own.code, inDispute: 'false', count: 100 });
    expect(Number(none.headers.get('x-totalrecords'))).toBe(Number(res.headers.get('x-totalrecords')) - 3);
    expect((await invoices(admin, { inDispute: 'yes' })).status).toBe(400);
  });

  it("shows the open disputes' amounts in the receivables list, per family and per account", async () => {
    const [a, b] = own.invoices;
    const disputed = Math.round((a!.open + b!.open + 1000) * 100) / 100;
    const families = await receivables(admin, { count: 500 });
    const rowsOf = families.json as TReceivableRow[];
    expect(rowsOf.find((r) => r.sysObligorCode === own.parent)!.disputed).toBeCloseTo(disputed, 2);
    expect(rowsOf.filter((r) => r.sysObligorCode !== own.parent).every((r) => r.disputed === 0)).toBe(true);
    const members = (await receivables(admin, { parentSysObligorCode: own.parent, count: 500 }))
      .json as TReceivableRow[];
    expect(members.find((r) => r.sysObligorCode === own.code)!.disputed).toBeCloseTo(disputed, 2);
    expect(members.filter((r) => r.sysObligorCode !== own.code).every((r) => r.disputed === 0)).toBe(true);
  });

  it('resolves with an outcome; the items leave the dispute views; a second resolve is 409', async () => {
    const [d] = ((await list(admin, { sysObligorCode: own.code })).json as TDispute[]).filter(
      (x) => x.reason === 'QUANTITY',
    );
    expect((await resolve(admin, d!.id, { outcome: 'MAYBE' })).status).toBe(400);
    expect((await resolve(kaveri, d!.id, { outcome: 'CREDIT_NOTE' })).status).toBe(404);
    const res = await resolve(guest, d!.id, { outcome: 'CREDIT_NOTE', resolution: 'Credit note for 20 cartons' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 'RESOLVED',
      outcome: 'CREDIT_NOTE',
      resolution: 'Credit note for 20 cartons',
      resolvedOn: today,
      ageDays: null,
    });
    expect((await resolve(admin, d!.id, { outcome: 'WRITTEN_OFF' })).status).toBe(409);
    const only = await invoices(admin, { inDispute: 'true', count: 100 });
    expect((only.json as TOpenInvoiceRow[]).map((r) => r.sysInvoiceNum)).toEqual([own.invoices[2]!.num]);
    const families = (await receivables(admin, { count: 500 })).json as TReceivableRow[];
    expect(families.find((r) => r.sysObligorCode === own.parent)!.disputed).toBe(1000);
    // Resolved, the invoices may be disputed again.
    expect((await open(admin, { sysInvoiceNums: [own.invoices[0]!.num], reason: 'PRICING', amount: 1 })).status).toBe(
      201,
    );
  });
});
