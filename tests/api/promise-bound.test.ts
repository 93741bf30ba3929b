import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToday } from '@/lib/server/clients/client-day';
import { POST as takeRoute } from '@/app/api/promises/route';
import { POST as logCommRoute } from '@/app/api/communications/obligors/[code]/route';
import { callRoute } from '../helpers/api';
import { notesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { csv } from '../imports/helpers';
import { importBatch } from '../helpers/ledger-client';
import { daysFrom } from '../helpers/dates';

let database: TestDatabase;
let clientId: number;
let admin: User;
let today: string;

const day = (offset: number) => daysFrom(today, offset);
const take = (user: User, body: Record<string, unknown>) =>
  callRoute(takeRoute, '/api/promises', { method: 'POST', cookie: user.cookie, body });

beforeAll(async () => {
  ({ database, clientId, admin } = await notesWorld());
  today = await clientToday(database.db, clientId);
});
afterAll(() => database?.dispose());

describe('promises: at most what is still owed on what they cover', () => {
  // A hand ledger beside the demo's: Pawan Bros (parent) owes ₹22,500 on PB-1 and ₹10,000 - ₹2,500
  // paid = ₹7,500 on PB-2, ₹30,000 in all; its branch owes ₹5,000 on PBC-1: the family ₹35,000.
  // A credit note of ₹1,000 is not a debt and leaves the bounds alone.
  beforeAll(async () => {
    const report = await importBatch(
      database.db,
      clientId,
      {
        'obligors.csv': csv([
          'sys_obligor_code,name,parent_sys_obligor_code',
          'PB,Pawan Bros,',
          'PBC,Pawan Bros Nashik,PB',
        ]),
        'invoices.csv': csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
          `PB-1,PB/1,PB,${day(-40)},${day(-10)},22500,INVOICE`,
          `PB-2,PB/2,PB,${day(-20)},${day(10)},10000,INVOICE`,
          `PB-CN,PB/CN,PB,${day(-5)},${day(-5)},1000,CREDIT_NOTE`,
          `PBC-1,PBC/1,PBC,${day(-30)},${day(0)},5000,INVOICE`,
        ]),
        'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', `PB-PAY,PB-2,${day(-3)},2500`]),
      },
      today,
    );
    expect(report.status, JSON.stringify(report)).toBe('SUCCEEDED');
  });
  const promise = (body: Record<string, unknown>) =>
    take(admin, { sysObligorCode: 'PB', promisedDate: day(5), ...body });

  it('refuses ₹1e15 on a customer owing ₹30,000 (the probe), and a paisa above, with a message on amount', async () => {
    for (const amount of [1e15, 30000.01]) {
      const res = await promise({ amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.json.fields).toEqual({ amount: 'at most ₹30,000.00, what is still owed by this customer' });
    }
    expect((await promise({ amount: 30000 })).status).toBe(201);
  });

  it('bounds a promise on invoices by what is open on them, a family promise by the family’s debts', async () => {
    const onTwo = await promise({ amount: 7500.01, sysInvoiceNums: ['PB-2'] });
    expect(onTwo.status).toBe(400);
    expect(onTwo.json.fields.amount).toBe('at most ₹7,500.00, what is still owed on these invoices');
    expect((await promise({ amount: 7500, sysInvoiceNums: ['PB-2'] })).status).toBe(201);
    const onBoth = await promise({ amount: 30000.01, sysInvoiceNums: ['PB-1', 'PB-2'] });
    expect(onBoth.json.fields.amount).toBe('at most ₹30,000.00, what is still owed on these invoices');
    const family = await promise({ amount: 35000.01, onFamily: true });
    expect(family.status).toBe(400);
    expect(family.json.fields.amount).toBe('at most ₹35,000.00, what is still owed by this family');
    expect((await promise({ amount: 35000, onFamily: true })).status).toBe(201);
  });

  it('refuses a PROMISE_TO_PAY communication above the open amount, on promisedAmount', async () => {
    const res = await callRoute(logCommRoute, '/api/communications/obligors/PB', {
      method: 'POST',
      cookie: admin.cookie,
      params: { code: 'PB' },
      body: {
        commDate: today,
        channel: 'PROMISE_TO_PAY',
        summary: 'Will pay everything.',
        promisedAmount: 1e15,
        followUpDate: day(3),
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ promisedAmount: 'at most ₹30,000.00, what is still owed by this customer' });
  });
});
