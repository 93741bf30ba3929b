import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { rollupJobs } from '@/lib/db/schema';
import { runImport } from '@/lib/server/imports/run-import';
import { ageingView, hasSnapshot } from '@/lib/server/receivables/ageing-view';
import { resumeRollupJobs, runRollupJobs } from '@/lib/server/receivables/rollup-jobs';
import * as summaryRoute from '@/app/api/v4/clients/receivables/current/summary/route';
import * as receivablesRoute from '@/app/api/v4/clients/receivables/route';
import * as updateTimeRoute from '@/app/api/clients/[clientId]/data_update_time/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, freshRollups, handFiles, newClient, PASSWORD, rollupRows, TODAY } from '../imports/helpers';

/**
 * An import commits the ledger and queues the rollup job; the job rebuilds the rollups after the
 * commit. Until it has run the figures come from the ledger (exact); a runner killed half-way
 * leaves the job, which start-up resumes to the figures of a fresh full refresh; two runners at
 * once rebuild once.
 */
let database: TestDatabase;
let clientId: number;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const client = await newClient(database.db, 'JOBS');
  clientId = client.clientId;
  cookie = (await sessionCookieFor(database.db, client.email, PASSWORD)).cookie;
  const first = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    files: handFiles(),
    today: TODAY,
  });
  expect(first.status).toBe('SUCCEEDED');
});
afterAll(() => database?.dispose());

/** A batch of new rows dated from `issued`: a new invoice of each customer named and a payment of the stored I1. */
const batch = (n: number, issued: string, paid: string, customers = ['C1']) => [
  file(
    'invoices.csv',
    csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
      ...customers.map((code) => `J${n}${code},INV/J${n}${code},${code},${issued},2026-12-31,"${n},000.00"`),
    ]),
  ),
  file('payments.csv', csv(['payment_ref,sys_invoice_num,paid_date,amount', `JR${n},I1,${paid},"1,000"`])),
];

const queued = (files: ReturnType<typeof batch>) =>
  runImport(database.db, { clientId, userId: null, source: 'CLI', files, today: TODAY, rollups: 'queue' });

const rollups = () => rollupRows(database.db, clientId);
const freshRefresh = () => freshRollups(database.db, clientId, TODAY);

const jobs = () =>
  database.db.select().from(rollupJobs).where(eq(rollupJobs.clientId, clientId)).orderBy(rollupJobs.id);

const summary = async () =>
  (
    await callRoute(summaryRoute.GET as never, '/api/v4/clients/receivables/current/summary', {
      cookie,
      query: { date: TODAY },
    })
  ).json;

const families = async () =>
  (
    await callRoute(receivablesRoute.GET as never, '/api/v4/clients/receivables', {
      cookie,
      query: { date: '2026-10-31', sortBy: 'name', order: 'ASC' },
    })
  ).json;

const updateTimes = async () =>
  (
    await callRoute(updateTimeRoute.GET as never, `/api/clients/${clientId}/data_update_time`, {
      cookie,
      params: { clientId: String(clientId) },
    })
  ).json as { integrationUpdateTime: string; viewUpdateTime: string; refreshingAfter: string | null };

describe('an import that does not wait for its rollups', () => {
  it('commits the ledger with its settlement and a pending job; reads take the ledger until the job has run', async () => {
    expect((await updateTimes()).refreshingAfter).toBeNull();
    const before = { summary: await summary(), families: await families() };
    const report = await queued(batch(1, '2026-10-25', '2026-11-05'));
    expect(report.status).toBe('SUCCEEDED');

    const [job] = (await jobs()).filter((j) => j.status !== 'DONE');
    expect(job).toMatchObject({ importId: report.id, since: '2026-10-25', everyObligor: false, status: 'PENDING' });
    expect(job!.keptDates).toContain('2026-10-31');
    // Settled in the import's own transaction: the ledger path skips settled items.
    const [i1] = await queryRows(
      database.db,
      sql`select paid_to_date::text as paid, settled_date::text as settled from invoices where client_id = ${clientId} and sys_invoice_num = 'I1'`,
      row({ paid: col.text, settled: col.text.nullable() }),
    );
    expect(i1).toEqual({ paid: '1000.00', settled: null });
    // The dates the job rebuilds have no snapshot: reads take the ledger. Earlier ones keep theirs.
    expect((await ageingView(database.db, clientId, TODAY)).hasRollups).toBe(false);
    expect(await hasSnapshot(database.db, clientId, '2026-10-31')).toBe(false);
    expect(await hasSnapshot(database.db, clientId, '2026-09-30')).toBe(true);
    const times = await updateTimes();
    expect(times.refreshingAfter).toBe(times.integrationUpdateTime);
    expect(times.viewUpdateTime < times.integrationUpdateTime).toBe(true);

    const pending = { summary: await summary(), families: await families() };
    // The new invoice (1,000 due 31 Dec) is current and the 1,000 paid reduces I1's current amount: the same total.
    expect(pending.summary.outstanding).toBe(before.summary.outstanding + 1000 - 1000);
    expect(pending.summary.current).toBe(before.summary.current);
    expect(pending.families).not.toEqual(before.families);

    const messages: string[] = [];
    expect(await runRollupJobs(database.db, clientId, { onProgress: (m) => messages.push(m) })).toBe('done');
    // Only the batch's customers are rebuilt on the dates whose rows the import kept.
    expect(messages.some((m) => m.includes("the batch's customers"))).toBe(true);
    expect(await jobs()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: job!.id, status: 'DONE', attempts: 1 })]),
    );
    expect((await ageingView(database.db, clientId, TODAY)).hasRollups).toBe(true);
    const after = await updateTimes();
    expect(after.refreshingAfter).toBeNull();
    expect(after.viewUpdateTime > after.integrationUpdateTime).toBe(true);
    // From the rollups now, the same figures as from the ledger.
    expect({ summary: await summary(), families: await families() }).toEqual(pending);
    const rebuilt = await rollups();
    expect(await freshRefresh()).toEqual(rebuilt);
  });

  it('keeps the job when its runner dies half-way, and start-up resumes it to the figures of a fresh refresh', async () => {
    const untouched = await rollups();
    // Most customers touched: every row of the dates from the batch's first is rebuilt.
    expect((await queued(batch(2, '2026-09-12', '2026-11-10', ['C1', 'C2', 'S1']))).status).toBe('SUCCEEDED');
    const withdrawn = await rollups();
    expect(withdrawn.dates).toEqual(untouched.dates.filter((d) => d < '2026-09-12'));

    // Killed after the customers' rows were rewritten, before the families': nothing of it stays.
    const killed = runRollupJobs(database.db, clientId, {
      onProgress: (message) => {
        if (message === 'family and client totals') throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    expect(await rollups()).toEqual(withdrawn);
    const [left] = (await jobs()).filter((j) => j.status !== 'DONE');
    expect(left).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'killed' });
    // A process killed outright leaves its claim: RUNNING, and nobody running it.
    await database.db
      .update(rollupJobs)
      .set({ status: 'RUNNING' })
      .where(and(eq(rollupJobs.clientId, clientId), eq(rollupJobs.id, left!.id)));

    expect(await resumeRollupJobs(database.db)).toEqual([clientId]);
    expect((await jobs()).find((j) => j.id === left!.id)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(await resumeRollupJobs(database.db)).toEqual([]);
    const resumed = await rollups();
    expect(resumed.dates).toEqual(untouched.dates);
    expect(await freshRefresh()).toEqual(resumed);
  });

  it('coalesces the jobs of several imports into one rebuild from the earliest date', async () => {
    expect((await queued(batch(3, '2026-11-02', '2026-11-12'))).status).toBe('SUCCEEDED');
    expect((await queued(batch(4, '2026-08-20', '2026-11-13'))).status).toBe('SUCCEEDED');
    const messages: string[] = [];
    expect(await runRollupJobs(database.db, clientId, { onProgress: (m) => messages.push(m) })).toBe('done');
    expect(messages[0]).toContain('from 2026-08-20');
    expect((await jobs()).every((j) => j.status === 'DONE')).toBe(true);
    expect(await freshRefresh()).toEqual(await rollups());
  });

  it('runs once when two runners start together: the other skips', async () => {
    expect((await queued(batch(5, '2026-10-02', '2026-11-14'))).status).toBe('SUCCEEDED');
    const outcomes = await Promise.all([runRollupJobs(database.db, clientId), runRollupJobs(database.db, clientId)]);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    // The other found the client's lock taken (PostgreSQL) or, after it, nothing left to do (PGlite's one connection).
    expect(outcomes.filter((o) => o === 'busy' || o === 'idle')).toHaveLength(1);
    const refreshed = await queryRows(
      database.db,
      sql`select count(distinct refreshed_at)::int as n from ageing_snapshots where client_id = ${clientId} and as_of_date >= '2026-10-02'`,
      row({ n: col.num }),
    );
    expect(refreshed[0]!.n).toBe(1);
  });

  it('queues a full rebuild at start-up for figures behind the ledger with no job for them', async () => {
    await database.db.execute(sql`update data_update_times set integration_update_time = now(),
      view_update_time = now() - interval '1 hour' where client_id = ${clientId}`);
    await database.db.execute(
      sql`delete from ageing_snapshots where client_id = ${clientId} and as_of_date = ${TODAY}`,
    );
    expect(await resumeRollupJobs(database.db)).toEqual([clientId]);
    const [lost] = (await jobs()).slice(-1);
    expect(lost).toMatchObject({ importId: null, since: null, everyObligor: true, status: 'DONE' });
    expect(await resumeRollupJobs(database.db)).toEqual([]);
  });

  it('rebuilds once, not every minute, when the import was stamped by a clock ahead of this one', async () => {
    // The server that committed the import ran an hour ahead (or a demo seeded before 06:42 IST).
    await database.db.execute(sql`update data_update_times set integration_update_time = now() + interval '1 hour',
      view_update_time = now() - interval '1 hour' where client_id = ${clientId}`);
    expect(await resumeRollupJobs(database.db)).toEqual([clientId]);
    const [times] = await queryRows(
      database.db,
      sql`select view_update_time < integration_update_time as behind from data_update_times where client_id = ${clientId}`,
      row({ behind: col.bool }),
    );
    expect(times?.behind).toBe(false);
    // The next check (a minute later, or the next server's start-up) finds the figures current.
    expect(await resumeRollupJobs(database.db)).toEqual([]);
  });
});
