import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TContact } from '@/lib/contract/contacts';
import { GET as listContactsRoute, POST as createContactRoute } from '@/app/api/contacts/route';
import {
  DELETE as deleteContactRoute,
  GET as getContactRoute,
  POST as editContactRoute,
} from '@/app/api/contacts/[id]/route';
import { callRoute } from '../helpers/api';
import { notesWorld, type NotesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';

type Contact = TContact;

let database: TestDatabase;
let clientId: number;
let admin: User, guest: User, rep: User, kaveri: User;
let family: NotesWorld['family'];
let guestOwn: string, guestOther: string, repOwn: string, repOther: string;

const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);

const listContacts = (user: User, query: Record<string, string | number> = {}) =>
  callRoute(listContactsRoute, '/api/contacts', { cookie: user.cookie, query });
const createContact = (user: User, body: Record<string, unknown>) =>
  callRoute(createContactRoute, '/api/contacts', { method: 'POST', cookie: user.cookie, body });
const getContact = (user: User, id: number) =>
  callRoute(getContactRoute, `/api/contacts/${id}`, { cookie: user.cookie, params: { id: String(id) } });
const editContact = (user: User, id: number, body: Record<string, unknown>) =>
  callRoute(editContactRoute, `/api/contacts/${id}`, {
    method: 'POST',
    cookie: user.cookie,
    params: { id: String(id) },
    body,
  });
const deleteContact = (user: User, id: number) =>
  callRoute(deleteContactRoute, `/api/contacts/${id}`, {
    method: 'DELETE',
    cookie: user.cookie,
    params: { id: String(id) },
  });

beforeAll(async () => {
  ({ database, clientId, admin, guest, rep, kaveri, family, guestOwn, guestOther, repOwn, repOther } =
    await notesWorld());
});
afterAll(() => database?.dispose());

describe('contacts: reading', () => {
  it('seeds contact people for (nearly) every obligor', async () => {
    const [counts] = await rows(
      sql`
      select count(*) as obligors, count(*) filter (where exists (select 1 from contacts c
        where c.client_id = o.client_id and c.sys_obligor_code = o.sys_obligor_code)) as with_contacts
      from obligors o where o.client_id = ${clientId}`,
      row({ obligors: col.int, with_contacts: col.int }),
    );
    expect(counts!.with_contacts / counts!.obligors).toBeGreaterThan(0.9);
  });

  /** The expected order, from the table itself with the database's own collation (PGlite and PostgreSQL differ). */
  const expectedIds = async (column: string, order: 'asc' | 'desc', limit: number, offset = 0) =>
    (
      await rows(
        sql`select c.id from contacts c
      join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
      where c.client_id = ${clientId}
      order by ${sql.raw(column)} ${sql.raw(order)} nulls last, lower(c.name) ${sql.raw(order)}, c.id ${sql.raw(order)}
      limit ${limit} offset ${offset}`,
        row({ id: col.int }),
      )
    ).map((r) => r.id);

  it('lists contacts by name A to Z by default, paged, with the total in x-totalrecords', async () => {
    const [count] = await rows(
      sql`select count(*) as n from contacts where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    const res = await listContacts(admin, { count: 25 });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-totalrecords')).toBe(String(count!.n));
    const list = res.json as Contact[];
    expect(list.map((c) => c.id)).toEqual(await expectedIds('lower(c.name)', 'asc', 25));
    expect(list[0]!.name.localeCompare(list[24]!.name, 'en', { sensitivity: 'base' })).toBeLessThan(0);
    const page2 = (await listContacts(admin, { count: 25, offset: 2 })).json as Contact[];
    expect(page2.map((c) => c.id)).toEqual(await expectedIds('lower(c.name)', 'asc', 25, 25));
  });

  it('sorts by customer name or role in either order', async () => {
    const byObligor = (await listContacts(admin, { sortBy: 'obligorName', order: 'DESC', count: 50 }))
      .json as Contact[];
    expect(byObligor.map((c) => c.id)).toEqual(await expectedIds('lower(o.name)', 'desc', 50));
    expect(
      byObligor[0]!.obligorName.localeCompare(byObligor[49]!.obligorName, 'en', { sensitivity: 'base' }),
    ).toBeGreaterThan(0);
    const byRole = (await listContacts(admin, { sortBy: 'role', count: 50 })).json as Contact[];
    expect(byRole.map((c) => c.id)).toEqual(await expectedIds('lower(c.role)', 'asc', 50));
    expect((await listContacts(admin, { sortBy: 'email' })).status).toBe(400);
  });

  it('searches names, emails, phones (however spaced) and customer names from 3 characters', async () => {
    const [sample] = await rows(
      sql`select c.id, c.name, c.email, c.phone, o.name as "obligorName"
      from contacts c join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
      where c.client_id = ${clientId} and c.phone is not null and c.email is not null order by c.id limit 1`,
      row({ id: col.int, name: col.text, email: col.text, phone: col.text, obligorName: col.text }),
    );
    const s = sample!;
    const find = async (search: string) =>
      ((await listContacts(admin, { search, count: 500 })).json as Contact[]).map((c) => c.id);
    expect(await find(s.name)).toContain(s.id);
    expect(await find(s.email!.toUpperCase())).toContain(s.id);
    expect(await find(s.phone!.replace(/\D/g, '').slice(-10))).toContain(s.id);
    expect(await find(s.obligorName)).toContain(s.id);
    const short = await listContacts(admin, { search: 'ab' });
    expect(short.status).toBe(400);
    expect(short.json.fields).toHaveProperty('search');
    const none = await listContacts(admin, { search: 'zzqqxx' });
    expect(none.json).toEqual([]);
    expect(none.headers.get('x-totalrecords')).toBe('0');
  });

  it('filters by obligor and reads one contact with its customer', async () => {
    const res = await listContacts(admin, { sysObligorCode: family.child });
    const list = res.json as Contact[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.sysObligorCode === family.child && c.parentSysObligorCode === family.parent)).toBe(true);
    const one = await getContact(admin, list[0]!.id);
    expect(one.status).toBe(200);
    expect(one.json).toEqual(list[0]);
    expect((await getContact(admin, 987654321)).status).toBe(404);
    expect((await listContacts(admin, { sysObligorCode: 'NO-SUCH-CODE' })).status).toBe(404);
  });

  it('shows the field officer only contacts of assigned obligors and 404 for the others', async () => {
    const res = await listContacts(guest, { count: 500 });
    expect(res.status).toBe(200);
    const assigned = new Set(
      (
        await rows(
          sql`select sys_obligor_code as code from obligors
      where client_id = ${clientId} and guest_id = ${guest.userId}`,
          row({ code: col.text }),
        )
      ).map((r) => r.code),
    );
    const list = res.json as Contact[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => assigned.has(c.sysObligorCode))).toBe(true);
    const [hidden] = await rows(
      sql`select id from contacts where client_id = ${clientId} and sys_obligor_code = ${guestOther} limit 1`,
      row({ id: col.int }),
    );
    expect((await getContact(guest, hidden!.id)).status).toBe(404);
    expect((await listContacts(guest, { sysObligorCode: guestOther })).status).toBe(404);
  });

  it("keeps Vardhman's contacts from Kaveri's admin (404, and none in the list)", async () => {
    const [vardhman] = await rows(
      sql`select id from contacts where client_id = ${clientId} order by id limit 1`,
      row({ id: col.int }),
    );
    expect((await getContact(kaveri, vardhman!.id)).status).toBe(404);
    expect((await listContacts(kaveri, { sysObligorCode: family.child })).status).toBe(404);
    const all = (await listContacts(kaveri, { count: 500 })).json as Contact[];
    const vardhmanIds = new Set(
      (await rows(sql`select id from contacts where client_id = ${clientId}`, row({ id: col.int }))).map((r) => r.id),
    );
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((c) => vardhmanIds.has(c.id))).toBe(false);
    expect((await editContact(kaveri, vardhman!.id, { name: 'Taken over', phone: '9820145678' })).status).toBe(404);
    expect((await deleteContact(kaveri, vardhman!.id)).status).toBe(404);
    expect((await getContact(admin, vardhman!.id)).status).toBe(200);
  });
});

describe('contacts: changes', () => {
  const valid = () => ({
    sysObligorCode: family.child,
    name: 'Rekha Agarwal',
    role: 'Accounts Payable',
    email: 'rekha@example.in',
    phone: '+91 98201 45678',
  });

  it.each([
    ['sysObligorCode', { sysObligorCode: undefined }],
    ['name', { name: 'R' }],
    ['name', { name: ' '.repeat(5) }],
    ['name', { name: 'R'.repeat(121) }],
    ['email', { email: 'rekha@' }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '+1 415 555 0100' }],
    ['email', { email: '', phone: '' }],
    ['phone', { email: undefined, phone: undefined }],
    ['role', { role: 'x'.repeat(61) }],
  ])("refuses a bad %s with 400 and the field's message (%j)", async (field, change) => {
    const res = await createContact(admin, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields, JSON.stringify(res.json)).toHaveProperty(field);
  });

  it.each(['+91 98201 45678', '9820145678', '098201-45678', '022 2345 6789', '+919820145678'])(
    'accepts the phone %s',
    async (phone) => {
      const res = await createContact(admin, { ...valid(), email: undefined, phone });
      expect(res.status).toBe(201);
      await deleteContact(admin, res.json.id);
    },
  );

  it('creates, reads, edits and deletes a contact', async () => {
    const created = await createContact(admin, { ...valid(), name: '  Rekha Agarwal ', email: 'Rekha@Example.IN' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      sysObligorCode: family.child,
      name: 'Rekha Agarwal',
      email: 'rekha@example.in',
      parentSysObligorCode: family.parent,
    });
    const id = created.json.id as number;
    expect((await getContact(admin, id)).json).toEqual(created.json);
    expect(((await listContacts(admin, { search: 'Rekha Agarwal' })).json as Contact[]).map((c) => c.id)).toContain(id);

    const edited = await editContact(admin, id, { name: 'Rekha Agarwal', role: '', phone: '9876543210' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id,
      sysObligorCode: family.child,
      role: null,
      email: null,
      phone: '9876543210',
    });
    const badEdit = await editContact(admin, id, { name: 'Rekha Agarwal' });
    expect(badEdit.status).toBe(400);
    expect(badEdit.json.fields).toHaveProperty('email');

    const deleted = await deleteContact(admin, id);
    expect(deleted.status).toBe(200);
    expect(deleted.json.id).toBe(id);
    expect((await getContact(admin, id)).status).toBe(404);
    expect((await deleteContact(admin, id)).status).toBe(404);
    const audit = await rows(
      sql`select action from audit_log where client_id = ${clientId} and entity = 'contact' and entity_id = ${String(id)} order by id`,
      row({ action: col.text }),
    );
    expect(audit.map((a) => a.action)).toEqual(['contact_created', 'contact_changed', 'contact_deleted']);
  });

  it('answers 404 for a contact on an unknown obligor', async () => {
    expect((await createContact(admin, { ...valid(), sysObligorCode: 'NO-SUCH-CODE' })).status).toBe(404);
  });

  it('needs MANAGE_CONTACTS to write: the field officer gets 403 even on an assigned obligor', async () => {
    const [own] = await rows(
      sql`select id from contacts where client_id = ${clientId} and sys_obligor_code = ${guestOwn} limit 1`,
      row({ id: col.int }),
    );
    expect((await getContact(guest, own!.id)).status).toBe(200);
    expect((await createContact(guest, { ...valid(), sysObligorCode: guestOwn })).status).toBe(403);
    expect((await editContact(guest, own!.id, { name: 'Changed', phone: '9820145678' })).status).toBe(403);
    expect((await deleteContact(guest, own!.id)).status).toBe(403);
    expect((await getContact(guest, own!.id)).json.name).not.toBe('Changed');
  });

  it('lets the representative manage contacts of assigned obligors only', async () => {
    const created = await createContact(rep, { ...valid(), sysObligorCode: repOwn });
    expect(created.status).toBe(201);
    expect((await createContact(rep, { ...valid(), sysObligorCode: repOther })).status).toBe(404);
    const moved = await editContact(rep, created.json.id, { ...valid(), sysObligorCode: repOther });
    expect(moved.status).toBe(404);
    const [other] = await rows(
      sql`select id from contacts where client_id = ${clientId} and sys_obligor_code = ${repOther} limit 1`,
      row({ id: col.int }),
    );
    expect((await editContact(rep, other!.id, { name: 'Changed', phone: '9820145678' })).status).toBe(404);
    expect((await deleteContact(rep, other!.id)).status).toBe(404);
    expect((await deleteContact(rep, created.json.id)).status).toBe(200);
  });
});
