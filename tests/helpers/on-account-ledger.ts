import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { roles, users } from '@/lib/db/schema';
import { hashPassword } from '@/lib/server/auth/password';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';
import { sessionCookieFor } from './api';
import { createTestDatabase, type TestDatabase } from './db';
import { CLIENT_TODAY, day, importBatch } from './ledger-client';

/**
 * A hand ledger with money received on account and not yet allocated to bills, as of T (the new
 * client's today, CLIENT_TODAY), under the default policy (family grouping, minimum ₹1,000, levels
 * at -3, 1, 15, 30 and 60 days):
 *
 * - CP family (CP, CP1; field officer Suresh Patil): X1 12,000 due T-20 (CP1's); the parent CP paid
 *   15,000 on account on T-5. Amount due 12,000, on account 15,000: covered → no reminder, a task.
 * - GT: G1 20,000 due T-25, G2 8,000 due T-10, G3 4,000 due T+20 (outside every level); 5,000 on
 *   account on T-3. Amount due 28,000 - 5,000 = 23,000, oldest 25 days → level 3 email.
 * - MB: M1 3,000 due T-5; an advance of 2,500 on T-30. 3,000 - 2,500 = 500, under the minimum
 *   only because of the advance → no reminder, a task.
 * - SA: S1 15,000 due T-12; S3 9,000 issued T-5, due T+25; 9,000 on account on T-10, allocated to
 *   S3 on T-2. Before T-2 the 9,000 is unallocated (15,000 - 9,000 = 6,000 due); from T-2 it pays
 *   S3 and the reminder asks for S1's 15,000.
 *
 * The worklist at T (overdue = past-due items less the unallocated, never below zero):
 * GT 28,000 - 5,000 = 23,000 (outstanding 32,000 - 5,000 = 27,000); SA 15,000; MB 3,000 - 2,500 = 500;
 * CP 12,000 - 15,000 → nothing overdue, not listed.
 */
const ledger = () => [
  file(
    'obligors.csv',
    csv([
      'sys_obligor_code,name,parent_sys_obligor_code,email,guest_email',
      'CP,Chavan Provisions,,accounts@chavan.example,suresh@collect.test',
      'CP1,Chavan Provisions Karad,CP,cp1@chavan.example,suresh@collect.test',
      'GT,Gupta Traders,,accounts@gupta.example,',
      'MB,Mane Brothers,,mane@mane.example,',
      'SA,Sawant Agencies,,sa@sawant.example,',
    ]),
  ),
  file(
    'invoices.csv',
    csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
      `X1,CP/X1,CP1,${day(-50)},${day(-20)},"12,000.00"`,
      `G1,GT/1,GT,${day(-55)},${day(-25)},"20,000.00"`,
      `G2,GT/2,GT,${day(-40)},${day(-10)},"8,000.00"`,
      `G3,GT/3,GT,${day(-10)},${day(20)},"4,000.00"`,
      `M1,MB/1,MB,${day(-35)},${day(-5)},"3,000.00"`,
      `S1,SA/1,SA,${day(-42)},${day(-12)},"15,000.00"`,
      `S3,SA/3,SA,${day(-5)},${day(25)},"9,000.00"`,
    ]),
  ),
  file(
    'payments.csv',
    csv([
      'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
      `RC1,,CP,On Account,${day(-5)},"15,000.00"`,
      `RG1,,GT,On Account,${day(-3)},"5,000.00"`,
      `RM1,,MB,Advance,${day(-30)},"2,500.00"`,
      `RS1,,SA,On Account,${day(-10)},"9,000.00"`,
    ]),
  ),
  file('allocations.csv', csv(['payment_ref,sys_invoice_num,amount,allocated_date', `RS1,S3,"9,000.00",${day(-2)}`])),
];

export interface OnAccountClient {
  database: TestDatabase;
  clientId: number;
  /** The session cookie of the new client's administrator. */
  admin: string;
  /** Suresh Patil, the CP family's field officer. */
  officer: { id: number; cookie: string };
}

/** A fresh database with the new client COLLECT, its field officer and the hand ledger above imported as of T. */
export async function onAccountClient(): Promise<OnAccountClient> {
  const database = await createTestDatabase();
  const created = await newClient(database.db, 'COLLECT');
  const clientId = created.clientId;
  const admin = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
  const [guestRole] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), eq(roles.code, 'guest')));
  const [suresh] = await database.db
    .insert(users)
    .values({
      clientId,
      email: 'suresh@collect.test',
      name: 'Suresh Patil',
      userType: 'borrowers',
      roleId: guestRole!.id,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  const officer = {
    id: suresh!.id,
    cookie: (await sessionCookieFor(database.db, 'suresh@collect.test', PASSWORD)).cookie,
  };
  const report = await importBatch(database.db, clientId, ledger(), CLIENT_TODAY);
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  return { database, clientId, admin, officer };
}
