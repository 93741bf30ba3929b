import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/bank/lines/[id]/apply/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { POST as runsPost } from '@/app/api/dunning/runs/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { ZBankLine, type TBankLine } from '@/lib/contract/bank';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { clientToday } from '@/lib/server/clients/client-day';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { csv, file, newClient, PASSWORD } from '../imports/helpers';

/**
 * After a bank line is applied, the rest of the product reads the receipt at once (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL). One family on today T: RG (Rao Group) and its second account
 * RG2.
 *   O1 RG  ₹20,000 due T-40   (31-60 days)
 *   O2 RG  ₹30,000 due T-20
 *   O3 RG2 ₹10,000 due T-5
 * Overdue ₹60,000. Yesterday's NEFT of ₹50,000 names INV/O1 and INV/O2: suggested, then applied.
 * After: overdue ₹10,000 (O3 alone, 1-30 days), the worklist's family ranks lower, the reminder
 * asks for ₹10,000 and lists O3 only.
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;
let T: string;

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await newClient(database.db, 'DOWNS');
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
          `O1,INV/O1,RG,INVOICE,${day(-70)},${day(-40)},20000,INR`,
          `O2,INV/O2,RG,INVOICE,${day(-50)},${day(-20)},30000,INR`,
          `O3,INV/O3,RG2,INVOICE,${day(-35)},${day(-5)},10000,INR`,
        ]),
      ),
    ],
  });
  expect(report.status).toBe('SUCCEEDED');
  cookie = (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie;
}, 120_000);
afterAll(() => database?.dispose());

async function upload(content: string) {
  const form = new FormData();
  form.append('file', new File([content], 'hdfc.csv', { type: 'text/csv' }));
  const response = await statementsRoute(
    new NextRequest('http://localhost:3000/api/bank/statements', { method: 'POST', body: form, headers: { cookie } }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

/** The figures each part of the product shows for the family. */
async function whatTheProductSays() {
  const list = await callRoute(receivablesRoute, '/api/v4/clients/receivables', { cookie, query: { count: 10 } });
  expect(list.status).toBe(200);
  const [family] = list.json as { sysObligorCode: string; overdue: number; outstanding: number }[];
  const worklist = await callRoute(worklistRoute, '/api/collections/worklist', { cookie });
  expect(worklist.status).toBe(200);
  const [entry] = worklist.json as {
    sysObligorCode: string;
    overdue: number;
    priority: number;
    oldestBucket: number;
  }[];
  const preview = await callRoute(runsPost, '/api/dunning/runs', { method: 'POST', cookie, body: { dryRun: true } });
  expect(preview.status).toBe(201);
  const [message] = preview.json.messages as { sysObligorCode: string; amountDue: number; status: string }[];
  const [candidate] = await reminderCandidates(database.db, clientId, DEFAULT_POLICY, T);
  return {
    ageing: { code: family?.sysObligorCode, overdue: family?.overdue, outstanding: family?.outstanding },
    worklist: {
      code: entry?.sysObligorCode,
      overdue: entry?.overdue,
      priority: entry?.priority,
      bucket: entry?.oldestBucket,
    },
    reminder: { code: message?.sysObligorCode, amountDue: message?.amountDue, status: message?.status },
    billsAskedFor: candidate?.items.filter((i) => !i.dueSoon).map((i) => i.invoiceNum),
  };
}

describe('an applied bank line, as the rest of the product reads it', () => {
  it('the ageing drops, the worklist entry of the family changes, the reminder no longer lists the paid bills', async () => {
    const before = await whatTheProductSays();
    expect(before).toMatchObject({
      ageing: { code: 'RG', overdue: 60_000, outstanding: 60_000 },
      worklist: { code: 'RG', overdue: 60_000, bucket: 2 },
      reminder: { code: 'RG', amountDue: 60_000, status: 'PREVIEW' },
      billsAskedFor: ['INV/O1', 'INV/O2', 'INV/O3'],
    });

    const yesterday = daysFrom(T, -1);
    const answer = await upload(
      csv([
        'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
        `${dmy(yesterday)},NEFT CR-SBIN0001234-RAO GROUP-INV O1 INV O2-SBINN52026110212345678,SBINN52026110212345678,${dmy(yesterday)},,"50,000.00","1,50,000.00"`,
      ]),
    );
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ suggested: 1 });
    const lines = await callRoute(linesRoute, '/api/bank/lines', { cookie, query: { status: 'SUGGESTED' } });
    const [line] = (lines.json as unknown[]).map((l) => ZBankLine.parse(l)) as TBankLine[];
    expect(line).toMatchObject({
      sysObligorCode: 'RG',
      obligorName: 'Rao Group',
      allocations: [
        { sysInvoiceNum: 'O1', amount: 20_000 },
        { sysInvoiceNum: 'O2', amount: 30_000 },
      ],
      invoiceNums: { O1: 'INV/O1', O2: 'INV/O2' },
    });
    const applied = await callRoute(applyRoute, `/api/bank/lines/${line!.id}/apply`, {
      method: 'POST',
      cookie,
      params: { id: String(line!.id) },
      body: { sysObligorCode: 'RG', allocations: line!.allocations },
    });
    expect(applied.status).toBe(200);

    const after = await whatTheProductSays();
    expect(after).toMatchObject({
      ageing: { code: 'RG', overdue: 10_000, outstanding: 10_000 },
      worklist: { code: 'RG', overdue: 10_000, bucket: 1 },
      reminder: { code: 'RG', amountDue: 10_000, status: 'PREVIEW' },
      billsAskedFor: ['INV/O3'],
    });
    expect(after.worklist.priority).toBeLessThan(before.worklist.priority!);
  });
});
