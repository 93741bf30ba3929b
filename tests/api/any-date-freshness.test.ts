import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as assignRoute } from '@/app/api/obligors/[code]/assign/route';
import { ZSummaryQuery } from '@/lib/contract/receivables';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { runImport } from '@/lib/server/imports/run-import';
import { ageingRowsSql } from '@/lib/server/receivables/ageing-source';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { refreshAgeingHistory, staleHistoryClients } from '@/lib/server/receivables/history/refresh-history';
import { receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { callRoute } from '../helpers/api';
import { daysFrom } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { rounded } from '../helpers/figures';
import { clientIdOf, createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';
import { csv, file } from '../imports/helpers';

/**
 * The ageing history answers a date only while it was built from the current ledger and the current
 * assignments of customers to collectors: after a reassignment or an import, the calls that read it
 * take the ledger's path for what changed until the history is rebuilt, then the history again, with
 * the same answers (tests/api/any-date.test.ts holds the two paths equal).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase(0.05, { history: true });
});
afterAll(() => database?.dispose());

describe('any as-of date after the ledger or the assignments change', () => {
  it("answers a collector's other dates with the new assignments after a reassignment, before the history is rebuilt", async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const date = daysFrom(TEST_TODAY, -13);
    // The field officer with the most customers, one of theirs that owes something that day, another officer.
    const [pick] = await queryRows(
      database.db,
      sql`select o.guest_id as guest, o.sys_obligor_code as code,
          (select u.guest_id from obligors u where u.client_id = o.client_id and u.guest_id <> o.guest_id limit 1) as other
        from (${ageingRowsSql(clientId, date, (await ageingView(database.db, clientId, date)).boundaries)}) r
        join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = r.sys_obligor_code
        where o.guest_id = (select guest_id from obligors where client_id = ${clientId} and guest_id is not null
          group by 1 order by count(*) desc, 1 limit 1) and r.outstanding > 0
        order by r.outstanding desc, 2 limit 1`,
      row({ guest: col.num, code: col.text, other: col.num }),
    );
    const scope = { kind: 'ASSIGNED', role: 'guest', userId: pick!.guest } as const;
    const summary = () => receivablesSummary(database.db, clientId, { ...ZSummaryQuery.parse({ date }), scope });
    const before = await summary();
    expect((await ageingView(database.db, clientId, date)).hasCollectorHistory).toBe(true);
    const admin = await signInAs(database, 'admin@vardhman.test');
    const moved = await callRoute(assignRoute, `/api/obligors/${pick!.code}/assign`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { guestId: pick!.other },
      params: { code: pick!.code },
    });
    expect(moved.status).toBe(200);
    // The collector levels wait for a rebuild; the others stay current.
    const view = await ageingView(database.db, clientId, date);
    expect([view.hasHistory, view.hasCollectorHistory]).toEqual([true, false]);
    expect(await staleHistoryClients(database.db)).toContain(clientId);
    const afterMove = await summary();
    expect(afterMove.outstanding).toBeLessThan(before.outstanding);
    const [found] = await queryRows(
      database.db,
      sql`select r.outstanding::text as outstanding from (${ageingRowsSql(clientId, date, view.boundaries)}) r
        where r.sys_obligor_code = ${pick!.code}`,
      row({ outstanding: col.text }),
    );
    expect(afterMove.outstanding).toBeCloseTo(before.outstanding - Number(found!.outstanding), 2);
    expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
    expect((await ageingView(database.db, clientId, date)).hasCollectorHistory).toBe(true);
    expect(rounded(await summary())).toEqual(rounded(afterMove));
  });

  it('reads the ledger after an import until the history is rebuilt, then the history again', async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const date = daysFrom(TEST_TODAY, -9);
    const [customer] = await queryRows(
      database.db,
      sql`select sys_obligor_code as code from obligors where client_id = ${clientId} order by 1 limit 1`,
      row({ code: col.text }),
    );
    const before = await receivablesSummary(database.db, clientId, ZSummaryQuery.parse({ date }));
    const report = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TEST_TODAY,
      files: [
        file(
          'invoices.csv',
          csv([
            'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
            `ANYDATE-1,INV/ANYDATE/1,${customer!.code},,${daysFrom(date, -30)},${daysFrom(date, -20)},"12,345.00",INR`,
          ]),
        ),
      ],
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    expect(await staleHistoryClients(database.db)).toContain(clientId);
    expect((await ageingView(database.db, clientId, date)).hasHistory).toBe(false);
    const afterImport = await receivablesSummary(database.db, clientId, ZSummaryQuery.parse({ date }));
    expect(afterImport.outstanding).toBeCloseTo(before.outstanding + 12_345, 2);
    expect(afterImport.crdBucket1).toBeCloseTo(before.crdBucket1 + 12_345, 2);
    expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
    expect((await ageingView(database.db, clientId, date)).hasHistory).toBe(true);
    expect(rounded(await receivablesSummary(database.db, clientId, ZSummaryQuery.parse({ date })))).toEqual(
      rounded(afterImport),
    );
  });
});
