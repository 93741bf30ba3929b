import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import type { TPaymentPredictions } from '@/lib/contract/forecast';
import { queryRows } from '@/lib/db/query';
import { ROLE_DEFAULTS } from '@/lib/db/seed/reference-data';
import { hashPassword } from '@/lib/server/auth/password';
import { clientToday } from '@/lib/server/clients/client-day';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * A small ledger around today (T), whose predictions are worked out by hand below.
 *
 * C1 (North) paid eleven bills 10 days late (six of ₹1,000, five of ₹2,000) and one of ₹4,000 3 days
 * late. Today C1 owes: L1 ₹5,000 due T+5; L3 ₹700 due T+2, in dispute; L4 ₹2,500 due
 * T+40, promised for T+3. G1 (North, the field officer's) has no history and owes ₹800 due T+9. X1
 * (West) paid five ₹1,000 bills on the due date and owes ₹1,500 already 28 days late.
 *
 * C1's habit today: ₹16,000 (11 bills) 10 days late, ₹4,000 (1 bill) 3 days late: 20% at 3 days and
 * 80% at 10, 9 days on average ((4,000 x 3 + 16,000 x 10) / 20,000 = 8.6).
 */
let database: TestDatabase;
let admin: string;
let guest: string;
let other: string;
let today: string;

const day = (base: string, offset: number) => format(addDays(parseISO(base), offset), 'yyyy-MM-dd');
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'FCAST');
  const db = database.db;
  const clientId = created.clientId;
  today = await clientToday(db, clientId);
  const [role] = await queryRows<{ id: number }>(
    db,
    sql`select id from roles where client_id = ${clientId} and code = 'guest'`,
  );
  const [officer] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (client_id, email, name, user_type, role_id, password_hash)
      values (${clientId}, 'officer@fcast.test', 'Field Officer', 'borrowers', ${role!.id}, ${await hashPassword(PASSWORD)})
      returning id`,
  );
  for (const [position, feature] of ROLE_DEFAULTS.guest.entries())
    await db.execute(sql`insert into user_page_permissions (client_id, user_id, feature_type, access_value, position)
      values (${clientId}, ${officer!.id}, ${feature}, true, ${position})`);

  const T = (offset: number) => day(today, offset);
  const invoices = ['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount'];
  const payments = ['payment_ref,sys_invoice_num,paid_date,amount'];
  for (let k = 0; k < 6; k++) {
    const due = T(-330 + 15 * k);
    invoices.push(`H${k},INV/H${k},C1,${day(due, -30)},${due},1000`);
    payments.push(`PH${k},H${k},${day(due, 10)},1000`);
  }
  for (let k = 0; k < 5; k++) {
    const due = T(-300 + 10 * k);
    invoices.push(`X${k},INV/X${k},X1,${day(due, -30)},${due},1000`);
    payments.push(`PX${k},X${k},${due},1000`);
  }
  for (let k = 0; k < 6; k++) {
    const last = k === 5;
    const due = T(-200 + 30 * k);
    invoices.push(`D${k + 1},INV/D${k + 1},C1,${day(due, -30)},${due},${last ? 4000 : 2000}`);
    payments.push(`PD${k + 1},D${k + 1},${day(due, last ? 3 : 10)},${last ? 4000 : 2000}`);
  }
  invoices.push(
    `L1,INV/L1,C1,${T(-25)},${T(5)},5000`,
    `L3,INV/L3,C1,${T(-25)},${T(2)},700`,
    `L4,INV/L4,C1,${T(-5)},${T(40)},2500`,
    `G1,INV/G1,G1,${T(-21)},${T(9)},800`,
    `XO,INV/XO,X1,${T(-28)},,1500`,
  );
  const report = await runImport(db, {
    clientId,
    userId: null,
    source: 'CLI',
    today,
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name,dim1,guest_email',
          'C1,Shree Balaji Traders,North,',
          'G1,Ganesh Agencies,North,officer@fcast.test',
          'X1,Konkan Distributors,West,',
        ]),
      ),
      file('invoices.csv', csv(invoices)),
      file('payments.csv', csv(payments)),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  const [dispute] = await queryRows<{ id: number }>(
    db,
    sql`insert into disputes (client_id, sys_obligor_code, reason, amount, status, opened_on)
      values (${clientId}, 'C1', 'PRICING', 700, 'OPEN', ${today}) returning id`,
  );
  await db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, ${dispute!.id}, 'L3')`,
  );
  const [promise] = await queryRows<{ id: number }>(
    db,
    sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel, status)
      values (${clientId}, 'C1', 2500, ${T(3)}, ${today}, 'CALL', 'OPEN') returning id`,
  );
  await db.execute(
    sql`insert into promise_invoices (client_id, promise_id, sys_invoice_num) values (${clientId}, ${promise!.id}, 'L4')`,
  );
  admin = (await sessionCookieFor(db, created.email, PASSWORD)).cookie;
  guest = (await sessionCookieFor(db, 'officer@fcast.test', PASSWORD)).cookie;
  other = (await sessionCookieFor(db, (await newClient(db, 'FCOTHER')).email, PASSWORD)).cookie;
});
afterAll(() => database?.dispose());

const predictions = (cookie: string, code: string) =>
  callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', { cookie, query: { sysObligorCode: code } });

describe('GET /v3/clients/payment_predictions', () => {
  it('gives each open debt of C1 its date and reason, oldest due first', async () => {
    const res = await predictions(admin, 'C1');
    expect(res.status).toBe(200);
    const p = res.json as TPaymentPredictions;
    expect(p.asOf).toBe(today);
    expect(p.predictions.map((x) => [x.sysInvoiceNum, x.basis, x.date, x.low, x.high, x.level, x.reason])).toEqual([
      ['L3', 'DISPUTED', null, null, null, null, `In dispute since ${dmy(today)}`],
      // 20% at 3 days late, 80% at 10: the median and both quartiles at 10 days, T+15
      [
        'L1',
        'HISTORY',
        day(today, 15),
        day(today, 15),
        day(today, 15),
        'ACCOUNT',
        'Pays 9 days late on average (12 invoices, last 12 months)',
      ],
      ['L4', 'PROMISED', day(today, 3), day(today, 3), day(today, 3), null, `Promised for ${dmy(day(today, 3))}`],
    ]);
    expect(p.predictions[1]).toMatchObject({ invoiceNum: 'INV/L1', dueDate: day(today, 5), open: 5000 });
  });

  it('falls back to the region for a customer without history, and expects nothing of a debt too late', async () => {
    const g1 = (await predictions(admin, 'G1')).json as TPaymentPredictions;
    expect(g1.predictions).toMatchObject([
      {
        sysInvoiceNum: 'G1',
        basis: 'HISTORY',
        level: 'DIM1',
        date: day(today, 19),
        reason: 'Few payments of its own: customers in North pay 9 days late on average (12 invoices, last 12 months)',
      },
    ]);
    const x1 = (await predictions(admin, 'X1')).json as TPaymentPredictions;
    expect(x1.predictions).toMatchObject([
      {
        sysInvoiceNum: 'XO',
        basis: 'NOT_EXPECTED',
        date: null,
        reason: 'Already 28 days late: later than any bill paid in the last 12 months',
      },
    ]);
  });

  it('keeps the field officer to their own customers', async () => {
    expect((await predictions(guest, 'G1')).status).toBe(200);
    expect((await predictions(guest, 'C1')).status).toBe(404);
    expect((await predictions(other, 'C1')).status).toBe(404);
    expect((await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', { cookie: admin })).status).toBe(
      400,
    );
  });
});
