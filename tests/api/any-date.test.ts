import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZInvoicesQuery, ZReceivablesQuery, ZSummaryQuery } from '@/lib/contract/receivables';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { ZStatementQuery } from '@/lib/contract/portal';
import { customerStatement } from '@/lib/server/portal/statement';
import { ZKpisQuery } from '@/lib/contract/kpis';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { collectionKpis } from '@/lib/server/kpis/collection-kpis';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { receivablesByDim1 } from '@/lib/server/receivables/by-dimension';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { ageingRowsSql } from '@/lib/server/receivables/ageing-source';
import { staleHistoryClients } from '@/lib/server/receivables/history/refresh-history';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';
import { daysFrom } from '../helpers/dates';
import { fromLedger } from '../helpers/history';
import { rounded } from '../helpers/figures';

/**
 * Any date without rollups is answered from the ageing history (summary, parent list, one family's
 * overview, the dim1 overview, the monthly overview's last point, the count of open invoices, the
 * collection KPIs' average days to pay). Each answer must equal the same
 * call answered from the ledger, which is what the call does while the history is stale.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase(0.05, { history: true });
});
afterAll(() => database?.dispose());

/** Dates between two days that are not month ends (those have rollups), the same on every run. */
function datesBetween(first: string, last: string, count: number, seed: number): string[] {
  const span = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  const dates = new Set<string>();
  while (dates.size < count) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const day = daysFrom(first, Math.floor((seed / 2_147_483_648) * span));
    if (daysFrom(day, 1).slice(8) !== '01' && day !== TEST_TODAY) dates.add(day);
  }
  return [...dates].sort();
}

async function answers(clientId: number, date: string, family: string, dim1: number) {
  const db = database.db;
  return rounded({
    summary: await receivablesSummary(db, clientId, ZSummaryQuery.parse({ date })),
    parents: await listReceivables(db, clientId, ZReceivablesQuery.parse({ date, sortBy: 'overdue', count: 500 })),
    parentsByName: await listReceivables(
      db,
      clientId,
      ZReceivablesQuery.parse({ date, sortBy: 'name', order: 'ASC', offset: 2, count: 7 }),
    ),
    // One family's accounts and one account: the history's obligor rows read by key.
    family: await listReceivables(db, clientId, ZReceivablesQuery.parse({ date, parentSysObligorCode: family })),
    familyByName: await listReceivables(
      db,
      clientId,
      ZReceivablesQuery.parse({ date, parentSysObligorCode: family, sortBy: 'name', order: 'ASC', count: 3 }),
    ),
    familyOverdue: await listReceivables(
      db,
      clientId,
      ZReceivablesQuery.parse({ date, parentSysObligorCode: family, ageingFilter: 'crdBucket1' }),
    ),
    familyOfDim1: await listReceivables(
      db,
      clientId,
      ZReceivablesQuery.parse({ date, parentSysObligorCode: family, dim1Id: dim1 }),
    ),
    account: await listReceivables(db, clientId, ZReceivablesQuery.parse({ date, sysObligorCode: family })),
    // A dimension value's families: the history's obligor rows summed per family.
    parentsOfDim1: await listReceivables(
      db,
      clientId,
      ZReceivablesQuery.parse({ date, dim1Id: dim1, sortBy: 'balance', count: 500 }),
    ),
    summaryOfDim1: await receivablesSummary(db, clientId, ZSummaryQuery.parse({ date, dim1Id: dim1 })),
    byDim1: await receivablesByDim1(db, clientId, ZSummaryQuery.parse({ date })),
    openInvoices: await listOpenInvoices(db, clientId, ZInvoicesQuery.parse({ date, count: 10 })),
    overview: await receivablesOverview(db, clientId, { fromDate: daysFrom(date, -70), toDate: date }),
    kpis: await collectionKpis(
      db,
      clientId,
      ALL_OBLIGORS,
      ZKpisQuery.parse({ fromDate: daysFrom(date, -100), toDate: date }),
    ),
    familyKpis: await collectionKpis(
      db,
      clientId,
      ALL_OBLIGORS,
      ZKpisQuery.parse({ fromDate: daysFrom(date, -100), toDate: date, sysObligorCode: family }),
    ),
    // The portal statement opening the day after: its opening balance is the family's at the date.
    statementOpening: (await customerStatement(db, clientId, statementQuery(family, date))).opening,
    familyOverview: await receivablesOverview(db, clientId, {
      fromDate: daysFrom(date, -40),
      toDate: date,
      parentSysObligorCode: family,
    }),
  });
}

/** A one-day statement of `code` from the day after `date`: it opens at the balance of `date`. */
function statementQuery(code: string, date: string) {
  return ZStatementQuery.parse({
    sysObligorCode: code,
    fromDate: daysFrom(date, 1),
    toDate: daysFrom(date, 1),
    count: 1,
  });
}

describe('any as-of date', () => {
  it('has the history of every seeded client built from its current ledger', async () => {
    expect(await staleHistoryClients(database.db)).toEqual([]);
  });

  for (const code of ['VARDHMAN', 'KAVERI']) {
    it(`answers ${code}'s dates without rollups from the history exactly as the ledger does`, async () => {
      const clientId = await clientIdOf(database, code);
      const [ledger] = await queryRows(
        database.db,
        sql`select min(issue_date)::text as first,
          (select o.dim1_id from obligors o where o.client_id = ${clientId} and o.dim1_id is not null
            group by 1 order by count(*) desc, 1 limit 1) as dim1,
          (select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) from invoices i
            join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
            where i.client_id = ${clientId} group by 1 order by count(*) desc, 1 limit 1) as family
        from invoices where client_id = ${clientId}`,
        row({ first: col.text, family: col.text, dim1: col.num }),
      );
      const dates = [
        ledger!.first,
        daysFrom(ledger!.first, -1), // before the first document
        ...datesBetween(ledger!.first, daysFrom(TEST_TODAY, 40), 5, code.length * 7_919),
      ];
      for (const date of dates) {
        const view = await ageingView(database.db, clientId, date);
        expect(view.hasRollups, date).toBe(false);
        // The day before the first document has history only where a payment came first.
        if (date >= ledger!.first) expect(view.hasHistory, date).toBe(true);
        const viaHistory = await answers(clientId, date, ledger!.family, ledger!.dim1);
        const viaLedger = await fromLedger(database.db, clientId, () =>
          answers(clientId, date, ledger!.family, ledger!.dim1),
        );
        expect(viaHistory, `${code} as of ${date}`).toEqual(viaLedger);
      }
    });
  }

  it("answers a field officer's and an area manager's dates without rollups from their own customers' items", async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    for (const role of ['guest', 'representative'] as const) {
      const column = role === 'guest' ? sql`guest_id` : sql`representative_id`;
      const [user] = await queryRows(
        database.db,
        sql`select ${column} as id from obligors where client_id = ${clientId} and ${column} is not null
          group by 1 order by count(*) desc, 1 limit 1`,
        row({ id: col.num }),
      );
      const scope = { kind: 'ASSIGNED', role, userId: user!.id } as const;
      const [shared] = await queryRows(
        database.db,
        sql`select coalesce(parent_sys_obligor_code, sys_obligor_code) as code from obligors where client_id = ${clientId}
          group by 1 having bool_or(${column} = ${user!.id}) and bool_or(${column} is distinct from ${user!.id})
          order by count(*) desc, 1 limit 1`,
        row({ code: col.text }),
      );
      expect(shared, role).toBeDefined();
      for (const date of datesBetween(daysFrom(TEST_TODAY, -400), daysFrom(TEST_TODAY, 30), 3, 31 * user!.id)) {
        const view = await ageingView(database.db, clientId, date);
        expect(view.hasRollups, date).toBe(false);
        // The reference: every customer's row of the whole ledger at the date, kept when in scope, per family.
        const reference = await queryRows(
          database.db,
          sql`select r.family_code as code, sum(r.outstanding)::text as outstanding, sum(r.overdue)::text as overdue,
            sum(r.unallocated)::text as unallocated
          from (${ageingRowsSql(clientId, date, view.boundaries)}) r
          join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code and o.${column} = ${user!.id}
          group by 1 having sum(r.outstanding) <> 0 or sum(r.unallocated) <> 0 order by 1`,
          row({ code: col.text, outstanding: col.text, overdue: col.text, unallocated: col.text }),
        );
        const listed = await listReceivables(database.db, clientId, {
          ...ZReceivablesQuery.parse({ date, sortBy: 'name', order: 'ASC', count: 500 }),
          scope,
        });
        const byCode = new Map(listed.rows.map((r) => [r.sysObligorCode, r]));
        expect(reference.length, `${role} ${date}`).toBeGreaterThan(0);
        for (const row of reference)
          expect(byCode.get(row.code), `${role} ${date} ${row.code}`).toMatchObject({
            outstanding: Number(row.outstanding),
            overdue: Number(row.overdue),
            unallocated: Number(row.unallocated),
          });
        const summary = await receivablesSummary(database.db, clientId, { ...ZSummaryQuery.parse({ date }), scope });
        const sum = (k: 'outstanding' | 'overdue') =>
          reference.reduce((t, r) => t + Math.round(Number(r[k]) * 100), 0) / 100;
        expect(summary.outstanding, `${role} ${date}`).toBeCloseTo(sum('outstanding'), 2);
        expect(summary.overdue, `${role} ${date}`).toBeCloseTo(sum('overdue'), 2);
        // The summary and the overview come from the collector's row of the history: the same answers
        // as from the ledger, overall risk and the KPIs' days to pay included.
        expect(view.hasCollectorHistory, date).toBe(true);
        const collectorCalls = async () =>
          rounded({
            // The families from the history's obligor rows, by a figure and by name.
            parents: await listReceivables(database.db, clientId, {
              ...ZReceivablesQuery.parse({ date, sortBy: 'overdue', count: 500 }),
              scope,
            }),
            parentsByName: await listReceivables(database.db, clientId, {
              ...ZReceivablesQuery.parse({ date, sortBy: 'name', order: 'ASC', offset: 2, count: 7 }),
              scope,
            }),
            // Ranked on one figure first, then the page's families summed whole: later pages, either
            // way round (the collectors of the test ledger hold 4-7 families).
            parentsByBalance: await listReceivables(database.db, clientId, {
              ...ZReceivablesQuery.parse({ date, sortBy: 'balance', order: 'ASC', offset: 2, count: 2 }),
              scope,
            }),
            parentsByBucket: await listReceivables(database.db, clientId, {
              ...ZReceivablesQuery.parse({ date, sortBy: 'crdBucket1', offset: 2, count: 2 }),
              scope,
            }),
            // A family they share with other collectors: only their own accounts of it.
            family: await listReceivables(database.db, clientId, {
              ...ZReceivablesQuery.parse({ date, parentSysObligorCode: shared!.code }),
              scope,
            }),
            summary: await receivablesSummary(database.db, clientId, { ...ZSummaryQuery.parse({ date }), scope }),
            overview: await receivablesOverview(database.db, clientId, {
              fromDate: daysFrom(date, -70),
              toDate: date,
              scope,
            }),
            kpis: await collectionKpis(
              database.db,
              clientId,
              scope,
              ZKpisQuery.parse({ fromDate: daysFrom(date, -100), toDate: date }),
            ),
          });
        expect(await collectorCalls(), `${role} ${date}`).toEqual(
          await fromLedger(database.db, clientId, collectorCalls),
        );
      }
    }
  });

  it("opens a portal statement on a date without rollups at the history's balance, a field officer's too", async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const date = daysFrom(TEST_TODAY, -47);
    expect((await ageingView(database.db, clientId, date)).hasRollups).toBe(false);
    // A field officer's family that also holds accounts of others: their statement counts their own.
    const [mine] = await queryRows(
      database.db,
      sql`select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family, o.guest_id as guest, o.sys_obligor_code as code
        from obligors o where o.client_id = ${clientId} and o.guest_id is not null and o.parent_sys_obligor_code is not null
          and exists (select 1 from obligors m where m.client_id = o.client_id and m.parent_sys_obligor_code = o.parent_sys_obligor_code
            and m.guest_id is distinct from o.guest_id)
          and exists (select 1 from invoices i where i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
            and i.issue_date <= ${date}::date and (i.settled_date is null or i.settled_date > ${date}::date))
        order by 1, 3 limit 1`,
      row({ family: col.text, guest: col.num, code: col.text }),
    );
    expect(mine).toBeDefined();
    const scope = { kind: 'ASSIGNED', role: 'guest', userId: mine!.guest } as const;
    const opening = async () => ({
      whole: (await customerStatement(database.db, clientId, statementQuery(mine!.family, date))).opening,
      guest: (await customerStatement(database.db, clientId, statementQuery(mine!.family, date), scope)).opening,
      account: (await customerStatement(database.db, clientId, statementQuery(mine!.code, date))).opening,
    });
    const viaHistory = await opening();
    expect(viaHistory).toEqual(await fromLedger(database.db, clientId, opening));
    expect(viaHistory.account).not.toBe(0);
    expect(viaHistory.guest).not.toBe(viaHistory.whole);
    // The history answered: a rupee more on the account's row in force shows in all three.
    const bump = (delta: number) =>
      database.db.execute(sql`update ageing_history set outstanding = outstanding + ${delta}
        where client_id = ${clientId} and level = 'obligor' and key = ${mine!.code}
          and from_day = (select max(from_day) from ageing_history where client_id = ${clientId} and level = 'obligor'
            and key = ${mine!.code} and from_day <= ${date}::date)`);
    await bump(1);
    try {
      const bumped = await opening();
      expect(bumped.whole).toBeCloseTo(viaHistory.whole + 1, 2);
      expect(bumped.guest).toBeCloseTo(viaHistory.guest + 1, 2);
      expect(bumped.account).toBeCloseTo(viaHistory.account + 1, 2);
    } finally {
      await bump(-1);
    }
  });
});
