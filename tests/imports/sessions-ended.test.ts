import { createReadStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openDatabase, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { queryRows } from '@/lib/db/query';
import { row, col } from '@/lib/db/rows';
import { GET as currentUser } from '@/app/api/borrowers/user/route';
import { buildForecastStore, refreshStaleForecasts } from '@/lib/server/forecast/forecast-store';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { runImport } from '@/lib/server/imports/run-import';
import { resumeRollupJobs, runRollupJobs } from '@/lib/server/receivables/rollup-jobs';
import { writeImportDataset } from '@/scripts/bench/import-data';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { testServerUrl } from '../helpers/db';
import { freshRollups, newClient, PASSWORD, rollupRows, TODAY } from './helpers';

/**
 * The database server ends the app's sessions in the middle of its work (a restart, an operator's
 * pg_terminate_backend): an import, a rollup job and a forecast build each fail without writing half,
 * the same work done again ends as a fresh run would, and the pools reconnect by themselves.
 * PostgreSQL only: PGlite runs inside the process and has no sessions to end. A process killed in
 * the middle is tests/imports/killed.test.ts; reminders are tests/api/dunning-faults.test.ts.
 */
const server = testServerUrl();
const work = mkdtempSync(path.join(tmpdir(), 'sessions-ended-'));
let url: string;
let admin: pg.Client;
let jobs: Database;
let clientId: number;
let adminEmail: string;

const files = (): ImportSource[] =>
  readdirSync(path.join(work, 'batch')).map((name) => ({
    name,
    open: () => createReadStream(path.join(work, 'batch', name)),
  }));

/** Ends every session the app holds on the scratch database, as a server restart would. */
async function endAppSessions(): Promise<number> {
  const result = await admin.query(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = $1 and application_name like 'receivables-%' and pid <> pg_backend_pid()`,
    [new URL(url).pathname.slice(1)],
  );
  return result.rows[0].n as number;
}

/** How many sessions the app still holds on the scratch database. */
async function appSessionsLeft(): Promise<number> {
  const result = await admin.query(
    `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name like 'receivables-%'`,
    [new URL(url).pathname.slice(1)],
  );
  return result.rows[0].n as number;
}

/** The ledger an import writes, without the times it was written at. */
async function ledger(db: Database['db']): Promise<string> {
  const rows = await queryRows(
    db,
    sql`select
      (select count(*) || ':' || coalesce(sum(amount), 0) || ':' || coalesce(sum(paid_to_date), 0) from invoices where client_id = ${clientId}) as invoices,
      (select count(*) || ':' || coalesce(sum(amount), 0) from payments where client_id = ${clientId}) as payments,
      (select count(*) from obligors where client_id = ${clientId}) as obligors,
      (select count(*) from imports where client_id = ${clientId}) as imports`,
    row({ invoices: col.text, payments: col.text, obligors: col.int, imports: col.int }),
  );
  return JSON.stringify(rows);
}

describe.skipIf(!server)('the database ends the app sessions mid-way (PostgreSQL)', () => {
  beforeAll(async () => {
    const name = `rd_ended_${process.pid}`;
    admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(server!);
    u.pathname = `/${name}`;
    url = u.toString();
    jobs = await openDatabase({ url, role: 'jobs' });
    await migrateDatabase(jobs);
    ({ clientId, email: adminEmail } = await newClient(jobs.db, 'ENDED'));
    await writeImportDataset(path.join(work, 'batch'), 20_000);
  }, 300_000);
  afterAll(async () => {
    await jobs?.close();
    await admin?.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin?.end();
    rmSync(work, { recursive: true, force: true });
  });

  it('an import ended mid-write leaves nothing, and the same batch imported again is whole', async () => {
    const before = await ledger(jobs.db);
    let ended = 0;
    const attempt = runImport(jobs.db, {
      clientId,
      userId: null,
      source: 'CLI',
      files: files(),
      today: TODAY,
      rollups: 'queue',
      onProgress: (message) => {
        if (!ended && /rows staged/.test(message)) ended = -1;
      },
    });
    // Ended once rows are being written (the progress callback cannot await).
    const watcher = (async () => {
      while (ended === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      ended = await endAppSessions();
    })();
    await expect(attempt).rejects.toThrow();
    await watcher;
    expect(ended).toBeGreaterThan(0);
    // The pool replaced the ended connections: the next statement just works.
    expect(await ledger(jobs.db)).toBe(before);

    const report = await runImport(jobs.db, {
      clientId,
      userId: null,
      source: 'CLI',
      files: files(),
      today: TODAY,
      rollups: 'queue',
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(JSON.parse(await ledger(jobs.db))[0]).toMatchObject({ invoices: expect.stringMatching(/^20000:/) });
  }, 300_000);

  it('a rollup job ended mid-rebuild resumes to the figures of a fresh refresh', async () => {
    let ending: Promise<number> | null = null;
    await expect(
      runRollupJobs(jobs.db, clientId, {
        onProgress: (message) => {
          if (!ending && /rebuilding|dates/.test(message)) ending = endAppSessions();
        },
      }),
    ).rejects.toThrow();
    expect(await ending).toBeGreaterThan(0);
    let resumed: number[] = [];
    for (let tries = 0; tries < 60 && !resumed.length; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 1000));
      resumed = await resumeRollupJobs(jobs.db);
    }
    expect(resumed).toEqual([clientId]);
    const after = await rollupRows(jobs.db, clientId);
    expect(after.dates.length).toBeGreaterThan(10);
    expect(await freshRollups(jobs.db, clientId, TODAY)).toEqual(after);
  }, 300_000);

  it('a forecast build ended mid-way leaves no build, and the next one equals a fresh build', async () => {
    const now = new Date(`${TODAY}T06:30:00Z`);
    // The client's first import built its stored forecast: start from none, as the jobs find a
    // client whose forecast is stale.
    await jobs.db.execute(sql`delete from forecast_builds where client_id = ${clientId}`);
    await jobs.db.execute(sql`delete from forecast_sums where client_id = ${clientId}`);
    let ending: Promise<number> | null = null;
    await expect(
      buildForecastStore(jobs.db, clientId, now, () => {
        ending ??= endAppSessions();
      }),
    ).rejects.toThrow();
    expect(await ending).toBeGreaterThan(0);
    const builds = async () =>
      queryRows(
        jobs.db,
        sql`select count(*) as n from forecast_builds where client_id = ${clientId}`,
        row({ n: col.int }),
      );
    expect((await builds())[0]!.n).toBe(0);

    expect(await refreshStaleForecasts(jobs.db, now)).toEqual([clientId]);
    const stored = async () =>
      JSON.stringify(
        await queryRows(
          jobs.db,
          sql`select level, key, from_date::text as "fromDate", (expected, variance, actual, later, disputed, not_expected, open)::text as sums
            from forecast_sums where client_id = ${clientId} order by level, key, from_date`,
          row({ level: col.text, key: col.text, fromDate: col.day, sums: col.text }),
        ),
      );
    const resumed = await stored();
    await jobs.db.execute(sql`delete from forecast_builds where client_id = ${clientId}`);
    await jobs.db.execute(sql`delete from forecast_sums where client_id = ${clientId}`);
    expect(await buildForecastStore(jobs.db, clientId, now)).toBe(true);
    expect(await stored()).toBe(resumed);
  }, 300_000);

  it("the requests' pool reconnects by itself: after its sessions end, the next call is answered", async () => {
    const requests = await openDatabase({ url, role: 'requests' });
    installDatabase(requests);
    try {
      const { cookie } = await sessionCookieFor(requests.db, adminEmail, PASSWORD);
      expect((await callRoute(currentUser, '/api/borrowers/user', { cookie })).status).toBe(200);
      expect(await endAppSessions()).toBeGreaterThan(0);
      // Until the server has closed them, a call may meet a dying connection: it answers 503, never hangs.
      expect([200, 503]).toContain((await callRoute(currentUser, '/api/borrowers/user', { cookie })).status);
      while (await appSessionsLeft()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await callRoute(currentUser, '/api/borrowers/user', { cookie })).status).toBe(200);
    } finally {
      await requests.close();
    }
  }, 60_000);
});
