import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '@/lib/db/schema';
import { runImport } from '@/lib/server/imports/run-import';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, fingerprint, handFiles, HAND_BATCH, newClient, TODAY } from './helpers';

// Bad rows: each named with its file, line, column and reason, and nothing of the batch written.

let database: TestDatabase;

const importInto = (clientId: number, files: ReturnType<typeof handFiles>) =>
  runImport(database.db, { clientId, userId: null, source: 'CLI', files, today: TODAY });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

describe('bad rows', () => {
  const cases: [string, Record<string, string>, { file: string; line: number; column: string; reason: RegExp }][] = [
    [
      'a missing required value',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('I6,INV/I6,S1', 'I6,,S1') },
      { file: 'invoices.csv', line: 8, column: 'invoice_num', reason: /required/ },
    ],
    [
      'a date that is not a date',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('2026-10-01', '2026-02-30') },
      { file: 'payments.csv', line: 5, column: 'paid_date', reason: /not a calendar date/ },
    ],
    [
      'an amount with 3 decimals',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('9000.00', '9000.001') },
      { file: 'invoices.csv', line: 7, column: 'amount', reason: /more than 2 decimals/ },
    ],
    [
      'a negative amount',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('5000.00', '-5000.00') },
      { file: 'payments.csv', line: 5, column: 'amount', reason: /negative/ },
    ],
    [
      'a taxable value above the amount',
      {
        'invoices.csv': HAND_BATCH['invoices.csv']
          .replace('amount,currency', 'amount,currency,taxable_amount')
          .replace('9000.00,', '9000.00,,9000.01'),
      },
      {
        file: 'invoices.csv',
        line: 7,
        column: 'taxable_amount',
        reason: /taxable value 9000\.01 is above the amount 9000\.00/,
      },
    ],
    [
      'a rating of 4',
      { 'ratings.csv': HAND_BATCH['ratings.csv'].replace('01-01-2026,2', '01-01-2026,4') },
      { file: 'ratings.csv', line: 4, column: 'rating', reason: /not a rating/ },
    ],
    [
      'an unknown obligor',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('I6,INV/I6,S1', 'I6,INV/I6,S9') },
      { file: 'invoices.csv', line: 8, column: 'sys_obligor_code', reason: /obligor S9 is neither/ },
    ],
    [
      'an unknown invoice',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4', 'R4,I44') },
      { file: 'payments.csv', line: 5, column: 'sys_invoice_num', reason: /invoice I44 is neither/ },
    ],
    [
      'payments above the invoice',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4,2026-10-01,5000.00', 'R4,I4,2026-10-01,15000.01') },
      { file: 'payments.csv', line: 5, column: 'amount', reason: /total 15000\.01, above its amount 15000\.00/ },
    ],
    [
      'a duplicate key',
      { 'payments.csv': HAND_BATCH['payments.csv'].replace('R4,I4', 'R3,I4') },
      { file: 'payments.csv', line: 5, column: 'payment_ref', reason: /payment_ref R3 also on line 4/ },
    ],
    [
      'an unknown column',
      { 'ratings.csv': HAND_BATCH['ratings.csv'].replace('rating_date,rating', 'rating_date,rating,grade') },
      { file: 'ratings.csv', line: 1, column: '', reason: /unknown column grade/ },
    ],
    [
      'a missing required column',
      { 'ratings.csv': csv(['sys_obligor_code,rating', 'C1,1']) },
      { file: 'ratings.csv', line: 1, column: '', reason: /missing required column rating_date/ },
    ],
    [
      'another currency',
      { 'invoices.csv': HAND_BATCH['invoices.csv'].replace('"7,500.00",', '"7,500.00",USD') },
      { file: 'invoices.csv', line: 8, column: 'currency', reason: /not the client's currency INR/ },
    ],
    [
      'an unknown parent',
      { 'obligors.csv': HAND_BATCH['obligors.csv'].replace('C1,Child One,P1', 'C1,Child One,P7') },
      { file: 'obligors.csv', line: 4, column: 'parent_sys_obligor_code', reason: /parent obligor P7 is neither/ },
    ],
    [
      'a grandchild',
      { 'obligors.csv': `${HAND_BATCH['obligors.csv']}G1,Grandchild,C1,,\r\n` },
      { file: 'obligors.csv', line: 6, column: 'parent_sys_obligor_code', reason: /itself a child of P1/ },
    ],
    [
      'a field officer who is not a user',
      { 'obligors.csv': csv(['sys_obligor_code,name,guest_email', 'S1,Solo Stores,nobody@else.test']) },
      { file: 'obligors.csv', line: 2, column: 'guest_email', reason: /no field officer with email nobody@else.test/ },
    ],
    [
      'a file of no known kind',
      { 'customers.csv': 'a,b\r\n' },
      { file: 'customers.csv', line: 0, column: '', reason: /not an import file/ },
    ],
  ];

  for (const [label, overrides, expected] of cases) {
    it(`${label}: named with file, line, column and reason; nothing written`, async () => {
      const { clientId } = await newClient(database.db, `BAD${cases.findIndex((c) => c[0] === label)}`);
      const before = await fingerprint(database.db, clientId);
      const report = await importInto(clientId, handFiles(overrides));
      expect(report.status).toBe('FAILED');
      expect(report.errors).toContainEqual({ ...expected, reason: expect.stringMatching(expected.reason) });
      expect(await fingerprint(database.db, clientId)).toBe(before);
      const [row] = await database.db
        .select()
        .from(imports)
        .where(and(eq(imports.clientId, clientId), eq(imports.id, report.id)));
      expect(row).toMatchObject({ status: 'FAILED', errorCount: report.errorCount });
    });
  }

  it('lists every bad row up to the limit and counts them all', async () => {
    const { clientId } = await newClient(database.db, 'MANYBAD');
    const rows = Array.from({ length: 700 }, (_, i) => `X${i},not-a-date,2`);
    const report = await importInto(clientId, [
      file('ratings.csv', csv(['sys_obligor_code,rating_date,rating', ...rows])),
    ]);
    // Each row has two problems: its date, and an obligor that exists nowhere.
    expect(report.errorCount).toBe(1400);
    expect(report.errors).toHaveLength(500);
  });
});
