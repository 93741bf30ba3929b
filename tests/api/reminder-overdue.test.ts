import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { GET as reminderPdfRoute } from '@/app/api/dunning/reminder.pdf/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { clientToday } from '@/lib/server/clients/client-day';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { renderText, type Payee } from '@/lib/server/dunning/reminder-message';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { callRouteRaw } from '../helpers/api-raw';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { pdfPages } from '../helpers/pdf-text';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * One family, RG, on today T with the default policy (levels at -3, 1, 15, 30, 60 days):
 * - O1 ₹20,000.00 due T-10: overdue
 * - P1 ₹44,142.13 due T-5, ₹10,000.00 of it in an open dispute: ₹34,142.13 overdue and asked for
 * - S1 ₹5,000.00 due T+2: due soon, inside the first level's window, not overdue
 * - RG2 (its second account) ₹3,000.00 received on account, not allocated
 * Overdue (credit buckets 1-4) = 20,000 + 44,142.13 = ₹64,142.13; net of money on account ₹61,142.13.
 * The reminder (level 2, "overdue", oldest 10 days) asks for the overdue less the disputed part:
 * 20,000 + 34,142.13 = ₹54,142.13, less the ₹3,000 on account = ₹51,142.13; S1 listed as due soon.
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;
let T: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'REMIND');
  clientId = created.clientId;
  T = await clientToday(database.db, clientId);
  const day = (n: number) => daysFrom(T, n);
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    today: T,
    files: [
      file(
        'obligors.csv',
        csv([
          'sys_obligor_code,name,parent_sys_obligor_code,email',
          'RG,Rao Group,,accounts@rao.example',
          'RG2,Rao Group Pune,RG,',
        ]),
      ),
      file(
        'invoices.csv',
        csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
          `O1,INV/O1,RG,INVOICE,${day(-40)},${day(-10)},20000,INR`,
          `P1,INV/P1,RG,INVOICE,${day(-35)},${day(-5)},44142.13,INR`,
          `S1,INV/S1,RG2,INVOICE,${day(-28)},${day(2)},5000,INR`,
        ]),
      ),
      file(
        'payments.csv',
        csv([
          'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
          `R1,,RG2,On Account,${day(-3)},3000`,
        ]),
      ),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  const [dispute] = await queryRows(
    database.db,
    sql`insert into disputes (client_id, sys_obligor_code, reason, amount, status, opened_on)
      values (${clientId}, 'RG', 'PRICING', 10000, 'OPEN', ${T}) returning id`,
    row({ id: col.int }),
  );
  await database.db.execute(
    sql`insert into dispute_invoices (client_id, dispute_id, sys_invoice_num) values (${clientId}, ${dispute!.id}, 'P1')`,
  );
  cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
}, 120_000);
afterAll(() => database?.dispose());

describe('what a reminder calls overdue', () => {
  it('asks for the overdue less the disputed part, and lists the bill due soon apart', async () => {
    const [rg] = await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T);
    expect(rg).toMatchObject({
      code: 'RG',
      oldestDays: 10,
      itemsDue: 54142.13,
      unallocated: -3000,
      amountDue: 51142.13,
    });
    expect(
      rg!.items.map((i) => [i.invoiceNum, i.outstanding, i.daysPastDue, i.dueSoon ?? false, i.disputed ?? 0]),
    ).toEqual([
      ['INV/O1', 20000, 10, false, 0],
      ['INV/P1', 34142.13, 5, false, 10000],
      ['INV/S1', 5000, -2, true, 0],
    ]);
    const payee = { code: 'REMIND', name: 'REMIND Traders Pvt Ltd' } as Payee;
    const { subject, text } = renderText(DEFAULT_POLICY.levels[1]!, payee, rg!);
    expect(subject).toBe('Payment reminder: ₹51,142.13 overdue from Rao Group');
    expect(text).toContain('₹34,142.13 (5 days overdue; ₹10,000.00 in dispute, not asked for)');
    expect(text).toContain('Due soon, not included in the amount due:');
    expect(text).toContain('₹5,000.00 (due in 2 days)');
    expect(text).not.toMatch(/INV\/S1[^\n]*overdue/);
  });

  it('is the overdue of the receivables list; the worklist names its net figure apart', async () => {
    const list = await callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie, query: { count: 10 } });
    expect(list.json.map((r: { sysObligorCode: string; overdue: number }) => [r.sysObligorCode, r.overdue])).toEqual([
      ['RG', 64142.13],
    ]);
    const worklist = await callRoute(worklistRoute, '/api/collections/worklist', { cookie });
    expect(worklist.json).toHaveLength(1);
    expect(worklist.json[0]).toMatchObject({ overdue: 64142.13, overdueNet: 61142.13, unallocated: -3000 });
    // what the reminder asks before the money on account, and the disputed part: the overdue
    const [rg] = await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T);
    expect(rg!.itemsDue + 10000).toBeCloseTo(worklist.json[0].overdue, 2);
  });

  it("is the reminder's PDF as its mail attaches it, for a customer the user sees and only when one is due", async () => {
    const pdf = (code?: string, as = cookie) =>
      callRouteRaw(reminderPdfRoute, '/api/dunning/reminder.pdf', { cookie: as, query: { sysObligorCode: code } });
    const res = await pdf('RG');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`reminder-RG-${T}.pdf`);
    const text = (await pdfPages(res.body)).join(' ');
    expect(text).toContain('Payment reminder');
    expect(text).toContain('Rao Group');
    expect(text).toContain('Please pay 51,142.13');
    expect(text).toMatch(/INV\/O1 .*INV\/P1 .*INV\/S1 /);
    expect(text).toContain('Page 1 of 1');
    // RG2 is an account of the family RG, reminded as the family: no reminder of its own.
    expect((await pdf('RG2')).status).toBe(404);
    expect((await pdf('NOPE')).status).toBe(404);
    expect((await pdf()).status).toBe(400);
    expect((await pdf('RG', '')).status).toBe(401);
    const other = await newClient(database.db, 'OTHERCO');
    const otherCookie = (await sessionCookieFor(database.db, other.email, PASSWORD)).cookie;
    expect((await pdf('RG', otherCookie)).status).toBe(404);
  });
});
