import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as applyRoute } from '@/app/api/bank/lines/[id]/apply/route';
import { POST as undoRoute } from '@/app/api/bank/lines/[id]/undo/route';
import { GET as linesRoute } from '@/app/api/bank/lines/route';
import { GET as settingsRoute, PUT as saveSettingsRoute } from '@/app/api/bank/settings/route';
import { POST as statementsRoute } from '@/app/api/bank/statements/route';
import { ZBankLine, type TBankLine } from '@/lib/contract/bank';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { latestAdvices } from '@/lib/server/customer-door/remittances';
import { runImport } from '@/lib/server/imports/run-import';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { csv, file, handClientDatabase, newClient } from '../imports/helpers';

// Remittance advices ("I have paid") as the first evidence of cash application, through the routes
// on PGlite and on PostgreSQL. No narration names an invoice or a customer, and no payer is learned:
// only the advices tell whose bills the credits pay. Auto-apply at 0.9.
//  L1 NEFT 20,000, UTR SBINN52026110212345678; SG1's advice gives that UTR in lower case for I-902
//     (20,000): by reference, 0.97, MATCHED and applied at upload.
//  L2 IMPS 12,000 on 03/11; KA1's advice of 01/11 of 12,000 for I-912 gives another reference: by
//     amount and day, 0.75, SUGGESTED.
//  L3 UPI 30,000, reference 0000430799999999; KA1's advice says 430799999999 (no leading zeros) and
//     29,000 for I-911 (30,000): the reference wins, I-911 settled exactly, MATCHED.
//  L4 NEFT 12,000 on 20/11: an advice of 12,000 (KA1's, 01/11) is 19 days before: no evidence, UNMATCHED.
//  An advice of another client with L1's UTR is never read.
const STATEMENT = csv([
  'HDFC BANK Ltd.,,,,,,',
  'Account No :50200088880000,,,,,,',
  ',,,,,,',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '********,********,********,********,********,********,********',
  '02/11/26,NEFT CR-SBIN0001234-GANESH AND SONS-PAYMENT-SBINN52026110212345678,SBINN52026110212345678,02/11/26,,"20,000.00","5,20,000.00"',
  '03/11/26,IMPS-431012345678-SUNRISE FOODS-KKBK-XXXXXXXX1234-PAYMENT,0000431012345678,03/11/26,,"12,000.00","5,32,000.00"',
  '04/11/26,UPI-SUNRISE FOODS-sunrise@okaxis-UTIB0000123-430799999999-PAYMENT,0000430799999999,04/11/26,,"30,000.00","5,62,000.00"',
  '20/11/26,NEFT CR-UTIB0000456-RAMESH ENTERPRISES-PAYMENT-UTIBN52026112098765432,UTIBN52026112098765432,20/11/26,,"12,000.00","5,74,000.00"',
]);

const LEDGER = {
  'obligors.csv': csv(['sys_obligor_code,name', 'SG1,Shree Ganesh Traders', 'KA1,Kaveri Agro Foods']),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,taxable_amount',
    'I-901,INV/2026/0901,SG1,2026-09-01,2026-10-01,50000.00,',
    'I-902,INV/2026/0902,SG1,2026-10-01,2026-10-31,20000.00,',
    'I-911,INV/2026/0911,KA1,2026-09-01,2026-10-01,30000.00,',
    'I-912,INV/2026/0912,KA1,2026-10-01,2026-10-31,12000.00,',
  ]),
};

let database: TestDatabase;
let clientId: number;
let admin: string;
let lines: TBankLine[];
const advice: Record<string, number> = {};

async function addAdvice(
  client: number,
  code: string,
  amount: string,
  paidOn: string,
  reference: string,
  bills: string[],
) {
  const [r] = await queryRows(
    database.db,
    sql`insert into remittance_advices (client_id, sys_obligor_code, amount, paid_on, reference, invoices, holds_until)
        values (${client}, ${code}, ${amount}::numeric, ${paidOn}::date, ${reference},
          ${sql`array[${sql.join(
            bills.map((b) => sql`${b}`),
            sql`, `,
          )}]::text[]`}, '2026-11-30'::date)
        returning id`,
    row({ id: col.int }),
  );
  return r!.id;
}

const adviceState = async (id: number) =>
  (
    await queryRows(
      database.db,
      sql`select status, line_id as "lineId" from remittance_advices where id = ${id}`,
      row({ status: col.text, lineId: col.int.nullable() }),
    )
  )[0];

const apply = (id: number, body: unknown) =>
  callRoute(applyRoute, `/api/bank/lines/${id}/apply`, {
    method: 'POST',
    cookie: admin,
    params: { id: String(id) },
    body,
  });
const undo = (id: number) =>
  callRoute(undoRoute, `/api/bank/lines/${id}/undo`, { method: 'POST', cookie: admin, params: { id: String(id) } });

async function allLines(): Promise<TBankLine[]> {
  const answer = await callRoute(linesRoute, '/api/bank/lines', { cookie: admin, query: { count: '50' } });
  expect(answer.status).toBe(200);
  return (answer.json as unknown[]).map((l) => ZBankLine.parse(l)).sort((a, b) => a.id - b.id);
}

beforeAll(async () => {
  const setup = await handClientDatabase();
  database = setup.database;
  clientId = setup.hand.clientId;
  admin = setup.cookie;
  const report = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    files: Object.entries(LEDGER).map(([name, content]) => file(name, content)),
  });
  expect(report.status).toBe('SUCCEEDED');
  const other = await newClient(database.db, 'OTHR');
  await runImport(database.db, {
    clientId: other.clientId,
    userId: null,
    source: 'CLI',
    files: [file('obligors.csv', csv(['sys_obligor_code,name', 'ZZ1,Other Customer']))],
  });
  advice.other = await addAdvice(other.clientId, 'ZZ1', '20000', '2026-11-01', 'SBINN52026110212345678', ['X-1']);
  advice.sg = await addAdvice(clientId, 'SG1', '20000', '2026-11-01', 'sbinn52026110212345678', ['I-902']);
  advice.kaAmount = await addAdvice(clientId, 'KA1', '12000', '2026-11-01', 'CHQ 771234', ['I-912']);
  advice.kaReference = await addAdvice(clientId, 'KA1', '29000', '2026-11-03', '430799999999', ['I-911']);
  const current = (await callRoute(settingsRoute, '/api/bank/settings', { cookie: admin })).json as object;
  const saved = await callRoute(saveSettingsRoute, '/api/bank/settings', {
    method: 'PUT',
    cookie: admin,
    body: { ...current, autoApplyAbove: 0.9 },
  });
  expect(saved.status).toBe(200);
}, 120_000);
afterAll(() => database?.close());

describe('remittance advices as evidence', () => {
  it('match the credits they fit at upload, by reference (applied) or by amount and day (suggested)', async () => {
    const form = new FormData();
    form.append('file', new File([STATEMENT], 'hdfc-nov.csv', { type: 'text/csv' }));
    const response = await statementsRoute(
      new NextRequest('http://localhost:3000/api/bank/statements', {
        method: 'POST',
        body: form,
        headers: { cookie: admin },
      }),
      { params: Promise.resolve({}) },
    );
    const outcome = await response.json();
    expect(response.status, JSON.stringify(outcome)).toBe(201);
    expect(outcome).toMatchObject({ lines: 4, matched: 2, suggested: 1, unmatched: 1 });
    lines = await allLines();
    const [l1, l2, l3, l4] = lines;
    // What the matcher said of each line (an applied line shows its receipt instead).
    const said = await queryRows(
      database.db,
      sql`select s->>'confidence' as confidence, s->'reasons'->>0 as reason
          from bank_lines, jsonb_array_elements(suggestions) with ordinality as x(s, n)
          where client_id = ${clientId} and n = 1 order by id`,
      row({ confidence: col.text, reason: col.text }),
    );
    expect(said).toEqual([
      {
        confidence: '0.97',
        reason:
          "the customer's remittance advice of 01/11/2026 (reference sbinn52026110212345678) names INV/2026/0902 (I-902)",
      },
      {
        confidence: '0.75',
        reason: "the customer's remittance advice of 01/11/2026 (the same amount) names INV/2026/0912 (I-912)",
      },
      {
        confidence: '0.97',
        reason: "the customer's remittance advice of 03/11/2026 (reference 430799999999) names INV/2026/0911 (I-911)",
      },
    ]);
    expect(l1).toMatchObject({
      status: 'MATCHED',
      sysObligorCode: 'SG1',
      allocations: [{ sysInvoiceNum: 'I-902', amount: 20_000 }],
    });
    expect(l2).toMatchObject({
      status: 'SUGGESTED',
      sysObligorCode: 'KA1',
      confidence: 0.75,
      allocations: [{ sysInvoiceNum: 'I-912', amount: 12_000 }],
    });
    expect(l3).toMatchObject({
      status: 'MATCHED',
      sysObligorCode: 'KA1',
      allocations: [{ sysInvoiceNum: 'I-911', amount: 30_000 }],
    });
    expect(l4).toMatchObject({ status: 'UNMATCHED', allocations: [] });
    // Applied at upload: their advices are matched to their lines; the other client's is untouched.
    expect(await adviceState(advice.sg!)).toEqual({ status: 'MATCHED', lineId: l1!.id });
    expect(await adviceState(advice.kaReference!)).toEqual({ status: 'MATCHED', lineId: l3!.id });
    expect(await adviceState(advice.kaAmount!)).toEqual({ status: 'OPEN', lineId: null });
    expect(await adviceState(advice.other!)).toEqual({ status: 'OPEN', lineId: null });
  });

  it('applying a line marks its advice MATCHED, and the worklist stops saying the customer paid', async () => {
    expect((await latestAdvices(database.db, clientId, ['KA1'])).get('KA1')?.id).toBe(advice.kaAmount);
    const l2 = lines[1]!;
    const applied = await apply(l2.id, { sysObligorCode: 'KA1', allocations: l2.allocations });
    expect(applied.status).toBe(200);
    expect(await adviceState(advice.kaAmount!)).toEqual({ status: 'MATCHED', lineId: l2.id });
    expect((await latestAdvices(database.db, clientId, ['KA1'])).has('KA1')).toBe(false);
  });

  it('undoing the line opens its advice again', async () => {
    const l1 = lines[0]!;
    const undone = await undo(l1.id);
    expect(undone.status).toBe(200);
    expect(await adviceState(advice.sg!)).toEqual({ status: 'OPEN', lineId: null });
    expect((await latestAdvices(database.db, clientId, ['SG1'])).get('SG1')?.id).toBe(advice.sg);
    // Applied again by hand: matched again.
    const back = (await allLines())[0]!;
    expect(back).toMatchObject({ status: 'SUGGESTED', confidence: 0.97 });
    const again = await apply(l1.id, { sysObligorCode: 'SG1', allocations: back.allocations });
    expect(again.status).toBe(200);
    expect(await adviceState(advice.sg!)).toEqual({ status: 'MATCHED', lineId: l1.id });
  });
});
