import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { DATES, EXPECTED } from '../helpers/tally-ledger';
import { csv, newClient, PASSWORD, TALLY_BATCH, TODAY } from '../imports/helpers';

/**
 * The rules of receipts and allocations on import, and Tally's re-export of a receipt once it is
 * allocated, over the ledger of TALLY_BATCH (tests/imports/helpers.ts; its figures by hand in
 * tests/helpers/tally-ledger.ts). The figures themselves are in receipts-on-account-figures.test.ts.
 */
const FILES = TALLY_BATCH;

let database: TestDatabase;
let clientId: number;
let cookie: string;

beforeAll(async () => {
  ({ database, clientId, cookie } = await ledgerClient('TALLY', FILES));
});
afterAll(() => database?.dispose());

const summaryAt = (date: string) => summaryOf(cookie, date);

describe('the rules of receipts and allocations', () => {
  let clients = 0;
  const refused = async (name: string, lines: string[], more: Record<string, string> = {}) => {
    const other = await newClient(database.db, `BAD${++clients}`);
    const files = { ...FILES, [name]: csv(lines), ...more };
    const result = await importBatch(database.db, other.clientId, files);
    expect(result.status).toBe('FAILED');
    const [count] = await queryRows(
      database.db,
      sql`select ((select count(*) from receipts where client_id = ${other.clientId}) + (select count(*) from allocations where client_id = ${other.clientId}))::int as n`,
      row({ n: col.num }),
    );
    expect(count!.n).toBe(0);
    return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`);
  };
  const PAYMENTS_HEADER = 'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount';
  const ALLOCATIONS_HEADER = 'payment_ref,sys_invoice_num,amount,allocated_date';

  it('refuses a receipt that names neither an invoice nor a customer, or names both apart', async () => {
    expect(
      await refused(
        'payments.csv',
        [
          PAYMENTS_HEADER,
          'RC1,,,Agst Ref,10/09/2026,100',
          'RC2,,,,01/10/2026,100',
          'RC3,INV1,,Advance,20/10/2026,100',
          'RC4,INV1,S1,,20/10/2026,100',
          'RC5,,X9,On Account,20/10/2026,100',
          'RC6,,A1,New Ref,20/10/2026,100',
        ],
        { 'allocations.csv': csv([ALLOCATIONS_HEADER]) },
      ),
    ).toEqual([
      'payments.csv:2:sys_invoice_num: required for a receipt against an invoice (kind AGAINST)',
      'payments.csv:3:sys_obligor_code: required for an ON_ACCOUNT receipt (it names no invoice)',
      'payments.csv:4:sys_invoice_num: an ADVANCE receipt names no invoice: apply it to invoices in allocations.csv',
      'payments.csv:5:sys_obligor_code: invoice INV1 is of obligor A1, not S1',
      'payments.csv:6:sys_obligor_code: obligor X9 is neither in obligors nor stored',
      'payments.csv:7:kind: "New Ref" names a new bill: a receipt is Agst Ref, Advance or On Account',
    ]);
  });

  it('refuses allocations beyond the receipt, to another customer, to a credit note or before the receipt', async () => {
    expect(
      await refused('allocations.csv', [
        ALLOCATIONS_HEADER,
        'RC2,INV1,"30,000.00",15/10/2026',
        'RC2,INV2,"6,000.00",12/11/2026', // 36,000 of a 35,000 receipt
        'RC3,INV1,"1,000.00",06/11/2026', // INV1 is A1's, RC3 S1's
        'RC1,INV1,"1,000.00",06/11/2026', // RC1 is against a bill
        'RC3,INV3,"1,000.00",19/10/2026', // before the advance
      ]),
    ).toEqual([
      'allocations.csv:3:amount: allocations of receipt RC2 total 36000.00, above its amount 35000.00',
      'allocations.csv:4:sys_invoice_num: invoice INV1 is of obligor A1, the receipt of S1',
      'allocations.csv:5:payment_ref: receipt RC1 is not an advance or on-account receipt in payments nor stored',
      'allocations.csv:6:allocated_date: allocated on 2026-10-19, before the receipt of 2026-10-20',
    ]);
  });

  it('refuses an allocation that pays an invoice beyond its amount', async () => {
    const payments = csv([
      PAYMENTS_HEADER,
      'RC1,INV1,,Agst Ref,10/09/2026,"20,000.00"',
      'RC2,,A1,On Account,01/10/2026,"35,000.00"',
    ]);
    expect(
      await refused('allocations.csv', [ALLOCATIONS_HEADER, 'RC2,INV1,"35,000.00",15/10/2026'], {
        'payments.csv': payments,
      }),
    ).toEqual([
      'allocations.csv:2:amount: payments and notes against invoice INV1 total 55000.00, above its amount 50000.00',
      'payments.csv:2:amount: payments and notes against invoice INV1 total 55000.00, above its amount 50000.00',
    ]);
  });

  it("refuses Tally's re-export of a receipt on account against another customer's bill or below its allocations", async () => {
    const reExport = async (row: string) => {
      const result = await importBatch(database.db, clientId, { 'payments.csv': csv([PAYMENTS_HEADER, row]) });
      expect(result.status).toBe('FAILED');
      return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`);
    };
    // RC2 is A1's ₹35,000 on account, ₹30,000 of it allocated; INV3 is S1's.
    expect(await reExport('RC2,INV3,,Agst Ref,01/10/2026,"35,000.00"')).toEqual([
      'payments.csv:2:sys_invoice_num: invoice INV3 is of obligor S1, the receipt of A1',
    ]);
    expect(await reExport('RC2,INV2,,,01/10/2026,"20,000.00"')).toEqual([
      'payments.csv:2:amount: receipt RC2 of 20000.00 is below the 30000.00 already allocated from it',
    ]);
    expect(await summaryAt(TODAY)).toMatchObject(EXPECTED[TODAY]!);
  });
});

describe("Tally's re-export of a receipt once it is allocated (On Account, then Agst Ref)", () => {
  const PAYMENTS_HEADER = 'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount';
  // RC2, A1's ₹35,000 on account, has ₹30,000 allocated (INV1 on 15/10, INV2 on 12/11): Tally, where
  // the rest was applied to INV2, now exports the whole voucher against INV2.
  const REEXPORT = { 'payments.csv': csv([PAYMENTS_HEADER, 'RC2,INV2,,Agst Ref,01/10/2026,"35,000.00"']) };
  let other: { clientId: number; cookie: string };
  const allocationsOf = (id: number) =>
    queryRows(
      database.db,
      sql`select payment_ref as ref, sys_invoice_num as num, allocated_date::text as day, amount::text as amount
      from allocations where client_id = ${id} order by allocated_date, payment_ref, sys_invoice_num`,
      row({ ref: col.text, num: col.text, day: col.text, amount: col.text }),
    );

  beforeAll(async () => {
    const created = await newClient(database.db, 'TALLYRE');
    other = {
      clientId: created.clientId,
      cookie: (await sessionCookieFor(database.db, created.email, PASSWORD)).cookie,
    };
    expect((await importBatch(database.db, other.clientId, FILES)).status).toBe('SUCCEEDED');
  });

  it('applies what is left of the receipt to the bill it now names, from the day of the import', async () => {
    const result = await importBatch(database.db, other.clientId, REEXPORT);
    expect(result.status, JSON.stringify(result.errors)).toBe('SUCCEEDED');
    expect(result.counts.payments).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(result.counts.allocations).toMatchObject({ inserted: 1, updated: 0 });
    // The receipt stays on account; its last ₹5,000 goes to INV2 on the import day.
    const [receipt] = await queryRows(
      database.db,
      sql`select kind, amount::text as amount from receipts where client_id = ${other.clientId} and payment_ref = 'RC2'`,
      row({ kind: col.text, amount: col.text }),
    );
    expect(receipt).toEqual({ kind: 'ON_ACCOUNT', amount: '35000.00' });
    expect((await allocationsOf(other.clientId)).filter((a) => a.day === TODAY)).toEqual([
      { ref: 'RC2', num: 'INV2', day: TODAY, amount: '5000.00' },
    ]);
    // Today: nothing left on account; INV2 (₹25,000 at 11 days) is down to ₹20,000.
    expect(await summaryOf(other.cookie, TODAY)).toMatchObject({
      current: 5000,
      crdBucket1: 20000,
      crdBucket3: 15000,
      outstanding: 40000,
      unallocated: 0,
      netBalance: 40000,
    });
    // Every earlier date still sees the ₹5,000 unallocated, as it did before the import.
    for (const date of DATES.filter((d) => d < TODAY))
      expect(await summaryOf(other.cookie, date), date).toMatchObject(EXPECTED[date]!);
    // The day before: the same net balance, ₹5,000 of it still on account.
    expect(await summaryOf(other.cookie, '2026-11-19')).toMatchObject({
      outstanding: 45000,
      unallocated: -5000,
      netBalance: 40000,
    });
  });

  it('changes nothing when the same export comes again, the same day or later', async () => {
    const before = await allocationsOf(other.clientId);
    const sameDay = await importBatch(database.db, other.clientId, REEXPORT);
    expect(sameDay.status).toBe('SUCCEEDED');
    expect(sameDay.counts.allocations).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const nextDay = await importBatch(database.db, other.clientId, REEXPORT, '2026-11-21');
    expect(nextDay.status).toBe('SUCCEEDED');
    expect(nextDay.counts.allocations).toBeUndefined();
    expect(nextDay.counts.payments).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await allocationsOf(other.clientId)).toEqual(before);
  });

  it('refuses a re-export naming a bill the receipt is not applied to once it is allocated in full', async () => {
    const result = await importBatch(database.db, other.clientId, {
      'payments.csv': csv([PAYMENTS_HEADER, 'RC3,INV1,,Agst Ref,20/10/2026,"15,000.00"']),
    });
    expect(result.status).toBe('FAILED');
    expect(result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'payments.csv:2:sys_invoice_num: receipt RC3 is stored on account and already allocated in full, not to INV1: correct its allocations in allocations.csv',
    ]);
  });
});
