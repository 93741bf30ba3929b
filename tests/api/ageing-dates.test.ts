import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { monthEndsBetween } from '@/lib/domain/dates';
import { dsoEndDate } from '@/lib/domain/dso';
import { runImport } from '@/lib/server/imports/run-import';
import { ageingRowsForDates, ageingRowsSql, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';
import { csv, HAND_BATCH, handFiles, newClient, TODAY } from '../imports/helpers';

/**
 * The rollup refresh reads many dates in one pass (ageingRowsForDates) and one date by its own query
 * (ageingRowsSql, also what ad-hoc dates use): both must give the same rows, value for value.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database?.dispose());

const BOUNDARIES = { b1: 30, b2: 60, b3: 90 };

/** A row of the ageing source with its date, every other column compared whole: text, a number or null. */
const SourceRow = row({ as_of: col.day, as_of_date: col.date.optional() }).catchall(
  z.union([z.number(), z.string()]).nullable(),
);

/** Rows as comparable text: numbers whatever their scale ("5000.00" and "5000" alike). */
const normalised = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) ? String(Number(v)) : v,
        ]),
      ),
    ),
  );

async function compareDates(db: Db, clientId: number, dates: string[], boundaries = BOUNDARIES): Promise<number> {
  const together = await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`
      select as_of_date::text as as_of, * from (${await ageingRowsForDates(tx, clientId, dates, boundaries)}) r order by as_of_date, sys_obligor_code`,
      SourceRow,
    );
    await dropAgeingDates(tx);
    return rows.map(({ as_of_date: _, ...row }) => row);
  });
  const oneByOne: Record<string, unknown>[] = [];
  for (const date of dates) {
    oneByOne.push(
      ...(await queryRows(
        db,
        sql`
      select ${date}::text as as_of, * from (${ageingRowsSql(clientId, date, boundaries)}) r order by sys_obligor_code`,
        SourceRow,
      )),
    );
  }
  expect(normalised(together)).toEqual(normalised(oneByOne));
  return together.length;
}

describe('the rollup rows of many dates in one pass', () => {
  it('equal the one-date query on the demo ledger, for every month end, the DSO end date and today', async () => {
    for (const code of ['VARDHMAN', 'KAVERI']) {
      const clientId = await clientIdOf(database, code);
      const [client] = await queryRows(
        database.db,
        sql`
        select bucket1 as b1, bucket2 as b2, bucket3 as b3, (select min(issue_date)::text from invoices where client_id = ${clientId}) as first
        from clients where id = ${clientId}`,
        row({ b1: col.num, b2: col.num, b3: col.num, first: col.text }),
      );
      const dates = [
        ...new Set([...monthEndsBetween(client!.first, TEST_TODAY), dsoEndDate(TEST_TODAY), TEST_TODAY]),
      ].sort();
      expect(dates.length).toBeGreaterThan(12);
      const rows = await compareDates(database.db, clientId, dates, client!);
      expect(rows).toBeGreaterThan(100);
    }
  });

  it('equal it on edge cases: payments before the issue day or on one day, a cancelled invoice, ratings, a leap day', async () => {
    const { clientId } = await newClient(database.db, 'DATES');
    const report = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: handFiles({
        'invoices.csv': `${HAND_BATCH['invoices.csv']}${csv([
          'I7,INV/I7,S1,,2024-02-29,2024-03-30,"12,000.00",',
          'I8,INV/I8,S1,,2025-03-01,2025-03-31,"8,000.00",',
          'CN8,INV/CN8,S1,CREDIT_NOTE,2025-03-10,,"8,000.00",',
          'I9,INV/I9,C2,,2026-09-30,2026-10-30,"6,000.00",',
        ])}`,
        'payments.csv': `${HAND_BATCH['payments.csv']}${csv([
          'R7,I7,2024-02-20,"2,000.00"', // before its issue day
          'R8,I7,2024-03-31,"4,000.00"',
          'R9,I7,2024-03-31,"6,000.00"', // settles it, on the day of another payment
          'R10,I9,2026-10-31,"1,000.00"', // on a month end
          'R11,CN8,2025-04-30,"3,000.00"',
        ])}`,
      }),
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    const dates = [
      ...new Set([
        '2024-02-25',
        '2024-02-29',
        '2024-03-31',
        ...monthEndsBetween('2025-02-01', '2027-02-01'),
        '2026-10-20',
        TODAY,
        '2026-11-25',
        '2027-01-15',
      ]),
    ].sort();
    expect(await compareDates(database.db, clientId, dates)).toBeGreaterThan(30);
    // One date alone, the first and the last: the edges of the arrays.
    await compareDates(database.db, clientId, ['2024-02-29']);
    await compareDates(database.db, clientId, ['2027-01-15']);
  });
});
