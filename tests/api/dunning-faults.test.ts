import { spawn } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { resumeStaleRuns, runReminders } from '@/lib/server/dunning/runs';
import { testServerUrl, type TestDatabase } from '../helpers/db';
import { setUpDunningClient } from '../helpers/dunning';
import { mailCatcher } from '../helpers/mail';
import { createSeededDatabase } from '../helpers/seeded';

/**
 * A reminder run whose runner dies half-way, by a killed process or by the database ending its
 * sessions: resumed, every customer due a reminder gets one, and none twice. A message is claimed
 * SENDING before its mail goes and marked SENT after; a mail sent again on resume carries the same
 * Message-ID, so the customer's mailbox keeps one. PostgreSQL only (a second process and sessions to end).
 */
const server = testServerUrl();
/** The hand ledger's customers whose mail the catcher accepts (tests/helpers/dunning.ts). */
const MAILED = ['accounts@patil.example', 'accounts@ganesh.example', 'rk@raokulkarni.example'];

const mail = mailCatcher({ delayMs: 400 });
let database: TestDatabase;
let clientId: number;

const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

/** Per recipient, the distinct Message-IDs that reached the mailbox. */
function mailbox(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of mail.inbox) out[m.to] = [...new Set([...(out[m.to] ?? []), messageId(m.raw) ?? '?'])];
  return out;
}

async function messagesByStatus(): Promise<Record<string, string[]>> {
  const rows = await queryRows(
    database.db,
    sql`select status, sys_obligor_code as code from dunning_messages where client_id = ${clientId} order by code`,
    row({ status: col.text, code: col.text }),
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.status] ??= []).push(r.code);
  return out;
}

/** Waits until `ready` holds (a few seconds at most). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!server)('a reminder run whose runner dies half-way (PostgreSQL)', () => {
  beforeAll(async () => {
    await mail.start();
    database = await createSeededDatabase();
    ({ clientId } = await setUpDunningClient(database));
  }, 300_000);
  afterAll(async () => {
    await mail.stop();
    await database?.dispose();
  });

  let since = new Date();

  async function expectEveryoneRemindedOnce() {
    expect(Object.fromEntries(Object.entries(mailbox()).map(([to, ids]) => [to, ids.length]))).toEqual(
      Object.fromEntries(MAILED.map((to) => [to, 1])),
    );
    const byStatus = await messagesByStatus();
    expect(byStatus.SENDING).toBeUndefined();
    expect(byStatus.SENT?.sort()).toEqual(['KT', 'PA', 'RK', 'SG', 'WA']);
    const tasks = await queryRows(
      database.db,
      sql`select sys_obligor_code as code, count(*)::int as n from tasks where client_id = ${clientId}
        and created_at >= ${since.toISOString()}::timestamptz and sys_obligor_code in ('KT', 'WA') group by 1 order by 1`,
      row({ code: col.text, n: col.int }),
    );
    expect(tasks).toEqual([
      { code: 'KT', n: 1 },
      { code: 'WA', n: 1 },
    ]);
  }

  /** A clean day for the next test: no run or message of today, an empty mailbox, tasks counted from now. */
  async function reset() {
    mail.inbox.length = 0;
    since = new Date();
    await database.db.execute(sql`delete from dunning_messages where client_id = ${clientId}`);
    await database.db.execute(sql`delete from dunning_runs where client_id = ${clientId}`);
  }

  it('killed mid-run, it is resumed: every customer reminded once, none twice', async () => {
    await reset();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=react-server', 'tests/helpers/reminder-run-child.ts'],
      {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: database.url, CLIENT_ID: String(clientId) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Killed while its second mail waits for the server's OK: that one arrived but is not marked sent.
    await until(() => mail.inbox.length >= 2 || child.exitCode !== null);
    child.kill('SIGKILL');
    await exited;
    expect(output, output).not.toMatch(/reminder run finished/);
    expect((await messagesByStatus()).SENDING?.length ?? 0).toBeGreaterThan(0);

    expect(await resumeStaleRuns(database.db, { staleAfterMs: 0 })).toHaveLength(1);
    await expectEveryoneRemindedOnce();
  }, 300_000);

  it('its database sessions ended mid-run, it is resumed: every customer reminded once, none twice', async () => {
    await reset();
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      const running = runReminders(database.db, { clientId, userId: null, trigger: 'DAILY', dryRun: false });
      await until(() => mail.inbox.length >= 2);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name like 'receivables-%'`,
        [new URL(database.url!).pathname.slice(1)],
      );
      await running.catch(() => undefined);
    } finally {
      await admin.end();
    }
    const [run] = await queryRows(
      database.db,
      sql`select status from dunning_runs where client_id = ${clientId}`,
      row({ status: col.text }),
    );
    if (run?.status === 'RUNNING') expect(await resumeStaleRuns(database.db, { staleAfterMs: 0 })).toHaveLength(1);
    await expectEveryoneRemindedOnce();
  }, 300_000);
});
