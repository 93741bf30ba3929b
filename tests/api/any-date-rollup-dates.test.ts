import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReceivablesQuery, ZSummaryQuery } from '@/lib/contract/receivables';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { daysFrom } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { rounded } from '../helpers/figures';
import { fromLedger } from '../helpers/history';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';

/**
 * On a date with rollups (today, a month end) the ageing history answers too: the summaries read
 * its row (the client's, a collector's), and the families of a collector or a dimension value can
 * be ranked from its obligor rows. Each answer must equal the rollups' (tests/api/any-date.test.ts
 * holds the dates without rollups equal to the ledger).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase(0.05, { history: true });
});
afterAll(() => database?.dispose());

describe('any as-of date with rollups', () => {
  for (const code of ['VARDHMAN', 'KAVERI'])
    it(`gives ${code}'s summary of a date with rollups from its history row, equal to the sum of its family rollups`, async () => {
      const clientId = await clientIdOf(database, code);
      const monthEnd = daysFrom(`${TEST_TODAY.slice(0, 8)}01`, -1);
      for (const date of [TEST_TODAY, monthEnd]) {
        const view = await ageingView(database.db, clientId, date);
        expect([view.hasRollups, view.hasHistory], date).toEqual([true, true]);
        const read = () => receivablesSummary(database.db, clientId, ZSummaryQuery.parse({ date }));
        const summary = async () => rounded(await read());
        // Without the history, the same call sums the family rollup rows of the date.
        expect(await summary(), `${code} ${date}`).toEqual(await fromLedger(database.db, clientId, summary));
        const { outstanding } = await read();
        // And with it, the figures are the history row's: a rupee added to the row shows (then goes).
        const raise = (by: number) =>
          database.db.execute(sql`update ageing_history set outstanding = outstanding + ${by}
            where client_id = ${clientId} and level = 'client' and valid @> ${date}::date`);
        await raise(1);
        try {
          expect((await read()).outstanding, `${code} ${date}`).toBeCloseTo(outstanding + 1, 2);
        } finally {
          await raise(-1);
        }
      }
    });

  it("gives a collector's summary of a date with rollups from their history row, equal to the sum of their rollup rows", async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const monthEnd = daysFrom(`${TEST_TODAY.slice(0, 8)}01`, -1);
    for (const role of ['guest', 'representative'] as const) {
      const column = role === 'guest' ? sql`guest_id` : sql`representative_id`;
      const users = await queryRows(
        database.db,
        sql`select distinct ${column} as id from obligors where client_id = ${clientId} and ${column} is not null order by 1`,
        row({ id: col.num }),
      );
      expect(users.length, role).toBeGreaterThan(1);
      for (const { id } of users)
        for (const date of [TEST_TODAY, monthEnd]) {
          const view = await ageingView(database.db, clientId, date);
          expect([view.hasRollups, view.hasCollectorHistory], date).toEqual([true, true]);
          const scope = { kind: 'ASSIGNED', role, userId: id } as const;
          const summary = async () =>
            rounded(await receivablesSummary(database.db, clientId, { ...ZSummaryQuery.parse({ date }), scope }));
          // Without the history, the same call sums the collector's customers' rollup rows.
          expect(await summary(), `${role} ${id} ${date}`).toEqual(await fromLedger(database.db, clientId, summary));
        }
    }
  });

  it("ranks a collector's or a dimension value's families of a rollup date as the history does, on every sort and page", async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const monthEnd = daysFrom(`${TEST_TODAY.slice(0, 8)}01`, -1);
    const [who] = await queryRows(
      database.db,
      sql`select (select guest_id from obligors where client_id = ${clientId} and guest_id is not null
          group by 1 order by count(*) desc, 1 limit 1) as guest,
        (select representative_id from obligors where client_id = ${clientId} and representative_id is not null
          group by 1 order by count(*) desc, 1 limit 1) as representative,
        (select dim1_id from obligors where client_id = ${clientId} and dim1_id is not null
          group by 1 order by count(*) desc, 1 limit 1) as dim1`,
      row({ guest: col.num, representative: col.num, dim1: col.num }),
    );
    const filters = [
      { scope: { kind: 'ASSIGNED', role: 'guest', userId: who!.guest } as const },
      { scope: { kind: 'ASSIGNED', role: 'representative', userId: who!.representative } as const },
      { dim1Id: who!.dim1 },
    ];
    const sorts = [
      { sortBy: 'overdue', order: 'DESC' },
      { sortBy: 'balance', order: 'ASC' },
      { sortBy: 'crdBucket4', order: 'DESC' },
      { sortBy: 'paid', order: 'DESC' },
      // A bucket filter keeps the families with money in that bucket only, on every path.
      { sortBy: 'overdue', order: 'DESC', ageingFilter: 'crdBucket1' },
    ] as const;
    for (const date of [TEST_TODAY, monthEnd]) {
      expect((await ageingView(database.db, clientId, date)).hasRollups, date).toBe(true);
      const lists = async () => {
        const out: unknown[] = [];
        for (const filter of filters)
          for (const sort of sorts)
            for (const offset of [1, 2])
              out.push(
                await listReceivables(database.db, clientId, {
                  ...ZReceivablesQuery.parse({ date, ...sort, offset, count: 3 }),
                  ...filter,
                }),
              );
        return rounded(out);
      };
      const fromRollups = await lists();
      // The same lists with the date's rollups withdrawn: the history's obligor rows answer.
      const [snapshot] = await queryRows(
        database.db,
        sql`select refreshed_at::text as at from ageing_snapshots where client_id = ${clientId} and as_of_date = ${date}::date`,
        row({ at: col.text }),
      );
      await database.db.execute(
        sql`delete from ageing_snapshots where client_id = ${clientId} and as_of_date = ${date}::date`,
      );
      try {
        expect((await ageingView(database.db, clientId, date)).hasRollups).toBe(false);
        expect(fromRollups, date).toEqual(await lists());
      } finally {
        await database.db.execute(
          sql`insert into ageing_snapshots (client_id, as_of_date, refreshed_at) values (${clientId}, ${date}::date, ${snapshot!.at}::timestamptz)`,
        );
      }
      // The lists run filter by filter, sort by sort, two pages each: the last sort holds the bucket
      // filter, whose rows all have money in that bucket; every other page has families, and some
      // lists run past their second page.
      const pages = fromRollups as { total: number; rows: { crdBucket1: number }[] }[];
      const filtered = (i: number) => Math.floor(i / 2) % sorts.length === sorts.length - 1;
      for (const [i, list] of pages.entries()) {
        if (filtered(i)) for (const row of list.rows) expect(row.crdBucket1, `${date} list ${i}`).not.toBe(0);
        else expect(list.rows.length, `${date} list ${i}`).toBeGreaterThan(0);
      }
      expect(pages.some((l, i) => filtered(i) && l.rows.length > 0)).toBe(true);
      expect(pages.some((l) => l.total > 6)).toBe(true);
    }
  });
});
