import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { writeImportDataset } from '@/scripts/bench/import-data';
import { testServerUrl } from '../helpers/db';
import { resumeRollupJobs } from '@/lib/server/receivables/rollup-jobs';
import { fingerprint, freshRollups, newClient, rollupRows } from './helpers';

/**
 * `npm run import` killed with SIGKILL while it writes: the batch is one transaction, so the
 * database holds nothing of it (PostgreSQL rolls back the dead session; PGlite recovers from its
 * WAL on the next open). Killed after the commit, while its rollup job rebuilds the figures: the
 * batch stays, and so does the job, which resumes. Runs the real CLI against a PGlite folder or a
 * scratch PostgreSQL database.
 */
const work = mkdtempSync(path.join(tmpdir(), 'import-kill-'));
let url: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const open = () => openDatabase(url ? { url } : { dataDir: path.join(work, 'pglite') });

beforeAll(async () => {
  const server = testServerUrl();
  if (server) {
    const name = `rd_kill_${process.pid}`;
    const admin = await openDatabase({ url: server });
    await admin.db.execute(sql.raw(`drop database if exists ${name}`));
    await admin.db.execute(sql.raw(`create database ${name}`));
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  }
  const database = await open();
  await migrateDatabase(database);
  await newClient(database.db, 'KILL');
  await database.close();
  await writeImportDataset(path.join(work, 'batch'), 60_000);
}, 300_000);
afterAll(async () => {
  await dropDatabase?.();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Runs `npm run import` of the batch folder and kills it (SIGKILL) once its output matches `when`;
 * `killed` is false when it ended first.
 */
async function importKilledAt(when: RegExp): Promise<{ killed: boolean; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=react-server', 'scripts/import.ts', '--client', 'KILL', path.join(work, 'batch')],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: url ?? '', DATA_DIR: path.join(work, 'pglite') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const killed = await new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (when.test(output) && !child.killed) {
        child.kill('SIGKILL');
        resolve(true);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => resolve(false));
  });
  await new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.on('exit', resolve),
  );
  return { killed, output };
}

describe('a process killed mid-import', () => {
  it('leaves the database unchanged', async () => {
    let database: Database = await open();
    const clientId = (
      await queryRows(database.db, sql`select id from clients where code = 'KILL'`, row({ id: col.int }))
    )[0]!.id;
    const before = await fingerprint(database.db, clientId);
    await database.close();

    // Killed once rows are being written: staging done, upserts under way.
    const { killed, output } = await importKilledAt(/invoices\.csv: \d[\d,]* rows staged/);
    expect(killed, `the import ended before it could be killed:\n${output}`).toBe(true);

    database = await open();
    try {
      expect(await fingerprint(database.db, clientId)).toBe(before);
      const imported = await queryRow(database.db, sql`select count(*)::int as n from imports`, row({ n: col.int }));
      expect(imported?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('killed while its rollup job runs, keeps the committed batch and the job, which resumes to the figures of a fresh refresh', async () => {
    const { killed, output } = await importKilledAt(/rebuilding the ageing rollups/);
    expect(killed, `the rollup job ended before it could be killed:\n${output}`).toBe(true);
    const database = await open();
    try {
      const clientId = (
        await queryRows(database.db, sql`select id from clients where code = 'KILL'`, row({ id: col.int }))
      )[0]!.id;
      const [job] = await queryRows(
        database.db,
        sql`select status, attempts, as_of::text as "asOf" from rollup_jobs where client_id = ${clientId}`,
        row({ status: col.text, attempts: col.int, asOf: col.text }),
      );
      // The batch is committed; the job it queued was claimed and died with its runner.
      expect(job).toMatchObject({ status: 'RUNNING', attempts: 1 });
      expect((await rollupRows(database.db, clientId)).dates).toEqual([]);
      // PostgreSQL ends the dead runner's session (and its lock) once its statement ends: until then a resume skips.
      let resumedFor: number[] = [];
      for (let tries = 0; tries < 60 && !resumedFor.length; tries++) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 1000));
        resumedFor = await resumeRollupJobs(database.db);
      }
      expect(resumedFor).toEqual([clientId]);
      const resumed = await rollupRows(database.db, clientId);
      expect(resumed.dates.length).toBeGreaterThan(10);
      expect(await freshRollups(database.db, clientId, job!.asOf)).toEqual(resumed);
    } finally {
      await database.close();
    }
  }, 300_000);
});
