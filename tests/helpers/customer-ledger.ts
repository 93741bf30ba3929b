import {
  clients,
  creditLimitHistory,
  dimensionValues,
  invoices,
  obligorRatings,
  obligors,
  payments,
  roles,
  users,
} from '@/lib/db/schema';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { callRoute, cookieForSession } from './api';
import { createTestDatabase, type TestDatabase } from './db';

/**
 * A client small enough to compute the customer analysis by hand, as of TODAY 2026-11-20 (buckets
 * 30/60/90; DSO end date 2026-10-20). Rollups hold every month end from 2025-09-30 to 2026-10-31,
 * 2026-10-20 and 2026-11-20.
 *
 * Families (dim1 in brackets; field officer = guest, area sales manager = representative):
 *   PA Alpha Group [North], limit 500,000 (ignored: its members have limits)
 *     A1 Alpha Mills North [North], limit 100,000, guest; rating 1 from 2025-01-01, 2 from 2026-09-01
 *     A2 Alpha Mills South [South], limit 30,000, representative; rating 3 from 2026-01-01
 *   PB Beta Traders [North], limit 40,000, guest; rating 1 from 2025-06-01
 *   PC Gamma Holdings [South], limit 25,000 (the group limit: its member has none)
 *     C1 Gamma Retail [South], no limit, representative; unrated
 *
 * Ledger (issue -> due; payments):
 *   A1-1   31,000 2025-10-15 -> 2025-11-14; paid 2025-12-10
 *   A1-2   62,000 2026-01-10 -> 2026-02-09; 30,000 paid 2026-03-15 -> 32,000 open
 *   A1-3   50,000 2026-09-25 -> 2026-10-25; open
 *   A1-CN  -5,000 credit note 2026-11-05, no due date
 *   A2-1   24,000 2026-08-01 -> 2026-08-31; open
 *   A2-2   10,000 2026-11-01 -> 2026-12-01; open
 *   B-1    25,000 2025-11-20 -> 2025-12-20; paid 2026-01-05
 *   B-0     7,000 2026-02-10 -> 2026-03-12; paid 2026-03-20
 *   B-2    30,000 2026-06-15 -> 2026-07-15; 25,000 paid 2026-08-01 -> 5,000 open
 *   B-3    15,000 2026-10-10 -> 2026-11-09; paid 2026-11-25 (after TODAY: open at TODAY)
 *   C1-1   12,000 2025-09-20 -> 2025-10-20; paid 2025-11-15
 *   C1-2    5,000 2026-05-05 -> 2026-06-04; paid 2026-06-30
 */
export const TODAY = '2026-11-20';
export const DSO_END = '2026-10-20';

export interface CustomerLedger {
  clientId: number;
  north: number;
  south: number;
  users: { admin: number; guest: number; representative: number };
  cookies: { admin: string; guest: string; representative: string };
}

export async function buildCustomerLedger(database: TestDatabase): Promise<CustomerLedger> {
  const db = database.db;
  const [client] = await db.insert(clients).values({ code: 'CUSTHAND', name: 'Customer Analysis Traders' }).returning();
  const clientId = client!.id;
  const [north, south] = await db
    .insert(dimensionValues)
    .values([
      { clientId, dimLevel: 1, name: 'North' },
      { clientId, dimLevel: 1, name: 'South' },
    ])
    .returning();
  const roleRows = await db
    .insert(roles)
    .values(['admin', 'guest', 'representative'].map((code) => ({ clientId, code, name: code })))
    .returning();
  const roleId = (code: string) => roleRows.find((r) => r.code === code)!.id;
  const person = (code: string, name: string) => ({
    clientId,
    email: `${code}@customers.test`,
    name,
    userType: 'borrowers' as const,
    roleId: roleId(code),
    passwordHash: 'not-used',
  });
  const [admin, guest, representative] = await db
    .insert(users)
    .values([person('admin', 'Admin User'), person('guest', 'Field Officer'), person('representative', 'Area Manager')])
    .returning();

  const obligor = (
    code: string,
    name: string,
    parent: string | null,
    dim: number,
    limit: string | null,
    staff: object = {},
  ) => ({
    clientId,
    sysObligorCode: code,
    name,
    parentSysObligorCode: parent,
    dim1Id: dim,
    creditLimit: limit,
    ...staff,
  });
  await db
    .insert(obligors)
    .values([
      obligor('PA', 'Alpha Group', null, north!.id, '500000.00'),
      obligor('PB', 'Beta Traders', null, north!.id, '40000.00', { guestId: guest!.id }),
      obligor('PC', 'Gamma Holdings', null, south!.id, '25000.00'),
    ]);
  await db
    .insert(obligors)
    .values([
      obligor('A1', 'Alpha Mills North', 'PA', north!.id, '100000.00', { guestId: guest!.id }),
      obligor('A2', 'Alpha Mills South', 'PA', south!.id, '30000.00', { representativeId: representative!.id }),
      obligor('C1', 'Gamma Retail', 'PC', south!.id, null, { representativeId: representative!.id }),
    ]);
  await db.insert(obligorRatings).values([
    { clientId, sysObligorCode: 'A1', ratingDate: '2025-01-01', rating: 1 },
    { clientId, sysObligorCode: 'A1', ratingDate: '2026-09-01', rating: 2 },
    { clientId, sysObligorCode: 'A2', ratingDate: '2026-01-01', rating: 3 },
    { clientId, sysObligorCode: 'PB', ratingDate: '2025-06-01', rating: 1 },
  ]);
  await db.insert(creditLimitHistory).values([
    { clientId, sysObligorCode: 'A1', effectiveDate: '2025-06-01', creditLimit: '80000.00', changedBy: admin!.id },
    { clientId, sysObligorCode: 'A1', effectiveDate: '2026-04-01', creditLimit: '100000.00', changedBy: admin!.id },
    { clientId, sysObligorCode: 'A2', effectiveDate: '2026-01-01', creditLimit: '20000.00', changedBy: admin!.id },
    { clientId, sysObligorCode: 'A2', effectiveDate: '2026-07-01', creditLimit: '30000.00', changedBy: null },
  ]);
  const inv = (num: string, code: string, issueDate: string, dueDate: string | null, amount: string) => ({
    clientId,
    sysInvoiceNum: num,
    invoiceNum: `INV/${num}`,
    sysObligorCode: code,
    issueDate,
    dueDate,
    amount,
    currency: 'INR',
    docType: amount.startsWith('-') ? ('CREDIT_NOTE' as const) : ('INVOICE' as const),
  });
  await db
    .insert(invoices)
    .values([
      inv('A1-1', 'A1', '2025-10-15', '2025-11-14', '31000.00'),
      inv('A1-2', 'A1', '2026-01-10', '2026-02-09', '62000.00'),
      inv('A1-3', 'A1', '2026-09-25', '2026-10-25', '50000.00'),
      inv('A1-CN', 'A1', '2026-11-05', null, '-5000.00'),
      inv('A2-1', 'A2', '2026-08-01', '2026-08-31', '24000.00'),
      inv('A2-2', 'A2', '2026-11-01', '2026-12-01', '10000.00'),
      inv('B-1', 'PB', '2025-11-20', '2025-12-20', '25000.00'),
      inv('B-0', 'PB', '2026-02-10', '2026-03-12', '7000.00'),
      inv('B-2', 'PB', '2026-06-15', '2026-07-15', '30000.00'),
      inv('B-3', 'PB', '2026-10-10', '2026-11-09', '15000.00'),
      inv('C1-1', 'C1', '2025-09-20', '2025-10-20', '12000.00'),
      inv('C1-2', 'C1', '2026-05-05', '2026-06-04', '5000.00'),
    ]);
  const pay = (ref: string, num: string, paidDate: string, amount: string) => ({
    clientId,
    paymentRef: ref,
    sysInvoiceNum: num,
    paidDate,
    amount,
  });
  await db
    .insert(payments)
    .values([
      pay('R1', 'A1-1', '2025-12-10', '31000.00'),
      pay('R2', 'A1-2', '2026-03-15', '30000.00'),
      pay('R3', 'B-1', '2026-01-05', '25000.00'),
      pay('R4', 'B-0', '2026-03-20', '7000.00'),
      pay('R5', 'B-2', '2026-08-01', '25000.00'),
      pay('R6', 'B-3', '2026-11-25', '15000.00'),
      pay('R7', 'C1-1', '2025-11-15', '12000.00'),
      pay('R8', 'C1-2', '2026-06-30', '5000.00'),
    ]);
  await db.transaction((tx) => refreshReceivableRollups(tx, clientId, TODAY));

  const session = (user: { id: number; name: string }, role: string): SessionData => ({
    userId: user.id,
    clientId,
    clientName: client!.name,
    name: user.name,
    sid: `test-${user.id}`,
    sessionVersion: 1,
    userType: 'borrowers',
    role,
    pages: ['MY CUSTOMERS', 'RECEIVABLES'],
    permissions: [],
  });
  return {
    clientId,
    north: north!.id,
    south: south!.id,
    users: { admin: admin!.id, guest: guest!.id, representative: representative!.id },
    cookies: {
      admin: await cookieForSession(session(admin!, 'admin')),
      guest: await cookieForSession(session(guest!, 'guest')),
      representative: await cookieForSession(session(representative!, 'representative')),
    },
  };
}

/**
 * A fresh test database with the ledger above in it, for a test file's beforeAll. Hand computation as of
 * TODAY 2026-11-20 (days past due -> credit bucket):
 *   A1: A1-2 32,000 (284 days, crd4; 314 days old, inv4), A1-3 50,000 (26, crd1; 56 old, inv2),
 *       A1-CN -5,000 (15 days since issue, crd1; inv1) -> 77,000, all overdue; rating 2.
 *   A2: A2-1 24,000 (81, crd3; 111 old, inv4), A2-2 10,000 (current; inv1) -> 34,000; rating 3.
 *   PB: B-2 5,000 (128, crd4; inv4), B-3 15,000 (11, crd1; inv2; its payment of 25 Nov is later) -> 20,000; rating 1.
 *   C1: nothing open.
 * 12-month sales (issued after 2025-11-20 up to TODAY, net of credit notes): A1 62,000 + 50,000 - 5,000
 * = 107,000; A2 34,000; PB 7,000 + 30,000 + 15,000 = 52,000 (B-1 of 2025-11-20 is just outside);
 * C1 5,000; total 198,000. Segments: A1 starts at 0 -> LARGE; PB starts at 107,000 (54%) and crosses
 * 80% -> LARGE; A2 starts at 159,000 (80.3%) -> MEDIUM; C1 at 193,000 (97.5%) -> SMALL.
 */
export async function customerLedgerDatabase(): Promise<{ database: TestDatabase; ledger: CustomerLedger }> {
  const database = await createTestDatabase();
  return { database, ledger: await buildCustomerLedger(database) };
}

export type Query = Record<string, string | number | undefined>;

/** A GET of a route as the ledger's admin; `ledger` is read at each call, once beforeAll has built it. */
export const getAsAdmin =
  (ledger: () => CustomerLedger) =>
  (route: Parameters<typeof callRoute>[0], path: string, query: Query = {}) =>
    callRoute(route, path, { cookie: ledger().cookies.admin, query });
