import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/bank/lines/[id]/apply/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { POST as receiveRoute } from '@/app/api/cheques/route';
import { POST as depositRoute } from '@/app/api/cheques/[id]/deposit/route';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import { ZBankLine, type TBankLine } from '@/lib/contract/bank';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { s138Dates } from '@/lib/domain/cheques';
import { callRoute } from '../helpers/api';
import { CLIENT_TODAY, day, ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { csv } from '../imports/helpers';

/**
 * A cheque deposited, applied, then returned unpaid by the bank (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL). Shree Ganesh Traders (SG1) owes INV/1 ₹30,000 (due T-30) and INV/2 ₹20,000
 * (due T-20); its cheque 004512 for ₹50,000 is in the register, deposited on T-5.
 *   Statement 1, T-4: CHQ DEP 004512 ₹50,000, applied by hand to both invoices.
 *   Statement 2, T-2: O/W RTN CHQ 004512 FUNDS INSUFFICIENT ₹50,000.
 * The return is RETURNED, linked to the deposit and to receipt BANK-{deposit}, which is out of the
 * ledger again: both invoices open, the family's overdue ₹50,000 again; the register's cheque is
 * RETURNED ("Funds insufficient") with its three s138 tasks and counted on the worklist.
 */
let world: LedgerClient;

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const HEAD = [
  'HDFC BANK Ltd.,,,,,,',
  'Account No :50200012345678,,,,,,',
  ',,,,,,',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '********,********,********,********,********,********,********',
];

beforeAll(async () => {
  world = await ledgerClient(
    'CHQRET',
    {
      'obligors.csv': csv(['sys_obligor_code,name', 'SG1,Shree Ganesh Traders']),
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
        `I-1,INV/1,SG1,${day(-60)},${day(-30)},30000,INVOICE`,
        `I-2,INV/2,SG1,${day(-50)},${day(-20)},20000,INVOICE`,
      ]),
    },
    CLIENT_TODAY,
  );
  expect(world.report.status, JSON.stringify(world.report)).toBe('SUCCEEDED');
}, 120_000);
afterAll(() => world?.database.dispose());

async function upload(name: string, content: string) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/csv' }));
  form.append('account', 'HDFC current');
  const response = await statementsRoute(
    new NextRequest('http://localhost:3000/api/bank/statements', {
      method: 'POST',
      body: form,
      headers: { cookie: world.cookie },
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: await response.json() };
}

async function lines(): Promise<TBankLine[]> {
  const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie: world.cookie, query: { count: '50' } });
  return (answer.json as unknown[]).map((l) => ZBankLine.parse(l));
}

const paid = () =>
  queryRows(
    world.database.db,
    sql`select sys_invoice_num as n, paid_to_date::text as paid from invoices where client_id = ${world.clientId} order by 1`,
    row({ n: col.text, paid: col.text }),
  );

const family = async () => {
  const answer = await callRoute(worklistRoute, '/api/collections/worklist', { cookie: world.cookie });
  const [entry] = answer.json as { overdue: number; chequesReturned: number }[];
  return { overdue: entry?.overdue ?? 0, chequesReturned: entry?.chequesReturned ?? 0 };
};

describe('a cheque deposited, applied and returned unpaid', () => {
  let chequeId: number;
  let depositId: number;

  it('the deposit is applied to the invoices the cheque pays', async () => {
    const received = await callRoute(receiveRoute, '/api/cheques', {
      method: 'POST',
      cookie: world.cookie,
      body: {
        sysObligorCode: 'SG1',
        chequeNumber: '004512',
        bankName: 'HDFC Bank',
        chequeDate: day(-6),
        amount: 50_000,
        sysInvoiceNums: ['I-1', 'I-2'],
      },
    });
    expect(received.status, JSON.stringify(received.json)).toBe(201);
    chequeId = received.json.id;
    const deposited = await callRoute(depositRoute, `/api/cheques/${chequeId}/deposit`, {
      method: 'POST',
      cookie: world.cookie,
      params: { id: String(chequeId) },
      body: { date: day(-5) },
    });
    expect(deposited.status, JSON.stringify(deposited.json)).toBe(200);

    const first = await upload(
      'hdfc-1.csv',
      csv([
        ...HEAD,
        `${dmy(day(-4))},CHQ DEP 004512 SHREE GANESH TRADERS MICR 411240002,0000000000004512,${dmy(day(-4))},,"50,000.00","5,50,000.00"`,
      ]),
    );
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const [deposit] = await lines();
    depositId = deposit!.id;
    const applied = await callRoute(applyRoute, `/api/bank/lines/${depositId}/apply`, {
      method: 'POST',
      cookie: world.cookie,
      params: { id: String(depositId) },
      body: {
        sysObligorCode: 'SG1',
        allocations: [
          { sysInvoiceNum: 'I-1', amount: 30_000 },
          { sysInvoiceNum: 'I-2', amount: 20_000 },
        ],
      },
    });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect(await paid()).toEqual([
      { n: 'I-1', paid: '30000.00' },
      { n: 'I-2', paid: '20000.00' },
    ]);
    expect(await family()).toEqual({ overdue: 0, chequesReturned: 0 });
  });

  it('the return reverses the receipt, reopens the invoices and marks the register cheque returned with its s138 tasks', async () => {
    const second = await upload(
      'hdfc-2.csv',
      csv([
        ...HEAD,
        `${dmy(day(-2))},O/W RTN CHQ 004512 FUNDS INSUFFICIENT,0000000000004512,${dmy(day(-2))},"50,000.00",,"5,00,000.00"`,
      ]),
    );
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    expect(second.json).toMatchObject({ lines: 1, ignored: 1, suggested: 0, unmatched: 0 });

    const [deposit, back] = await lines();
    expect(deposit).toMatchObject({ id: depositId, status: 'IGNORED', allocations: [] });
    expect(back).toMatchObject({
      status: 'RETURNED',
      amount: -50_000,
      sysObligorCode: 'SG1',
      obligorName: 'Shree Ganesh Traders',
      reasons: [
        `cheque 004512 returned unpaid: receipt BANK-${depositId} taken out of the ledger, its invoices open again`,
      ],
    });
    const [link] = await queryRows(
      world.database.db,
      sql`select reverses_line_id as "reverses", reversed_receipt as receipt from bank_lines
          where client_id = ${world.clientId} and id = ${back!.id}`,
      row({ reverses: col.int, receipt: col.text }),
    );
    expect(link).toEqual({ reverses: depositId, receipt: `BANK-${depositId}` });

    // The ledger as before the deposit: no receipt, no allocation, both invoices open.
    expect(await paid()).toEqual([
      { n: 'I-1', paid: '0.00' },
      { n: 'I-2', paid: '0.00' },
    ]);
    const left = await queryRows(
      world.database.db,
      sql`select payment_ref as ref from receipts where client_id = ${world.clientId}
          union all select payment_ref from allocations where client_id = ${world.clientId}
          union all select payment_ref from bank_receipts where client_id = ${world.clientId}`,
      row({ ref: col.text }),
    );
    expect(left).toEqual([]);

    // The register: returned as a person would have marked it, its s138 clock started.
    const [cheque] = await queryRows(
      world.database.db,
      sql`select status, returned_on::text as "returnedOn", return_reason as reason from cheques
          where client_id = ${world.clientId} and id = ${chequeId}`,
      row({ status: col.text, returnedOn: col.day, reason: col.text }),
    );
    expect(cheque).toEqual({ status: 'RETURNED', returnedOn: day(-2), reason: 'Funds insufficient' });
    const clock = s138Dates(day(-2));
    const tasks = await queryRows(
      world.database.db,
      sql`select name, due_date::text as due from tasks where client_id = ${world.clientId} and sys_obligor_code = 'SG1'
          order by due_date, id`,
      row({ name: col.text, due: col.day }),
    );
    expect(tasks.map((t) => t.due)).toEqual([clock.noticeDueBy, clock.drawerPaysBy, clock.complaintDueBy]);
    expect(tasks[0]!.name).toBe(
      's138 notice due: cheque 004512 (HDFC Bank, ₹50,000.00) of Shree Ganesh Traders returned "Funds insufficient"',
    );
    expect(await family()).toEqual({ overdue: 50_000, chequesReturned: 1 });

    const audit = await queryRows(
      world.database.db,
      sql`select action from audit_log where client_id = ${world.clientId}
          and action in ('cash_applied', 'cash_reversed', 'cheque_returned') order by id`,
      row({ action: col.text }),
    );
    expect(audit.map((a) => a.action)).toEqual(['cash_applied', 'cash_reversed', 'cheque_returned']);
  });
});
