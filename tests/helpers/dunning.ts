import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PUT as detailsPut } from '@/app/api/clients/payment_details/route';
import { contacts } from '@/lib/db/schema';
import { todayIso } from '@/lib/domain/dates';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from './api';
import type { TestDatabase } from './db';
import { signInAs } from './seeded';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';
import { daysFrom } from './dates';

/** The new client's today (Asia/Kolkata, its default zone): the hand ledger is dated from it. */
export const T = todayIso(new Date(), 'Asia/Kolkata');
export const day = (n: number) => daysFrom(T, n);

/**
 * The hand ledger, as of T, with the default policy (family grouping, minimum ₹1,000, levels at
 * -3, 1, 15, 30 and 60 days):
 * - PA family (PA1, PA2): A1 10,000 due T-20; CN1 -2,000; A2 15,000 due T-2 of which 5,000 paid;
 *   A3 7,000 due T+10 (outside every level) → 10,000 - 2,000 + 10,000 = 18,000, oldest 20 → level 3
 * - SG: 25,000 due T-1 → level 2
 * - RK: 4,000 due T+2 → level 1 ("due soon"), oldest -2
 * - NE: 3,000 due T-5, no email anywhere → level 2, FAILED "no email address"
 * - BB: 2,000 due T-3, an address the mail server refuses → level 2, FAILED
 * - WA: 6,000 due T-35 → level 4, WhatsApp prepared as a task
 * - KT: 9,000 due T-70 → level 5, a task for the manager (none: the admin)
 * - MK: 800 due T-10 → under the minimum, left out
 * - DS: 5,000 due T-20 in an OPEN dispute → left out
 * - JP: 12,000 due T-40, OPEN promise to pay by T+2 → left out
 * - PL: 5,000 due T-20, paid in full → left out
 */
export const EXPECTED = [
  { sysObligorCode: 'KT', level: 5, channel: 'TASK', amountDue: 9000, oldestDays: 70 },
  { sysObligorCode: 'WA', level: 4, channel: 'WHATSAPP', amountDue: 6000, oldestDays: 35 },
  { sysObligorCode: 'PA', level: 3, channel: 'EMAIL', amountDue: 18000, oldestDays: 20 },
  { sysObligorCode: 'NE', level: 2, channel: 'EMAIL', amountDue: 3000, oldestDays: 5 },
  { sysObligorCode: 'BB', level: 2, channel: 'EMAIL', amountDue: 2000, oldestDays: 3 },
  { sysObligorCode: 'SG', level: 2, channel: 'EMAIL', amountDue: 25000, oldestDays: 1 },
  { sysObligorCode: 'RK', level: 1, channel: 'EMAIL', amountDue: 4000, oldestDays: -2 },
];

const ledger = () => [
  file(
    'obligors.csv',
    csv([
      'sys_obligor_code,name,parent_sys_obligor_code,email',
      'PA,Patil Agencies,,',
      'PA1,Patil Agencies Kolhapur,PA,pa1@patil.example',
      'PA2,Patil Agencies Sangli,PA,',
      'SG,Shree Ganesh Traders,,accounts@ganesh.example',
      'RK,Rao & Kulkarni,,rk@raokulkarni.example',
      'NE,Naik Enterprises,,',
      'BB,Bhosale Brothers,,bounce@refuse.example',
      'WA,Wagh Agencies,,wagh@wagh.example',
      'KT,Kale Traders,,kale@kale.example',
      'MK,Mehta Kirana,,mk@mehta.example',
      'DS,Desai Stores,,ds@desai.example',
      'JP,Joshi Provisions,,jp@joshi.example',
      'PL,Pawar Logistics,,pl@pawar.example',
    ]),
  ),
  file(
    'invoices.csv',
    csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
      `A1,INV/A1,PA1,INVOICE,${day(-50)},${day(-20)},10000,INR`,
      `CN1,CN/1,PA1,CREDIT_NOTE,${day(-15)},,2000,INR`,
      `A2,INV/A2,PA2,INVOICE,${day(-32)},${day(-2)},15000,INR`,
      `A3,INV/A3,PA2,INVOICE,${day(-20)},${day(10)},7000,INR`,
      `S1,INV/S1,SG,INVOICE,${day(-31)},${day(-1)},25000,INR`,
      `R1,INV/R1,RK,INVOICE,${day(-28)},${day(2)},4000,INR`,
      `N1,INV/N1,NE,INVOICE,${day(-35)},${day(-5)},3000,INR`,
      `B1,INV/B1,BB,INVOICE,${day(-33)},${day(-3)},2000,INR`,
      `W1,INV/W1,WA,INVOICE,${day(-65)},${day(-35)},6000,INR`,
      `K1,INV/K1,KT,INVOICE,${day(-100)},${day(-70)},9000,INR`,
      `M1,INV/M1,MK,INVOICE,${day(-40)},${day(-10)},800,INR`,
      `D1,INV/D1,DS,INVOICE,${day(-50)},${day(-20)},5000,INR`,
      `D2,INV/D2,DS,INVOICE,${day(-20)},${day(10)},5000,INR`,
      `J1,INV/J1,JP,INVOICE,${day(-70)},${day(-40)},12000,INR`,
      `P1,INV/P1,PL,INVOICE,${day(-50)},${day(-20)},5000,INR`,
    ]),
  ),
  file(
    'payments.csv',
    csv(['payment_ref,sys_invoice_num,paid_date,amount', `PAY1,A2,${day(-5)},5000`, `PAY2,P1,${day(-3)},5000`]),
  ),
];

export interface DunningClient {
  clientId: number;
  /** The session cookie of the new client's administrator. */
  admin: string;
  vardhmanAdmin: string;
  vardhmanGuest: { cookie: string; userId: number };
}

/**
 * On a seeded database: the new client DUNNING with the hand ledger above (as of T), the family's
 * contact, DS's dispute, JP's promise and the client's payment details; the sessions the tests use.
 */
export async function setUpDunningClient(database: TestDatabase): Promise<DunningClient> {
  const created = await newClient(database.db, 'DUNNING');
  const clientId = created.clientId;
  const admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  const vardhmanAdmin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const guest = await signInAs(database, 'guest@vardhman.test');
  const vardhmanGuest = { cookie: guest.cookie, userId: guest.session.userId };
  const report = await runImport(database.db, { clientId, userId: null, source: 'CLI', today: T, files: ledger() });
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  // The family's accounts department is a contact of the parent: the family's mail goes there.
  await database.db.insert(contacts).values({
    clientId,
    sysObligorCode: 'PA',
    name: 'Sunil Patil',
    role: 'Accounts',
    email: 'accounts@patil.example',
    phone: '+91 98220 12345',
  });
  // DS's older invoice is disputed; JP promised to pay by T+2.
  await database.db.execute(sql`insert into disputes (client_id, id, sys_obligor_code, reason, amount, opened_on)
    values (${clientId}, 1, 'DS', 'QUALITY', 5000, ${day(-2)})`);
  await database.db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, 1, 'D1')`,
  );
  await database.db
    .execute(sql`insert into promises (client_id, sys_obligor_code, amount, promised_date, taken_on, channel)
    values (${clientId}, 'JP', 12000, ${day(2)}, ${day(-1)}, 'CALL')`);
  // Where the client's customers are asked to pay.
  const saved = await callRoute(detailsPut, '/api/clients/payment_details', {
    method: 'PUT',
    cookie: admin,
    body: {
      upiVpa: 'dunningtraders@icici',
      bankName: 'ICICI Bank',
      bankAccountName: 'DUNNING Traders Pvt Ltd',
      bankAccountNumber: '012305001234',
      bankIfsc: 'icic0000123',
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect(saved.json.bankIfsc).toBe('ICIC0000123');
  return { clientId, admin, vardhmanAdmin, vardhmanGuest };
}
