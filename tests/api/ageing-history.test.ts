import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { runImport } from '@/lib/server/imports/run-import';
import { AGEING_COLUMNS } from '@/lib/server/receivables/ageing-columns';
import { ageingRowsSql } from '@/lib/server/receivables/ageing-source';
import { buildAgeingHistory } from '@/lib/server/receivables/history/build-history';
import { HISTORY_LEVELS, SCOPE_LEVELS, type HistoryLevel } from '@/lib/server/receivables/history/levels';
import { historyAt } from '@/lib/server/receivables/history/read-history';
import { daysFrom } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';
import { csv, file, HAND_BATCH, handFiles, newClient, TALLY_BATCH, TODAY } from '../imports/helpers';

/**
 * The ageing history answers any date from a few thousand stored rows: every level (client,
 * families, dim values) must equal the same figures computed from the ledger for that
 * date (ageingRowsSql, the one-date rule, itself held to lib/domain/ageing.ts by other tests).
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database?.dispose());

const LEVEL_KEY: Record<HistoryLevel, SQL> = {
  client: sql`''`,
  family: sql`r.family_code`,
  dim1: sql`coalesce(r.dim1_id, 0)::text`,
  dim2: sql`coalesce(r.dim2_id, 0)::text`,
  dim3: sql`coalesce(r.dim3_id, 0)::text`,
  guest: sql`o.guest_id::text`,
  representative: sql`o.representative_id::text`,
  obligor: sql`r.sys_obligor_code`,
};

/** The figures a history row keeps: the ageing row's columns, rated receivables, open and listed obligors. */
const FIGURES = [
  ...AGEING_COLUMNS,
  'low_rated',
  'med_rated',
  'high_rated',
  'rated_balance',
  'open_obligors',
  'listed_obligors',
];

/** A level's row, from the ledger or the history: its key, the weighted rating and every other column a figure. */
const LevelRow = row({ key: col.text, weighted_rating: col.num.nullable() }).catchall(col.num.nullable());
type LevelRow = z.output<typeof LevelRow>;

/** The level's figures from the ledger: the one-date obligor rows of `asOf` summed per key. */
function fromLedger(
  clientId: number,
  level: HistoryLevel,
  asOf: string,
  b: { b1: number; b2: number; b3: number },
): SQL {
  const sums = FIGURES.filter(
    (f) => !['low_rated', 'med_rated', 'high_rated', 'rated_balance', 'open_obligors', 'listed_obligors'].includes(f),
  ).map((f) => sql`sum(r.${sql.identifier(f)}) as ${sql.identifier(f)}`);
  return sql`select ${LEVEL_KEY[level]} as key, ${sql.join(sums, sql`, `)},
      coalesce(sum(r.outstanding) filter (where r.rating = 1), 0) as low_rated,
      coalesce(sum(r.outstanding) filter (where r.rating = 2), 0) as med_rated,
      coalesce(sum(r.outstanding) filter (where r.rating = 3), 0) as high_rated,
      coalesce(sum(r.outstanding) filter (where r.rating is not null and r.outstanding > 0), 0) as rated_balance,
      count(*) filter (where r.outstanding <> 0) as open_obligors, count(*) as listed_obligors,
      (sum(r.rating * r.outstanding) filter (where r.rating is not null and r.outstanding > 0)
        / nullif(sum(r.outstanding) filter (where r.rating is not null and r.outstanding > 0), 0))::float8 as weighted_rating
    from (${ageingRowsSql(clientId, asOf, b)}) r join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code
    where ${LEVEL_KEY[level]} is not null
    group by 1`;
}

/** Keyed rows with every figure, leaving out keys whose figures are all zero (nothing to show). */
function byKey(rows: LevelRow[]): Map<string, Record<string, number | null>> {
  const out = new Map<string, Record<string, number | null>>();
  for (const level of rows) {
    const figures = Object.fromEntries(FIGURES.map((f) => [f, level[f] ?? 0]));
    if (Object.values(figures).every((v) => v === 0)) continue;
    const weighted = level.weighted_rating == null ? null : Math.round(level.weighted_rating * 1e9) / 1e9;
    out.set(level.key, { ...figures, weighted_rating: weighted });
  }
  return out;
}

async function compareLevel(
  db: Db,
  clientId: number,
  level: HistoryLevel,
  asOf: string,
  b: { b1: number; b2: number; b3: number },
) {
  const expected = byKey(await queryRows(db, fromLedger(clientId, level, asOf, b), LevelRow));
  const actual = byKey(await queryRows(db, sql`select * from ${historyAt(clientId, level, asOf)} h`, LevelRow));
  expect(Object.fromEntries(actual), `${level} as of ${asOf}`).toEqual(Object.fromEntries(expected));
  return expected.size;
}

/**
 * Overall risk (mean of the families' weighted ratings, 1 decimal) from the history and from the
 * ledger: the client's, and each collector's over the families they hold customers of.
 */
async function compareOverallRisk(db: Db, clientId: number, asOf: string, b: { b1: number; b2: number; b3: number }) {
  const [ledger] = await queryRows(
    db,
    sql`
    select round(avg(f.weighted_rating)::numeric, 1)::float8 as risk from (${fromLedger(clientId, 'family', asOf, b)}) f`,
    row({ risk: col.num.nullable() }),
  );
  const [history] = await queryRows(
    db,
    sql`
    select round(h.family_rating_sum / nullif(h.rated_families, 0), 1)::float8 as risk from ${historyAt(clientId, 'client', asOf)} h`,
    row({ risk: col.num.nullable() }),
  );
  expect(history?.risk ?? null, `overall risk as of ${asOf}`).toBe(ledger?.risk ?? null);
  for (const level of SCOPE_LEVELS) {
    const collector = LEVEL_KEY[level];
    const expected = await queryRows(
      db,
      sql`
      select key, round(avg(weighted_rating)::numeric, 1)::float8 as risk from (
        select ${collector} as key, (sum(r.rating * r.outstanding) filter (where r.rating is not null and r.outstanding > 0)
          / nullif(sum(r.outstanding) filter (where r.rating is not null and r.outstanding > 0), 0))::float8 as weighted_rating
        from (${ageingRowsSql(clientId, asOf, b)}) r join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code
        where ${collector} is not null group by 1, r.family_code) f
      group by key having avg(weighted_rating) is not null`,
      row({ key: col.text, risk: col.num.nullable() }),
    );
    const actual = await queryRows(
      db,
      sql`
      select h.key, round(h.family_rating_sum / nullif(h.rated_families, 0), 1)::float8 as risk
      from ${historyAt(clientId, level, asOf)} h where h.rated_families > 0`,
      row({ key: col.text, risk: col.num.nullable() }),
    );
    const keyed = (rows: { key: string; risk: number | null }[]) =>
      Object.fromEntries(rows.map((r) => [r.key, r.risk]));
    expect(keyed(actual), `${level} overall risk as of ${asOf}`).toEqual(keyed(expected));
  }
}

/** Dates spread over the ledger and past today, the same on every run. */
function datesBetween(first: string, last: string, count: number): string[] {
  const span = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  let seed = 20_261_123;
  const dates = new Set<string>([first, last]);
  while (dates.size < count) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    dates.add(daysFrom(first, Math.floor((seed / 2_147_483_648) * span)));
  }
  return [...dates].sort();
}

async function build(db: Db, clientId: number) {
  const [client] = await queryRows(
    db,
    sql`
    select bucket1 as b1, bucket2 as b2, bucket3 as b3, (select min(issue_date)::text from invoices where client_id = ${clientId}) as first
    from clients where id = ${clientId}`,
    row({ b1: col.num, b2: col.num, b3: col.num, first: col.text }),
  );
  await db.transaction((tx) => buildAgeingHistory(tx, clientId, client!));
  return client!;
}

describe('the ageing history', () => {
  it('equals the ledger at every level on random dates of the demo ledger, on both bases', async () => {
    for (const code of ['VARDHMAN', 'KAVERI']) {
      const clientId = await clientIdOf(database, code);
      const client = await build(database.db, clientId);
      let compared = 0;
      for (const asOf of datesBetween(client.first, daysFrom(TEST_TODAY, 45), 8)) {
        for (const level of HISTORY_LEVELS) compared += await compareLevel(database.db, clientId, level, asOf, client);
        await compareOverallRisk(database.db, clientId, asOf, client);
      }
      expect(compared).toBeGreaterThan(100);
    }
  });

  it('equals it on edge cases: payments before the issue day or on one day, credit notes, ratings, a leap day, month ends', async () => {
    const { clientId } = await newClient(database.db, 'HISTORY');
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
    const client = await build(database.db, clientId);
    const edges = [
      '2024-02-19',
      '2024-02-20',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-30',
      '2024-03-31',
      '2024-04-01',
      '2024-04-29',
      '2024-05-30',
      '2024-05-31',
      '2024-06-29',
      '2024-06-30',
      '2025-02-28',
      '2025-03-01',
      '2025-03-31',
      '2025-04-01',
      '2025-04-30',
      '2025-05-01',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      TODAY,
      '2026-12-01',
      '2027-03-01',
    ];
    for (const asOf of edges) {
      for (const level of HISTORY_LEVELS) await compareLevel(database.db, clientId, level, asOf, client);
      await compareOverallRisk(database.db, clientId, asOf, client);
    }
  });

  it('equals it with receipts on account and advances: the day before, of and after each receipt and allocation', async () => {
    const { clientId } = await newClient(database.db, 'HISTORYRC');
    const report = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: Object.entries(TALLY_BATCH).map(([name, content]) => file(name, content)),
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    const client = await build(database.db, clientId);
    const events = ['2026-09-10', '2026-10-01', '2026-10-15', '2026-10-20', '2026-11-05', '2026-11-06', '2026-11-12'];
    const dates = [...new Set(events.flatMap((d) => [daysFrom(d, -1), d, daysFrom(d, 1)])), '2026-11-30', '2026-12-01'];
    let compared = 0;
    for (const asOf of dates)
      for (const level of HISTORY_LEVELS) compared += await compareLevel(database.db, clientId, level, asOf, client);
    expect(compared).toBeGreaterThan(50);
  });
});
