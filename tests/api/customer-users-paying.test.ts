import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as payRoute } from '@/app/api/customerportal/pay/route';
import { GET as remittancesRoute, POST as remitRoute } from '@/app/api/customerportal/remittances/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { queryRows } from '@/lib/db/query';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { activePolicy } from '@/lib/server/dunning/policy';
import { openAdvices } from '@/lib/server/bank/open-advices';
import { callRoute } from '../helpers/api';
import { Code, customerUsersWorld, openBills as openBillsOf, type CustomerUsersWorld } from '../helpers/customer-users';

// A customer user paying chosen bills and saying "I have paid"; what they may see is in
// customer-users-scope.test.ts.

let world: CustomerUsersWorld;

beforeAll(async () => {
  world = await customerUsersWorld();
});
afterAll(() => world?.database.dispose());

const openBills = (code: string) => openBillsOf(world.database, world.clientId, code);

describe('paying chosen bills and "I have paid"', () => {
  it('"Pay selected": the exact open amount of two bills and a reference naming them', async () => {
    const [a, b] = await openBills(world.familyCode);
    const res = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: world.family,
      body: { sysObligorCode: world.familyCode, sysInvoiceNums: [a!.num, b!.num] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.amount).toBe((Math.round(a!.open * 100) + Math.round(b!.open * 100)) / 100);
    expect(res.json.reference).toBe(`Bills ${[a!.invoiceNum, b!.invoiceNum].join(', ')}`);
    if (res.json.upiLink) {
      expect(res.json.upiLink).toContain(`am=${res.json.amount.toFixed(2)}`);
      expect(res.json.qrSvg).toContain('<svg');
    }
    // Another customer's bill is refused by name.
    const [theirs] = await openBills(world.otherCode);
    const refused = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: world.family,
      body: { sysObligorCode: world.familyCode, sysInvoiceNums: [theirs!.num] },
    });
    expect(refused.status).toBe(400);
  });

  it('"Pay all overdue": every overdue open bill', async () => {
    const res = await callRoute(payRoute, '/api/customerportal/pay', {
      method: 'POST',
      cookie: world.account,
      body: { sysObligorCode: world.accountCode, overdue: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [due] = await queryRows(
      world.database.db,
      sql`select coalesce(sum(amount - paid_to_date), 0)::text as code from invoices where client_id = ${world.clientId}
        and sys_obligor_code = ${world.accountCode} and doc_type <> 'CREDIT_NOTE' and settled_date is null
        and amount > paid_to_date and due_date < ${world.today}::date`,
      Code,
    );
    expect(res.json.amount).toBeCloseTo(Number(due!.code), 2);
  });

  it('an advice is stored against the customer, listed, open to cash application, and holds back reminders', async () => {
    // By account, so that the family's other accounts (and any promise of theirs) stay out of it.
    const policy = { ...(await activePolicy(world.database.db, world.clientId)), grouping: 'ACCOUNT' as const };
    const before = await reminderCandidates(world.database.db, world.clientId, policy, world.today, {
      code: world.accountCode,
    });
    const bills = await openBills(world.accountCode);
    const listed = before.flatMap((c) => c.items.map((i) => i.sysInvoiceNum));
    const held = bills.map((b) => b.num).filter((n) => listed.includes(n));
    expect(held.length, JSON.stringify({ before: before.length, bills: bills.length })).toBeGreaterThan(0);
    const res = await callRoute(remitRoute, '/api/customerportal/remittances', {
      method: 'POST',
      cookie: world.account,
      body: {
        sysObligorCode: world.accountCode,
        amount: 12345.5,
        paidOn: world.today,
        reference: 'hdfcr52026112000001',
        sysInvoiceNums: held,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.reference).toBe('HDFCR52026112000001');
    const graceEnd = format(addDays(parseISO(world.today), 5), 'yyyy-MM-dd');
    expect(res.json.holdsUntil).toBe(graceEnd);
    const after = await reminderCandidates(world.database.db, world.clientId, policy, world.today, {
      code: world.accountCode,
    });
    const stillListed = after.flatMap((c) => c.items.map((i) => i.sysInvoiceNum));
    for (const n of held) expect(stillListed).not.toContain(n);
    // After the grace period the bills are asked for again.
    const later = await reminderCandidates(world.database.db, world.clientId, policy, graceEnd, {
      code: world.accountCode,
    });
    expect(later.flatMap((c) => c.items.map((i) => i.sysInvoiceNum))).toEqual(expect.arrayContaining(held));

    const staffList = await callRoute(remittancesRoute, '/api/customerportal/remittances', {
      query: { sysObligorCode: world.accountParent },
      cookie: world.admin,
    });
    expect(staffList.json.map((r: { id: number }) => r.id)).toContain(res.json.id);
    // The collector sees it on the family's worklist row.
    const worklist = await callRoute(worklistRoute, '/api/collections/worklist', {
      query: { search: world.accountParent, count: 10 },
      cookie: world.admin,
    });
    const familyRow = (worklist.json as { sysObligorCode: string; remittance: unknown }[]).find(
      (r) => r.sysObligorCode === world.accountParent,
    );
    expect(familyRow?.remittance).toMatchObject({
      amount: 12345.5,
      reference: 'HDFCR52026112000001',
      bills: held.length,
    });
    // Open: the first evidence cash application reads for this customer's next bank credit.
    const open = await openAdvices(world.database.db, world.clientId, sql`ra.sys_obligor_code = ${world.accountCode}`);
    expect(open.map((r) => r.reference)).toContain('HDFCR52026112000001');
    // Not another customer's bills, not a day after today, not for another customer.
    const bad = (body: Record<string, unknown>) =>
      callRoute(remitRoute, '/api/customerportal/remittances', {
        method: 'POST',
        cookie: world.account,
        body: {
          sysObligorCode: world.accountCode,
          amount: 10,
          paidOn: world.today,
          reference: 'UTR12345',
          sysInvoiceNums: held,
          ...body,
        },
      });
    const [theirs] = await openBills(world.otherCode);
    expect((await bad({ sysInvoiceNums: [theirs!.num] })).status).toBe(400);
    expect((await bad({ paidOn: format(addDays(parseISO(world.today), 1), 'yyyy-MM-dd') })).status).toBe(400);
    expect((await bad({ sysObligorCode: world.otherCode })).status).toBe(404);
    expect((await bad({ amount: -5 })).status).toBe(400);
  });
});
