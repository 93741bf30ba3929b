import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { runImport } from '@/lib/server/imports/run-import';
import { sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, fingerprint, newClient, PASSWORD, TODAY, uploadBatch } from './helpers';

let database: TestDatabase;
let clientId: number;
let email: string;

/**
 * Good rows beside bad ones and their dependants: BAD has no name, C3's parent does not exist,
 * I4's amount is not a number; I2 and I3 belong to skipped obligors, R2 and R3 pay skipped invoices.
 */
const BATCH = {
  'obligors.csv': csv([
    'sys_obligor_code,name,parent_sys_obligor_code',
    'C1,Shree Ganesh Traders,',
    'C2,Patil Agencies,',
    'BAD,,',
    'C3,Kulkarni Stores,NOPE',
  ]),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    'I1,INV/1,C1,2026-10-01,2026-10-31,"10,000.00"',
    'I2,INV/2,BAD,2026-10-02,2026-11-01,5000',
    'I3,INV/3,C3,2026-10-03,2026-11-02,7000',
    'I4,INV/4,C2,2026-10-04,2026-11-03,abc',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,paid_date,amount',
    'R1,I1,2026-10-20,"4,000"',
    'R2,I2,2026-10-21,1000',
    'R3,I4,2026-10-22,500',
  ]),
};
const files = () => Object.entries(BATCH).map(([name, content]) => file(name, content));
const importBatch = (skipBadRows: boolean) =>
  runImport(database.db, { clientId, userId: null, source: 'CLI', files: files(), today: TODAY, skipBadRows });
const codes = async (table: 'obligors' | 'invoices' | 'payments', column: string) =>
  (
    await queryRows(
      database.db,
      sql`select ${sql.identifier(column)} as code from ${sql.identifier(table)}
    where client_id = ${clientId} order by 1`,
      row({ code: col.text }),
    )
  ).map((r) => r.code);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId, email } = await newClient(database.db, 'SKIP'));
});
afterAll(() => database?.dispose());

describe('skip bad rows', () => {
  it('is off by default: the same batch is refused and nothing is written', async () => {
    const before = await fingerprint(database.db, clientId);
    const report = await importBatch(false);
    expect(report.status).toBe('FAILED');
    expect(await fingerprint(database.db, clientId)).toBe(before);
  });

  it('imports the good rows, skips the bad ones and every row that depends on them, and says why', async () => {
    const report = await importBatch(true);
    expect(report.status).toBe('SUCCEEDED');
    expect(await codes('obligors', 'sys_obligor_code')).toEqual(['C1', 'C2']);
    expect(await codes('invoices', 'sys_invoice_num')).toEqual(['I1']);
    expect(await codes('payments', 'payment_ref')).toEqual(['R1']);
    expect(report.counts).toMatchObject({
      obligors: { rows: 4, inserted: 2, skipped: 2 },
      invoices: { rows: 4, inserted: 1, skipped: 3 },
      payments: { rows: 3, inserted: 1, skipped: 2 },
    });
    expect(report.skipped).toBe(7);
    const lines = report.errors.map((e) => `${e.file}:${e.line}`);
    for (const line of [
      'obligors.csv:4',
      'obligors.csv:5',
      'invoices.csv:3',
      'invoices.csv:4',
      'invoices.csv:5',
      'payments.csv:3',
      'payments.csv:4',
    ]) {
      expect(lines).toContain(line);
    }
    expect(report.errors).toContainEqual(
      expect.objectContaining({
        file: 'invoices.csv',
        line: 3,
        reason: 'obligor BAD is neither in obligors nor stored',
      }),
    );
    // The good invoice ages as usual: 10,000 less the 4,000 paid.
    const [i1] = await queryRows(
      database.db,
      sql`
      select paid_to_date::text as paid, status from invoices where client_id = ${clientId} and sys_invoice_num = 'I1'`,
      row({ paid: col.text, status: col.text }),
    );
    expect(i1).toEqual({ paid: '4000.00', status: 'OPEN' });
  });

  it('changes nothing when the same batch is imported again', async () => {
    const report = await importBatch(true);
    expect(report).toMatchObject({ status: 'SUCCEEDED', changes: 0, skipped: 7 });
  });

  it('still refuses a batch with an unreadable header', async () => {
    const report = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      skipBadRows: true,
      files: [file('invoices.csv', csv(['sys_invoice_num,colour', 'I9,red']))],
    });
    expect(report.status).toBe('FAILED');
  });

  it('is asked for in the upload with skipBadRows=true, and anything but true or false is a 400', async () => {
    const cookie = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const upload = (skip: string) => uploadBatch(cookie, BATCH, { skipBadRows: skip });
    const bad = await upload('yes');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { skipBadRows: 'true or false' } });
    const good = await upload('true');
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ status: 'SUCCEEDED', skipped: 7 });
  });
});
