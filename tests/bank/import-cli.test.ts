import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { newClient } from '../imports/helpers';

/** `npm run import -- --bank-statement` run as the real command line, against a PGlite folder of its own. */
const work = mkdtempSync(path.join(tmpdir(), 'bank-cli-'));
const dataDir = path.join(work, 'pglite');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'bank');

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await newClient(database.db, 'CASH');
  await database.close();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function importCli(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=react-server', 'scripts/import.ts', '--client', 'CASH', ...args],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run import -- --bank-statement FILE --account LABEL [--mapping …]', () => {
  it('stores the statement, refuses a broken one with its line and exit code 1, a bad mapping with exit code 2', async () => {
    const ok = await importCli(['--bank-statement', path.join(FIXTURES, 'kotak.csv'), '--account', 'Kotak current']);
    expect(ok.code, ok.output).toBe(0);
    expect(ok.output).toMatch(/"lines":3,"matched":0,"suggested":0,"unmatched":2,"ignored":1,"duplicates":0/);

    const broken = path.join(work, 'kotak-broken.csv');
    writeFileSync(broken, readFileSync(path.join(FIXTURES, 'kotak.csv'), 'utf8').replace('17.70', '17.00'));
    const refused = await importCli(['--bank-statement', broken, '--account', 'Kotak current']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('line 7 (balance)');

    const badMapping = await importCli(['--bank-statement', broken, '--mapping', 'date=Posted,memo=Details']);
    expect(badMapping.code).toBe(2);
    expect(badMapping.output).toContain('--mapping: "memo" is not a field');

    const database = await openDatabase({ dataDir });
    try {
      const lines = await queryRows(
        database.db,
        sql`select l.status, l.channel from bank_lines l join bank_accounts a on a.client_id = l.client_id and a.id = l.bank_account_id
            where a.label = 'Kotak current' order by l.file_line`,
        row({ status: col.text, channel: col.text }),
      );
      expect(lines).toEqual([
        { status: 'UNMATCHED', channel: 'NEFT' },
        { status: 'UNMATCHED', channel: 'UPI' },
        { status: 'IGNORED', channel: 'OTHER' },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
