import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { GET as accountsRoute } from '@/app/api/customerportal/accounts/route';
import { POST as payRoute } from '@/app/api/customerportal/pay/route';
import { GET as remittancesRoute, POST as remitRoute } from '@/app/api/customerportal/remittances/route';
import { POST as disputeRoute } from '@/app/api/disputes/route';
import { POST as promiseRoute } from '@/app/api/promises/route';
import { GET as linkRoute } from '@/app/api/auth/customer_link/route';
import { GET as meRoute } from '@/app/api/borrowers/user/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { GET as listUsersRoute, POST as inviteRoute } from '@/app/api/obligors/[code]/customer_users/route';
import { PUT as statusRoute } from '@/app/api/customer_users/[id]/status/route';
import { DELETE as removeRoute } from '@/app/api/customer_users/[id]/route';
import { POST as revokeRoute } from '@/app/api/customer_users/[id]/revoke_links/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { activePolicy } from '@/lib/server/dunning/policy';
import { customerLinkFor } from '@/lib/server/customer-door/customer-users';
import { openAdvices } from '@/lib/server/bank/open-advices';
import { flushAccountMail } from '@/lib/server/auth/account-mail';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientToday } from '@/lib/server/clients/client-day';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

let database: TestDatabase;
let clientId: number;
let admin: string;
let family: string;
let account: string;
let familyCode: string;
let accountCode: string;
let accountParent: string;
let familyChild: string;
let otherCode: string;
let today: string;

const Code = row({ code: col.text });

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  today = await clientToday(database.db, clientId);
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  family = (await signInAs(database, 'family@customer.test')).cookie;
  account = (await signInAs(database, 'account@customer.test')).cookie;
  const [f] = await queryRows(
    database.db,
    sql`select customer_code as code from users where email = 'family@customer.test'`,
    Code,
  );
  const [a] = await queryRows(
    database.db,
    sql`select customer_code as code from users where email = 'account@customer.test'`,
    Code,
  );
  familyCode = f!.code;
  accountCode = a!.code;
  const [p] = await queryRows(
    database.db,
    sql`select parent_sys_obligor_code as code from obligors where client_id = ${clientId} and sys_obligor_code = ${accountCode}`,
    Code,
  );
  accountParent = p!.code;
  const [c] = await queryRows(
    database.db,
    sql`select sys_obligor_code as code from obligors where client_id = ${clientId} and parent_sys_obligor_code = ${familyCode}
      order by sys_obligor_code limit 1`,
    Code,
  );
  familyChild = c!.code;
  const [o] = await queryRows(
    database.db,
    sql`select sys_obligor_code as code from obligors where client_id = ${clientId}
      and sys_obligor_code not in (${familyCode}, ${accountCode}, ${accountParent})
      and coalesce(parent_sys_obligor_code, '') not in (${familyCode}) order by sys_obligor_code limit 1`,
    Code,
  );
  otherCode = o!.code;
});
afterAll(() => database?.dispose());

const statement = (code: string, cookie: string) =>
  callRoute(statementRoute, '/api/customerportal/statement', { query: { sysObligorCode: code, count: 500 }, cookie });

/** Open debts of a customer (its family for a parent), oldest due first. */
async function openBills(code: string) {
  return queryRows(
    database.db,
    sql`select i.sys_invoice_num as num, i.invoice_num as "invoiceNum", (i.amount - i.paid_to_date)::text as open
    from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and (o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})
      and i.doc_type = 'INVOICE' and i.settled_date is null and i.amount > i.paid_to_date
      and not exists (select 1 from dispute_invoices di join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
        where di.client_id = i.client_id and di.sys_invoice_num = i.sys_invoice_num and d.status = 'OPEN')
    order by i.due_date, i.sys_invoice_num`,
    row({ num: col.text, invoiceNum: col.text, open: col.num }),
  );
}

describe('customer users: their own customer only', () => {
  it('a family user sees exactly the staff view of the family, and of each of its accounts', async () => {
    const mine = await statement(familyCode, family);
    const staff = await statement(familyCode, admin);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual(staff.json);
    expect((await statement(familyChild, family)).json).toEqual((await statement(familyChild, admin)).json);
  });

  it('an account user sees the staff view of the account, never its parent or another customer', async () => {
    const mine = await statement(accountCode, account);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual((await statement(accountCode, admin)).json);
    expect((await statement(accountParent, account)).status).toBe(404);
    expect((await statement(familyCode, account)).status).toBe(404);
    expect((await statement(otherCode, family)).status).toBe(404);
    expect((await statement(accountCode, family)).status).toBe(404);
  });

  it("the accounts list holds only the user's own accounts", async () => {
    const res = await callRoute(accountsRoute, '/api/customerportal/accounts', {
      query: { accountType: 'POSTPAID' },
      cookie: family,
    });
    expect(res.status).toBe(200);
    const codes = (res.json as { sysObligorCode: string }[]).map((r) => r.sysObligorCode);
    expect(codes.length).toBeGreaterThan(0);
    const members = await queryRows(
      database.db,
      sql`select sys_obligor_code as code from obligors where client_id = ${clientId}
        and (sys_obligor_code = ${familyCode} or parent_sys_obligor_code = ${familyCode})`,
      Code,
    );
    const allowed = new Set(members.map((m) => m.code));
    for (const code of codes) expect(allowed.has(code), code).toBe(true);
  });

  it('lands on their statement and is a customer user', async () => {
    const me = await callRoute(meRoute, '/api/borrowers/user', { cookie: account });
    expect(me.status).toBe(200);
    expect(me.json.landingPath).toBe(`/customerportal/${accountCode}`);
    expect(me.json.userPage).toEqual([{ featureType: 'CUSTOMER PORTAL' }]);
    expect(me.json.pagePermissions).toEqual([]);
    // Named as the customer's user (the avatar menu), not by a staff role.
    const name = await queryRows(
      database.db,
      sql`select name from obligors where sys_obligor_code = ${accountCode} and client_id = (select client_id from users where email = 'account@customer.test')`,
      row({ name: col.text }),
    );
    expect(me.json.customer).toEqual({ code: accountCode, name: name[0]!.name });
  });

  it("raises a dispute and takes a promise on its own bills only (the probe's 201s on others now 404)", async () => {
    const [bill] = await openBills(accountCode);
    const [others] = await openBills(otherCode);
    const dispute = (num: string, amount: number, cookie: string) =>
      callRoute(disputeRoute, '/api/disputes', {
        method: 'POST',
        cookie,
        body: { clientId, sysInvoiceNums: [num], reason: 'PRICING', amount, note: 'Rate differs from the order' },
      });
    expect((await dispute(others!.num, 1, account)).status).toBe(404);
    const mine = await dispute(bill!.num, Math.min(1, bill!.open), account);
    expect(mine.status, JSON.stringify(mine.json)).toBe(201);
    const promise = (code: string, amount: number) =>
      callRoute(promiseRoute, '/api/promises', {
        method: 'POST',
        cookie: family,
        body: { clientId, sysObligorCode: code, amount, promisedDate: today, onFamily: true },
      });
    expect((await promise(otherCode, 1)).status).toBe(404);
    // More than the family owes in all (at most what is still owed, as for a collector's promise).
    const tooMuch = await promise(familyCode, 99_999_999_999);
    expect(tooMuch.status).toBe(400);
    const taken = await promise(familyCode, 1000);
    expect(taken.status, JSON.stringify(taken.json)).toBe(201);
  });
});

describe('paying chosen bills and "I have paid"', () => {
  it('"Pay selected": the exact open amount of two bills and a reference naming them', async () => {
    const [a, b] = await openBills(familyCode);
    const res = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: family,
      body: { sysObligorCode: familyCode, sysInvoiceNums: [a!.num, b!.num] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.amount).toBe((Math.round(a!.open * 100) + Math.round(b!.open * 100)) / 100);
    expect(res.json.reference).toBe(`Bills ${[a!.invoiceNum, b!.invoiceNum].join(', ')}`);
    if (res.json.upiLink) {
      expect(res.json.upiLink).toContain(`am=${res.json.amount.toFixed(2)}`);
      expect(res.json.qrSvg).toContain('<svg');
    }
    // Another customer's bill is refused by name.
    const [theirs] = await openBills(otherCode);
    const refused = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: family,
      body: { sysObligorCode: familyCode, sysInvoiceNums: [theirs!.num] },
    });
    expect(refused.status).toBe(400);
  });

  it('"Pay all overdue": every overdue open bill', async () => {
    const res = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: account,
      body: { sysObligorCode: accountCode, overdue: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [due] = await queryRows(
      database.db,
      sql`select coalesce(sum(amount - paid_to_date), 0)::text as code from invoices where client_id = ${clientId}
        and sys_obligor_code = ${accountCode} and doc_type <> 'CREDIT_NOTE' and settled_date is null
        and amount > paid_to_date and due_date < ${today}::date`,
      Code,
    );
    expect(res.json.amount).toBeCloseTo(Number(due!.code), 2);
  });

  it('an advice is stored against the customer, listed, open to cash application, and holds back reminders', async () => {
    // By account, so that the family's other accounts (and any promise of theirs) stay out of it.
    const policy = { ...(await activePolicy(database.db, clientId)), grouping: 'ACCOUNT' as const };
    const before = await reminderCandidates(database.db, clientId, policy, today, { code: accountCode });
    const bills = await openBills(accountCode);
    const listed = before.flatMap((c) => c.items.map((i) => i.sysInvoiceNum));
    const held = bills.map((b) => b.num).filter((n) => listed.includes(n));
    expect(held.length, JSON.stringify({ before: before.length, bills: bills.length })).toBeGreaterThan(0);
    const res = await callRoute(remitRoute, '/api/customerportal/remittances', {
      method: 'POST',
      cookie: account,
      body: {
        sysObligorCode: accountCode,
        amount: 12345.5,
        paidOn: today,
        reference: 'hdfcr52026112000001',
        sysInvoiceNums: held,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.reference).toBe('HDFCR52026112000001');
    const graceEnd = format(addDays(parseISO(today), 5), 'yyyy-MM-dd');
    expect(res.json.holdsUntil).toBe(graceEnd);
    const after = await reminderCandidates(database.db, clientId, policy, today, { code: accountCode });
    const stillListed = after.flatMap((c) => c.items.map((i) => i.sysInvoiceNum));
    for (const n of held) expect(stillListed).not.toContain(n);
    // After the grace period the bills are asked for again.
    const later = await reminderCandidates(database.db, clientId, policy, graceEnd, { code: accountCode });
    expect(later.flatMap((c) => c.items.map((i) => i.sysInvoiceNum))).toEqual(expect.arrayContaining(held));

    const staffList = await callRoute(remittancesRoute, '/api/customerportal/remittances', {
      query: { sysObligorCode: accountParent },
      cookie: admin,
    });
    expect(staffList.json.map((r: { id: number }) => r.id)).toContain(res.json.id);
    // The collector sees it on the family's worklist row.
    const worklist = await callRoute(worklistRoute, '/api/collections/worklist', {
      query: { search: accountParent, count: 10 },
      cookie: admin,
    });
    const familyRow = (worklist.json as { sysObligorCode: string; remittance: unknown }[]).find(
      (r) => r.sysObligorCode === accountParent,
    );
    expect(familyRow?.remittance).toMatchObject({
      amount: 12345.5,
      reference: 'HDFCR52026112000001',
      bills: held.length,
    });
    // Open: the first evidence cash application reads for this customer's next bank credit.
    const open = await openAdvices(database.db, clientId, sql`ra.sys_obligor_code = ${accountCode}`);
    expect(open.map((r) => r.reference)).toContain('HDFCR52026112000001');
    // Not another customer's bills, not a day after today, not for another customer.
    const bad = (body: Record<string, unknown>) =>
      callRoute(remitRoute, '/api/customerportal/remittances', {
        method: 'POST',
        cookie: account,
        body: {
          sysObligorCode: accountCode,
          amount: 10,
          paidOn: today,
          reference: 'UTR12345',
          sysInvoiceNums: held,
          ...body,
        },
      });
    const [theirs] = await openBills(otherCode);
    expect((await bad({ sysInvoiceNums: [theirs!.num] })).status).toBe(400);
    expect((await bad({ paidOn: format(addDays(parseISO(today), 1), 'yyyy-MM-dd') })).status).toBe(400);
    expect((await bad({ sysObligorCode: otherCode })).status).toBe(404);
    expect((await bad({ amount: -5 })).status).toBe(400);
  });
});

describe('signed single-use links and the admin side', () => {
  it('a link signs its customer user in once, within 15 minutes, onto their statement', async () => {
    const link = await customerLinkFor(database.db, clientId, accountCode);
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    const open = () => callRoute(linkRoute, '/api/auth/customer_link', { query: { token } });
    const first = await open();
    expect(first.status).toBe(307);
    expect(first.headers.get('location')).toContain(`/customerportal/${accountCode}`);
    expect(first.headers.get('set-cookie')).toContain('rd_session=');
    const again = await open();
    expect(again.headers.get('location')).toContain('/?link=expired');
    expect(again.headers.get('set-cookie') ?? '').not.toContain('rd_session=Fe26');
    // Older than 15 minutes: refused.
    const stale = await customerLinkFor(database.db, clientId, accountCode, new Date(Date.now() - 16 * 60_000));
    const staleRes = await callRoute(linkRoute, '/api/auth/customer_link', {
      query: { token: new URL(stale!).searchParams.get('token')! },
    });
    expect(staleRes.headers.get('location')).toContain('/?link=expired');
    // An account of the family is reached through the family user's link.
    expect(await customerLinkFor(database.db, clientId, familyChild)).toBeTruthy();
    expect(await customerLinkFor(database.db, clientId, otherCode)).toBeNull();
  });

  it('admins invite a contact, list, revoke links, suspend (sessions end) and remove customer users', async () => {
    const [contact] = await queryRows(
      database.db,
      sql`select id as code from contacts where client_id = ${clientId} and sys_obligor_code = ${otherCode}
        and email is not null order by id limit 1`,
      row({ code: col.int }),
    );
    expect(contact).toBeTruthy();
    const path = `/api/obligors/${otherCode}/customer_users`;
    const params = { code: otherCode };
    expect(
      (
        await callRoute(inviteRoute, path, {
          method: 'POST',
          params,
          cookie: family,
          body: { contactId: contact!.code },
        })
      ).status,
    ).toBe(403);
    const invited = await callRoute(inviteRoute, path, {
      method: 'POST',
      params,
      cookie: admin,
      body: { contactId: contact!.code },
    });
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    expect(invited.json.sysObligorCode).toBe(otherCode);
    await flushAccountMail();
    const again = await callRoute(inviteRoute, path, {
      method: 'POST',
      params,
      cookie: admin,
      body: { contactId: contact!.code },
    });
    expect(again.status).toBe(409);
    const listed = await callRoute(listUsersRoute, path, { params, cookie: admin });
    expect(listed.json.map((u: { id: number }) => u.id)).toContain(invited.json.id);

    const id = String(invited.json.id);
    const link = await customerLinkFor(database.db, clientId, otherCode);
    const revoked = await callRoute(revokeRoute, `/api/customer_users/${id}/revoke_links`, {
      method: 'POST',
      params: { id },
      cookie: admin,
    });
    expect(revoked.status).toBe(200);
    const dead = await callRoute(linkRoute, '/api/auth/customer_link', {
      query: { token: new URL(link!).searchParams.get('token')! },
    });
    expect(dead.headers.get('location')).toContain('/?link=expired');

    // Suspending the family user ends their session at once; reactivating lets them sign in again.
    const familyId = String(
      (
        await callRoute(listUsersRoute, `/api/obligors/${familyCode}/customer_users`, {
          params: { code: familyCode },
          cookie: admin,
        })
      ).json[0].id,
    );
    const suspend = (status: string) =>
      callRoute(statusRoute, `/api/customer_users/${familyId}/status`, {
        method: 'PUT',
        params: { id: familyId },
        cookie: admin,
        body: { status },
      });
    expect((await suspend('INACTIVE')).json.status).toBe('INACTIVE');
    expect((await statement(familyCode, family)).status).toBe(401);
    await suspend('ACTIVE');
    family = (await signInAs(database, 'family@customer.test')).cookie;
    expect((await statement(familyCode, family)).status).toBe(200);

    // A staff user is no customer user: 404 on these calls.
    const staffId = String((await signInAs(database, 'staff@vardhman.test')).session.userId);
    expect(
      (
        await callRoute(removeRoute, `/api/customer_users/${staffId}`, {
          method: 'DELETE',
          params: { id: staffId },
          cookie: admin,
        })
      ).status,
    ).toBe(404);
    const removed = await callRoute(removeRoute, `/api/customer_users/${id}`, {
      method: 'DELETE',
      params: { id },
      cookie: admin,
    });
    expect(removed.status).toBe(200);
    const after = await callRoute(listUsersRoute, path, { params, cookie: admin });
    expect(after.json.map((u: { id: number }) => u.id)).not.toContain(invited.json.id);
  });
});
