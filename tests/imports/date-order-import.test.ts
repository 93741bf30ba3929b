import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { DateOrder } from '@/lib/server/imports/values';
import { runImport } from '@/lib/server/imports/run-import';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, fingerprint, newClient, PASSWORD, TODAY, uploadBatch } from './helpers';

/**
 * One small ledger written day-first and month-first. As of 20/11/2026 (buckets 30/60/90), by hand:
 *   D1 C1 issued 05/09, due 05/10  10,000  4,000 paid 20/10   6,000 open, 46 days past due (31-60)
 *   D2 C1 issued 14/10, due 13/11  25,000                     25,000 open,  7 days past due (1-30)
 *   D3 C2 issued 03/08, due 02/09  40,000  paid whole 01/09        0
 * Outstanding 31,000, all of it overdue.
 */
const OBLIGORS = csv(['sys_obligor_code,name', 'C1,Shree Ganesh Traders', 'C2,Patil Agencies']);
const DAY_FIRST = {
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    'D1,INV/D1,C1,05/09/2026,05/10/2026,"10,000.00"',
    'D2,INV/D2,C1,14/10/2026,13/11/2026,25000',
    'D3,INV/D3,C2,3/8/2026,2/9/2026,40000',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,paid_date,amount',
    'P1,D1,20/10/2026,4000',
    'P2,D3,1/9/2026,40000',
  ]),
};
const MONTH_FIRST = {
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    'D1,INV/D1,C1,09/05/2026,10/05/2026,"10,000.00"',
    'D2,INV/D2,C1,10/14/2026,11/13/2026,25000',
    'D3,INV/D3,C2,8/3/2026,9/2/2026,40000',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,paid_date,amount',
    'P1,D1,10/20/2026,4000',
    'P2,D3,9/1/2026,40000',
  ]),
};
/** Month-first, but D4's issue date was typed day-first: no order reads every row. */
const MIXED_INVOICES = csv([
  'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
  'D1,INV/D1,C1,02/10/2026,,1000',
  'D4,INV/D4,C1,13/10/2026,,1000',
  'D2,INV/D2,C1,10/14/2026,11/13/2026,25000',
]);
const MIXED_MESSAGE =
  'invoices.csv, issue_date: 02/10/2026 and 13/10/2026 read day-first; 10/14/2026 reads month-first only: pass --date-order mdy or fix the file';

let database: TestDatabase;
const batchFiles = (batch: Record<string, string>) =>
  Object.entries({ 'obligors.csv': OBLIGORS, ...batch }).map(([name, content]) => file(name, content));
const importInto = (
  clientId: number,
  batch: Record<string, string>,
  more: { dateOrder?: DateOrder; skipBadRows?: boolean } = {},
) => runImport(database.db, { clientId, userId: null, source: 'CLI', files: batchFiles(batch), today: TODAY, ...more });

/** The client's ageing today without its id, and its documents' dates. */
async function ledgerOf(clientId: number) {
  const ageing = (
    await database.db.execute(sql`select * from client_ageing where client_id = ${clientId} and as_of_date = ${TODAY}`)
  ).rows.map(({ client_id: _, ...rest }) => rest);
  const dates = await queryRows(
    database.db,
    sql`select sys_invoice_num as num, issue_date::text as issued, due_date::text as due from invoices
    where client_id = ${clientId} order by 1`,
    row({ num: col.text, issued: col.text, due: col.text }),
  );
  return { ageing, dates };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

describe('date order in an import', () => {
  it('a month-first file with --date-order mdy ages as its day-first copy', async () => {
    const dayFirst = await newClient(database.db, 'DMY');
    const monthFirst = await newClient(database.db, 'MDY');
    expect(await importInto(dayFirst.clientId, DAY_FIRST)).toMatchObject({ status: 'SUCCEEDED', warnings: [] });
    expect(await importInto(monthFirst.clientId, MONTH_FIRST, { dateOrder: 'mdy' })).toMatchObject({
      status: 'SUCCEEDED',
      warnings: [],
    });
    const a = await ledgerOf(dayFirst.clientId);
    expect(a.dates).toEqual([
      { num: 'D1', issued: '2026-09-05', due: '2026-10-05' },
      { num: 'D2', issued: '2026-10-14', due: '2026-11-13' },
      { num: 'D3', issued: '2026-08-03', due: '2026-09-02' },
    ]);
    expect(a.ageing).toHaveLength(1);
    expect(a.ageing[0]).toMatchObject({ outstanding: '31000.00', overdue: '31000.00' });
    expect(await ledgerOf(monthFirst.clientId)).toEqual(a);
  });

  it('a month-first file without an order is told month-first from its values, and says so', async () => {
    const told = await newClient(database.db, 'TOLD');
    const report = await importInto(told.clientId, MONTH_FIRST);
    expect(report.status).toBe('SUCCEEDED');
    expect(report.warnings).toEqual([
      'invoices.csv: dates read month-first (issue_date 10/14/2026 on line 3 can only be month-first)',
      'payments.csv: dates read month-first (paid_date 10/20/2026 on line 2 can only be month-first)',
    ]);
    const dayFirst = await queryRows(database.db, sql`select id from clients where code = 'DMY'`, row({ id: col.int }));
    expect(await ledgerOf(told.clientId)).toEqual(await ledgerOf(dayFirst[0]!.id));
  });

  it('a file mixing both orders is refused whole with one message, skip bad rows or not', async () => {
    const mixed = await newClient(database.db, 'MIX');
    const before = await fingerprint(database.db, mixed.clientId);
    for (const skipBadRows of [false, true]) {
      const report = await importInto(mixed.clientId, { 'invoices.csv': MIXED_INVOICES }, { skipBadRows });
      expect(report).toMatchObject({ status: 'FAILED', errorCount: 1 });
      expect(report.errors).toEqual([{ file: 'invoices.csv', line: 0, column: 'issue_date', reason: MIXED_MESSAGE }]);
    }
    expect(await fingerprint(database.db, mixed.clientId)).toBe(before);
  });

  it('with the order given, skip bad rows leaves out the rows that do not read in it, and only them', async () => {
    const given = await newClient(database.db, 'GIVEN');
    const report = await importInto(
      given.clientId,
      { 'invoices.csv': MIXED_INVOICES },
      { skipBadRows: true, dateOrder: 'mdy' },
    );
    expect(report).toMatchObject({ status: 'SUCCEEDED', skipped: 1 });
    expect(report.errors).toEqual([
      {
        file: 'invoices.csv',
        line: 3,
        column: 'issue_date',
        reason: '"13/10/2026" is not a calendar date month-first (it reads day-first only)',
      },
    ]);
    expect((await ledgerOf(given.clientId)).dates).toEqual([
      { num: 'D1', issued: '2026-02-10', due: '2026-02-10' },
      { num: 'D2', issued: '2026-10-14', due: '2026-11-13' },
    ]);
  });

  it('a file whose dates all read both ways is read day-first, and the report says so', async () => {
    const ambiguous = await newClient(database.db, 'AMBI');
    const report = await importInto(ambiguous.clientId, {
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
        'A1,INV/A1,C1,02/10/2026,2026-11-01,1000',
        'A2,INV/A2,C2,3/11/2026,,500',
      ]),
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(report.warnings).toEqual([
      'invoices.csv, issue_date: every date reads both ways (02/10/2026, 3/11/2026): read day-first; pass --date-order mdy if the file is month-first',
    ]);
    expect((await ledgerOf(ambiguous.clientId)).dates).toEqual([
      { num: 'A1', issued: '2026-10-02', due: '2026-11-01' },
      { num: 'A2', issued: '2026-11-03', due: '2026-11-03' },
    ]);
  });

  it('an ambiguous file takes the order its batch proves: month-first invoices, payments all 12 or less', async () => {
    const batch = await newClient(database.db, 'BATCH');
    const report = await importInto(batch.clientId, {
      'invoices.csv': MONTH_FIRST['invoices.csv'],
      'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,D1,10/2/2026,4000']),
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(report.warnings).toEqual([
      'invoices.csv: dates read month-first (issue_date 10/14/2026 on line 3 can only be month-first)',
      'payments.csv, paid_date: every date reads both ways (10/2/2026): read month-first, as invoices.csv',
    ]);
    const paid = await queryRows(
      database.db,
      sql`select paid_date::text as d from payments where client_id = ${batch.clientId}`,
      row({ d: col.text }),
    );
    expect(paid).toEqual([{ d: '2026-10-02' }]);
  });

  it('the upload takes dateOrder dmy or mdy; anything else is a 400 naming the field', async () => {
    const up = await newClient(database.db, 'UPL');
    const { cookie } = await sessionCookieFor(database.db, up.email, PASSWORD);
    const upload = (order: string) =>
      uploadBatch(cookie, { 'obligors.csv': OBLIGORS, ...MONTH_FIRST }, { dateOrder: order });
    const bad = await upload('ymd');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { dateOrder: 'dmy or mdy' } });
    const wrong = await upload('dmy');
    expect(await wrong.json()).toMatchObject({ status: 'FAILED' });
    const good = await upload('mdy');
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ status: 'SUCCEEDED', warnings: [] });
    // The upload rebuilds its rollups in the background: let it end before the database closes.
    await waitForRollups(database.db, up.clientId);
  });
});
