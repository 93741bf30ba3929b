import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import type { TCommunication } from '@/lib/contract/communications';
import { GET as listCommsRoute, POST as logCommRoute } from '@/app/api/communications/obligors/[code]/route';
import { callRoute } from '../helpers/api';
import { notesWorld, type NotesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';

type Comm = TCommunication;

let database: TestDatabase;
let clientId: number;
let admin: User, guest: User, rep: User, kaveri: User;
let family: NotesWorld['family'];
let guestOwn: string, guestOther: string, repOwn: string, repOther: string;

const day = (offset: number) => daysFrom(todayIso(), offset);
const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);

const listComms = (user: User, code: string, query: Record<string, string | number> = {}) =>
  callRoute(listCommsRoute, `/api/communications/obligors/${code}`, { cookie: user.cookie, params: { code }, query });
const logComm = (user: User, code: string, body: Record<string, unknown>) =>
  callRoute(logCommRoute, `/api/communications/obligors/${code}`, {
    method: 'POST',
    cookie: user.cookie,
    params: { code },
    body,
  });

const newestFirst = (a: Comm, b: Comm) =>
  a.commDate === b.commDate ? b.id - a.id : b.commDate.localeCompare(a.commDate);

beforeAll(async () => {
  ({ database, clientId, admin, guest, rep, kaveri, family, guestOwn, guestOther, repOwn, repOther } =
    await notesWorld());
});
afterAll(() => database?.dispose());

describe('communications: listing', () => {
  it("lists an obligor's notes newest first by default (the spec's DECS), with the logging user and x-totalrecords", async () => {
    const res = await listComms(admin, family.child, { count: 100 });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-totalrecords'))).toBe(family.childTotal);
    const list = res.json as Comm[];
    expect(list).toHaveLength(family.childTotal);
    expect(list).toEqual([...list].sort(newestFirst));
    expect(list.every((c) => c.sysObligorCode === family.child && c.userName)).toBe(true);
    for (const order of ['DECS', 'DESC']) {
      expect((await listComms(admin, family.child, { count: 100, order })).json).toEqual(list);
    }
  });

  it('lists oldest first with order=ASC and refuses an unknown order', async () => {
    const desc = (await listComms(admin, family.child, { count: 100 })).json as Comm[];
    const asc = await listComms(admin, family.child, { count: 100, order: 'ASC' });
    expect(asc.status).toBe(200);
    expect(asc.json).toEqual([...desc].reverse());
    const bad = await listComms(admin, family.child, { order: 'NEWEST' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('order');
  });

  it('pages with offset (page number from 1) and count, the total staying the same', async () => {
    const all = (await listComms(admin, family.parent, { count: 100 })).json as Comm[];
    const page1 = await listComms(admin, family.parent, { count: 2, offset: 1 });
    const page2 = await listComms(admin, family.parent, { count: 2, offset: 2 });
    expect([...page1.json, ...page2.json]).toEqual(all.slice(0, 4));
    expect(page1.headers.get('x-totalrecords')).toBe(String(family.familyTotal));
    expect(page2.headers.get('x-totalrecords')).toBe(String(family.familyTotal));
    const beyond = await listComms(admin, family.parent, { count: 10, offset: 999 });
    expect(beyond.json).toEqual([]);
    expect(beyond.headers.get('x-totalrecords')).toBe(String(family.familyTotal));
  });

  it("lists a parent's whole family with each note's obligor name and code", async () => {
    const res = await listComms(admin, family.parent, { count: 100 });
    const list = res.json as Comm[];
    expect(list).toHaveLength(family.familyTotal);
    const codes = new Set(list.map((c) => c.sysObligorCode));
    expect(codes.size).toBeGreaterThanOrEqual(2);
    expect(codes.has(family.child)).toBe(true);
    const [names] = await rows(
      sql`select count(*) as n from obligors
      where client_id = ${clientId} and (sys_obligor_code = ${family.parent} or parent_sys_obligor_code = ${family.parent})`,
      row({ n: col.int }),
    );
    expect(codes.size).toBeLessThanOrEqual(names!.n);
    const child = list.find((c) => c.sysObligorCode === family.child)!;
    const [obligor] = await rows(
      sql`select name from obligors where client_id = ${clientId} and sys_obligor_code = ${family.child}`,
      row({ name: col.text }),
    );
    expect(child.obligorName).toBe(obligor!.name);
    expect(list).toEqual([...list].sort(newestFirst));
  });

  it("answers 404 for an unknown obligor and for another client's user", async () => {
    expect((await listComms(admin, 'NO-SUCH-CODE')).status).toBe(404);
    expect((await listComms(kaveri, family.child)).status).toBe(404);
    expect((await listComms(kaveri, family.parent)).status).toBe(404);
  });
});

describe('communications: logging', () => {
  const valid = () => ({
    commDate: todayIso(),
    channel: 'CALL',
    summary: 'Spoke to the accounts head; cheque ready on Monday.',
  });

  it.each([
    ['commDate', { commDate: day(1) }],
    ['commDate', { commDate: day(16) }],
    ['commDate', { commDate: '2026-02-31' }],
    ['commDate', { commDate: '20-11-2026' }],
    ['commDate', { commDate: undefined }],
    ['channel', { channel: 'SMS' }],
    ['summary', { summary: '   ' }],
    ['summary', { summary: 'x'.repeat(2001) }],
    ['followUpDate', { commDate: day(-3), followUpDate: day(-4) }],
    ['followUpDate', { followUpDate: '2026-02-30' }],
    ['promisedAmount', { channel: 'PROMISE_TO_PAY' }],
    ['promisedAmount', { channel: 'PROMISE_TO_PAY', promisedAmount: 0 }],
    ['promisedAmount', { channel: 'PROMISE_TO_PAY', promisedAmount: -500 }],
    ['promisedAmount', { channel: 'PROMISE_TO_PAY', promisedAmount: 'a lot' }],
    ['promisedAmount', { channel: 'EMAIL', promisedAmount: 1000 }],
  ])("refuses a bad %s with 400 and the field's message (%j)", async (field, change) => {
    const res = await logComm(admin, family.child, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields, JSON.stringify(res.json)).toHaveProperty(field);
  });

  it('logs a call as the session user, trimmed, and shows it first in the list', async () => {
    const res = await logComm(admin, family.child, {
      ...valid(),
      summary: '  Called the accounts head about the overdue.  ',
      followUpDate: day(2),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      sysObligorCode: family.child,
      channel: 'CALL',
      summary: 'Called the accounts head about the overdue.',
      commDate: todayIso(),
      followUpDate: day(2),
      promisedAmount: null,
      userId: admin.userId,
      userName: 'Priya Raghavan',
    });
    const list = await listComms(admin, family.child);
    expect((list.json as Comm[])[0]!.id).toBe(res.json.id);
    expect(list.headers.get('x-totalrecords')).toBe(String(family.childTotal + 1));
    const parentList = await listComms(admin, family.parent);
    expect((parentList.json as Comm[])[0]!.id).toBe(res.json.id);
  });

  it('logs a promise to pay with its amount, and a note dated in the past', async () => {
    const res = await logComm(admin, family.child, {
      commDate: day(-1),
      channel: 'PROMISE_TO_PAY',
      summary: 'Promised NEFT by Friday.',
      promisedAmount: 250000.5,
      followUpDate: day(3),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ channel: 'PROMISE_TO_PAY', promisedAmount: 250000.5, commDate: day(-1) });
    const [stored] = await rows(
      sql`select promised_amount::text as amount from communications where client_id = ${clientId} and id = ${res.json.id}`,
      row({ amount: col.text }),
    );
    expect(stored!.amount).toBe('250000.50');
  });

  it("refuses another client's user and an unknown obligor with 404", async () => {
    expect((await logComm(kaveri, family.child, valid())).status).toBe(404);
    expect((await logComm(admin, 'NO-SUCH-CODE', valid())).status).toBe(404);
  });
});

describe('communications: row-level scope', () => {
  const note = { commDate: todayIso(), channel: 'VISIT', summary: 'Visited the godown; part payment promised.' };

  it('lets the field officer list and log notes on an assigned obligor', async () => {
    const list = await listComms(guest, guestOwn);
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-totalrecords'))).toBeGreaterThan(0);
    const res = await logComm(guest, guestOwn, note);
    expect(res.status).toBe(201);
    expect(res.json.userName).toBe('Suresh Yadav');
  });

  it('hides an obligor not assigned to the field officer (404 to list and to log)', async () => {
    expect((await listComms(guest, guestOther)).status).toBe(404);
    expect((await logComm(guest, guestOther, note)).status).toBe(404);
    const [count] = await rows(
      sql`select count(*) as n from communications
      where client_id = ${clientId} and sys_obligor_code = ${guestOther} and user_id = ${guest.userId}`,
      row({ n: col.int }),
    );
    expect(count!.n).toBe(0);
  });

  it('shows a scoped user only the assigned members of a family', async () => {
    const [parent] = await rows(
      sql`select parent_sys_obligor_code as code from obligors
      where client_id = ${clientId} and sys_obligor_code = ${guestOwn}`,
      row({ code: col.text }),
    );
    const res = await listComms(guest, parent!.code, { count: 500 });
    expect(res.status).toBe(200);
    const codes = [...new Set((res.json as Comm[]).map((c) => c.sysObligorCode))];
    const assigned = await rows(
      sql`select sys_obligor_code as code from obligors
      where client_id = ${clientId} and guest_id = ${guest.userId}`,
      row({ code: col.text }),
    );
    const mine = new Set(assigned.map((a) => a.code));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => mine.has(c))).toBe(true);
  });

  it("applies the representative's scope too", async () => {
    expect((await listComms(rep, repOwn)).status).toBe(200);
    expect((await listComms(rep, repOther)).status).toBe(404);
    expect((await logComm(rep, repOther, note)).status).toBe(404);
  });
});
