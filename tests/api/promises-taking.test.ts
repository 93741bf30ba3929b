import { sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { col, row } from '@/lib/db/rows';
import type { TPromise } from '@/lib/contract/promises';
import {
  listPromises as list,
  logPromiseNote,
  promisesWorld,
  takePromise as take,
  type PromisesWorld,
} from '../helpers/promises';
import { dmyOf } from '../helpers/dates';

// The demo data, taking a promise, and who may see which: the kept, broken and partial ones are in
// promises-kept.test.ts.

let world: PromisesWorld;

beforeAll(async () => {
  world = await promisesWorld();
});
afterAll(() => world?.database.dispose());

describe('promises: the demo data', () => {
  it('has kept, partly kept, broken (the recent ones with their task) and open promises, each with what was paid', () => {
    const by = (status: string) => world.seeded.filter((p) => p.status === status);
    for (const status of ['KEPT', 'PARTIAL', 'BROKEN', 'OPEN'])
      expect(by(status).length, status).toBeGreaterThanOrEqual(1);
    for (const p of by('BROKEN')) expect(p.paid).toBe(0);
    expect(by('BROKEN').some((p) => /^Broken promise: .+ promised ₹/.test(p.task ?? ''))).toBe(true);
    for (const p of by('KEPT')) expect(p.paid).toBeGreaterThanOrEqual(p.amount);
    for (const p of by('PARTIAL')) expect(p.paid).toBeLessThan(p.amount);
  });

  it('has a promise for every "promise to pay" note, of its amount and follow-up day', () => {
    expect(world.notesWithout).toEqual([]);
    expect(world.seeded.length).toBeGreaterThan(6);
  });
});

describe('promises: taking one', () => {
  const valid = () => ({ sysObligorCode: world.own.code, amount: 1000, promisedDate: world.day(5) });

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
    const res = await take(world.admin, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields, JSON.stringify(res.json)).toHaveProperty(field);
  });

  it('refuses a date before today or more than 90 days ahead, against the client’s today', async () => {
    const past = await take(world.admin, { ...valid(), promisedDate: world.day(-1) });
    expect(past.status).toBe(400);
    expect(past.json.fields.promisedDate).toBe('the promised date cannot be in the past');
    const far = await take(world.admin, { ...valid(), promisedDate: world.day(91) });
    expect(far.status).toBe(400);
    expect(far.json.fields.promisedDate).toBe('the promised date can be at most 90 days ahead');
    expect((await take(world.admin, { ...valid(), promisedDate: world.day(90) })).status).toBe(201);
  });

  it("refuses invoices that are not open invoices of the customer: another's, a settled one, an unknown one", async () => {
    const [settled] = await world.rows(
      sql`
      select sys_invoice_num as num from invoices where client_id = ${world.clientId} and sys_obligor_code = ${world.own.code}
        and settled_date is not null limit 1`,
      row({ num: col.text }),
    );
    const bad = [world.other.invoice, 'NO-SUCH-INVOICE', ...(settled ? [settled.num] : [])];
    for (const num of bad) {
      const res = await take(world.admin, { ...valid(), sysInvoiceNums: [world.own.invoices[0]!.num, num] });
      expect(res.status, num).toBe(400);
      expect(res.json.fields.sysInvoiceNums).toBe(`not open invoices of this customer: ${num}`);
    }
  });

  it('takes a promise on invoices, answers it OPEN, and logs a PROMISE_TO_PAY communication saying amount and date', async () => {
    const inv = world.own.invoices[0]!;
    const res = await take(world.guest, {
      sysObligorCode: world.own.code,
      amount: '1,500.50',
      promisedDate: world.day(7),
      sysInvoiceNums: [inv.num],
      channel: 'VISIT',
      promisedBy: 'Mr Shah (accounts)',
      note: 'cheque after the month-end close',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      sysObligorCode: world.own.code,
      obligorName: world.own.name,
      onFamily: false,
      amount: 1500.5,
      promisedDate: world.day(7),
      takenOn: world.today,
      channel: 'VISIT',
      promisedBy: 'Mr Shah (accounts)',
      userId: world.guest.userId,
      userName: expect.any(String),
      status: 'OPEN',
      paidAmount: 0,
      sysInvoiceNums: [inv.num],
    });
    const [comm] = await world.rows(
      sql`
      select c.channel, c.summary, c.promised_amount::text as amount, c.follow_up_date::text as follow, c.comm_date::text as date
      from promises p join communications c on c.client_id = p.client_id and c.id = p.communication_id
      where p.client_id = ${world.clientId} and p.id = ${res.json.id}`,
      row({ channel: col.text, summary: col.text, amount: col.text, follow: col.text, date: col.text }),
    );
    expect(comm).toEqual({
      channel: 'PROMISE_TO_PAY',
      summary: `Promised ₹1,500.50 by ${dmyOf(world.day(7))} (Mr Shah (accounts)): cheque after the month-end close`,
      amount: '1500.50',
      follow: world.day(7),
      date: world.today,
    });
  });

  it('takes a promise when a PROMISE_TO_PAY communication is logged (the follow-up date is the promised date)', async () => {
    const log = (body: Record<string, unknown>) => logPromiseNote(world.admin, world.own.code, world.today, body);
    const missing = await log({});
    expect(missing.status).toBe(400);
    expect(missing.json.fields.followUpDate).toBe('enter the date the payment was promised for');
    const far = await log({ followUpDate: world.day(120) });
    expect(far.status).toBe(400);
    expect(far.json.fields.followUpDate).toBe('the promised date can be at most 90 days ahead');
    const res = await log({ followUpDate: world.day(4) });
    expect(res.status).toBe(201);
    const [promise] = await world.rows(
      sql`
      select amount::text, promised_date::text as date, taken_on::text as taken, channel, user_id as user
      from promises where client_id = ${world.clientId} and communication_id = ${res.json.id}`,
      row({ amount: col.text, date: col.text, taken: col.text, channel: col.text, user: col.int }),
    );
    expect(promise).toEqual({
      amount: '800.00',
      date: world.day(4),
      taken: world.today,
      channel: 'CALL',
      user: world.admin.userId,
    });
  });
});

describe('promises: scope and tenants', () => {
  it("refuses a field officer another officer's customer (404), to take or to list", async () => {
    const res = await take(world.guest, { sysObligorCode: world.other.code, amount: 100, promisedDate: world.day(2) });
    expect(res.status).toBe(404);
    expect((await list(world.guest, { sysObligorCode: world.other.code })).status).toBe(404);
    expect(
      (await take(world.admin, { sysObligorCode: world.other.code, amount: 100, promisedDate: world.day(2) })).status,
    ).toBe(201);
  });

  it("lists only the field officer's customers' promises, and none of another client's", async () => {
    const all = (await list(world.admin, { count: 500 })).json as TPromise[];
    const mine = await list(world.guest, { count: 500 });
    expect(mine.status).toBe(200);
    const codes = await world.rows(
      sql`select sys_obligor_code as code from obligors where client_id = ${world.clientId} and guest_id = ${world.guest.userId}`,
      row({ code: col.text }),
    );
    const expected = all.filter((p) => codes.some((c) => c.code === p.sysObligorCode));
    expect(mine.json).toEqual(expected);
    expect(all.some((p) => p.sysObligorCode === world.other.code)).toBe(true);
    expect((mine.json as TPromise[]).some((p) => p.sysObligorCode === world.other.code)).toBe(false);
    const theirs = await list(world.kaveri, { count: 500 });
    expect(theirs.status).toBe(200);
    expect((theirs.json as TPromise[]).some((p) => all.some((a) => a.id === p.id))).toBe(false);
    expect((await list(world.kaveri, { sysObligorCode: world.own.code })).status).toBe(404);
    expect(
      (await take(world.kaveri, { sysObligorCode: world.own.code, amount: 100, promisedDate: world.day(2) })).status,
    ).toBe(404);
  });

  it("lists a customer's promises by status, paged with x-totalrecords", async () => {
    const res = await list(world.admin, { sysObligorCode: world.own.code, count: 2, offset: 1 });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-totalrecords'));
    expect(total).toBe(3); // the 90-day one, the guest's, the communication's
    expect(res.json).toHaveLength(2);
    const open = await list(world.admin, { sysObligorCode: world.own.code, status: 'OPEN', count: 10 });
    expect(open.headers.get('x-totalrecords')).toBe('3');
    expect((await list(world.admin, { sysObligorCode: world.own.code, status: 'KEPT' })).json).toEqual([]);
    expect((await list(world.admin, { status: 'LATE' })).status).toBe(400);
  });
});
