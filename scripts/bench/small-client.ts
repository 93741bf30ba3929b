/**
 * A small client beside the large one (`npm run bench -- --small-client`): a new client's first
 * ledger (2,466 invoices, the size of a small distributor's two years) is imported into the seeded
 * PostgreSQL benchmark database beside the scale-17 client, and every call of the benchmark is
 * answered for it at once, with no warm-up and no ANALYZE of our own: the planner must already know
 * the new client's rows (the import analyses a table when its statistics misjudge the importing
 * client, run-import.ts), or a statement planned for the million-invoice client runs for seconds.
 * Then the collections workbook of the last month end, the report that once took a minute here.
 * Everything runs in one transaction that is rolled back, so the benchmark database is left as it was.
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endOfMonth, parseISO, subMonths } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { iso } from '@/lib/domain/dates';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { sessionFor } from '@/lib/server/auth/sign-in';
import { createClient } from '@/lib/server/imports/create-client';
import { runImport } from '@/lib/server/imports/run-import';
import { runRollupJobs } from '@/lib/server/receivables/rollup-jobs';
import { prepareReport } from '@/lib/server/reports/download-report';
import type { ReportSheet } from '@/lib/server/reports/workbook-writer';
import { findUserByEmail } from '@/lib/server/users/load-user';
import { benchCalls, callContext } from './calls';
import { writeImportDataset } from './import-data';
import { p95TargetOf } from './targets';
import { summarise, type Timing } from './timing';

/** The invoices of the public factoring ledger the product was checked against. */
const SMALL_CLIENT_INVOICES = 2466;
/** Timed runs of each call after its first answer. */
const REPEATS = 5;
const REPORT = 'COLLECTIONS_BY_MONTH';

interface SmallClientCall {
  id: string;
  label: string;
  /** The first answer, right after the import: what the client's first user waits. */
  firstMs: number;
  /** The runs after it. */
  after: Timing;
  overTarget: boolean;
}

export interface SmallClientRun {
  invoices: number;
  importSeconds: number;
  rollupSeconds: number;
  calls: SmallClientCall[];
  workbook: { report: string; date: string; rows: number; seconds: number };
}

class RollBack extends Error {}

const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
};

/** The last month end before today: a past date's workbook (no rollup of today answers it). */
const lastMonthEnd = (today: string) => iso(endOfMonth(subMonths(parseISO(today), 1)));

/** Streams every row of the report's sheets, as the download does, and counts them. */
async function readWorkbook(db: Db, email: string, clientId: number, date: string): Promise<number> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  const session = await sessionFor(db, user);
  const { ctx, sheets } = await prepareReport(db, session, obligorScope(session), { clientId, report: REPORT, date });
  let rows = 0;
  for (const sheet of (await sheets(ctx)) as ReportSheet<unknown>[]) for await (const _ of sheet.rows) rows += 1;
  return rows;
}

export async function measureSmallClient(db: Db, today: string, log: (m: string) => void): Promise<SmallClientRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-client-'));
  let run: SmallClientRun | undefined;
  try {
    const data = await writeImportDataset(dir, SMALL_CLIENT_INVOICES);
    const source = (name: string) => ({ name, open: () => createReadStream(path.join(data.dir, name)) });
    try {
      await db.transaction(async (tx) => {
        const email = `admin@small-${Date.now().toString(36)}.bench`;
        const { clientId } = await createClient(tx, {
          code: `SMALL${Date.now().toString(36).toUpperCase()}`,
          name: 'Small Bench Traders',
          currency: 'INR',
          locale: 'en-IN',
          buckets: [30, 60, 90],
          dims: ['Region', 'Channel', 'Category'],
          adminEmail: email,
          adminName: 'Small Admin',
          adminPassword: 'small-bench-password-1',
        });
        const [report, importMs] = await time(() =>
          runImport(tx, {
            clientId,
            userId: null,
            source: 'CLI',
            today,
            files: [source('obligors.csv'), source('invoices.csv'), source('payments.csv')],
            rollups: 'queue',
          }),
        );
        if (report.status !== 'SUCCEEDED')
          throw new Error(`small client's import refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
        const [, rollupMs] = await time(() => runRollupJobs(tx, clientId));
        log(
          `small client: ${data.invoices.toLocaleString('en-IN')} invoices imported in ${(importMs / 1000).toFixed(1)} s, rollups in ${(rollupMs / 1000).toFixed(1)} s`,
        );
        const calls: SmallClientCall[] = [];
        const ctx = await callContext(tx, clientId, today);
        for (const call of benchCalls(ctx)) {
          const [, firstMs] = await time(() => call.service(tx));
          const samples: number[] = [];
          for (let i = 0; i < REPEATS; i++) samples.push((await time(() => call.service(tx)))[1]);
          const after = summarise(samples);
          const overTarget = Math.max(firstMs, after.p95) > p95TargetOf(call.id, 'postgres');
          calls.push({ id: call.id, label: call.label, firstMs, after, overTarget });
          log(
            `small client ${call.label}: first ${firstMs.toFixed(1)} ms, then p95 ${after.p95.toFixed(1)} ms${overTarget ? ' — OVER TARGET' : ''}`,
          );
        }
        const date = lastMonthEnd(today);
        const [rows, workbookMs] = await time(() => readWorkbook(tx, email, clientId, date));
        log(
          `small client ${REPORT} as of ${date}: ${rows.toLocaleString('en-IN')} rows in ${(workbookMs / 1000).toFixed(1)} s`,
        );
        run = {
          invoices: data.invoices,
          importSeconds: importMs / 1000,
          rollupSeconds: rollupMs / 1000,
          calls,
          workbook: { report: REPORT, date, rows, seconds: workbookMs / 1000 },
        };
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!run) throw new Error('small client: nothing measured');
  return run;
}

export function writeSmallClient(dir: string, run: SmallClientRun): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'small-client-latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...run }, null, 2)}\n`,
  );
}
