/**
 * Import rate: rows per second of `npm run import` for invoices and for payments, each batch
 * including staging, validation, the upserts, the settlement and the commit, into a scratch
 * PostgreSQL database and a scratch PGlite folder; the rollup job that follows each commit is
 * timed on its own ("rollups ready after N s"). Files are generated deterministically. Then the
 * same files as one batch (a client's first load) into a second client of the same database.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { createClient } from '@/lib/server/imports/create-client';
import { runImport } from '@/lib/server/imports/run-import';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { writeImportDataset } from './import-data';
import { importStepTimer, stepsLine, type ImportStep } from './import-steps';
import { referenceStatementMs, referenceText, type ReferenceMs } from './reference';

export interface ImportRate {
  kind: 'postgres' | 'pglite';
  invoices: number;
  payments: number;
  invoiceSeconds: number;
  paymentSeconds: number;
  invoicesPerSecond: number;
  paymentsPerSecond: number;
  /** Obligors, invoices and payments in one batch into a fresh client: seconds, and invoice + payment rows per second. */
  oneBatchSeconds: number;
  oneBatchPerSecond: number;
  /** Peak resident memory of the process during the run. */
  peakRssMb: number;
  /** Seconds per step (staging each file, validation, writing each kind, the settlement) of the three timed batches. */
  steps: { invoices: ImportStep[]; payments: ImportStep[]; oneBatch: ImportStep[] };
  /** Seconds from each batch's commit until its rollup job had rebuilt the figures. */
  rollupSeconds: { invoices: number; payments: number; oneBatch: number };
  /** The machine's single-core speed as the database sees it, before and after the batches (reference.ts). */
  referenceMs: ReferenceMs;
}

const TODAY = '2026-11-01';

async function scratch(
  kind: 'postgres' | 'pglite',
  pgUrl: string,
  work: string,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: path.join(work, 'pglite') });
    return { database, dispose: () => database.close() };
  }
  // The maintenance database: the bench database itself may not exist yet (an import-only run).
  const adminUrl = new URL(pgUrl);
  adminUrl.pathname = '/postgres';
  const admin = await openDatabase({ url: adminUrl.toString() });
  const name = 'receivables_import_bench';
  await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

export async function measureImportRate(
  kind: 'postgres' | 'pglite',
  rows: number,
  pgUrl: string,
  log: (message: string) => void,
): Promise<ImportRate> {
  const work = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  const { database, dispose } = await scratch(kind, pgUrl, work);
  try {
    await migrateDatabase(database);
    const before = await referenceStatementMs(database.db);
    log(`import ${kind}: reference statement (5M numeric sums) ${before} ms`);
    const { clientId } = await createClient(database.db, {
      code: 'IMPBENCH',
      name: 'Import Bench Traders',
      currency: 'INR',
      locale: 'en-IN',
      buckets: [30, 60, 90],
      dims: ['Region', 'Branch', 'Channel'],
      adminEmail: 'admin@impbench.test',
      adminName: 'Bench Admin',
      adminPassword: 'Bench#Import#2026',
    });
    log(`import ${kind}: writing ${rows.toLocaleString('en-IN')} invoices to ${work}`);
    const data = await writeImportDataset(path.join(work, 'batch'), rows);
    const source = (name: string) => ({
      name,
      open: () => createReadStream(path.join(data.dir, name), { highWaterMark: 1 << 20 }),
    });
    const run = async (names: string[], into = clientId) => {
      const timer = importStepTimer();
      const started = performance.now();
      const report = await runImport(database.db, {
        clientId: into,
        userId: null,
        source: 'CLI',
        files: names.map(source),
        today: TODAY,
        onProgress: timer.onProgress,
        rollups: 'queue',
      });
      const ended = performance.now();
      if (report.status !== 'SUCCEEDED')
        throw new Error(`${names.join('+')} refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
      // The rollup job's own steps (its progress messages), so that a slow "ready after" says where.
      const rollupTimer = importStepTimer();
      await waitForRollups(database.db, into, { onProgress: rollupTimer.onProgress });
      const rollupsEnded = performance.now();
      const rollupSeconds = (rollupsEnded - ended) / 1000;
      return {
        seconds: (ended - started) / 1000,
        steps: timer.steps(ended),
        rollupSeconds,
        rollupSteps: rollupTimer.steps(rollupsEnded),
      };
    };
    const ready = (r: { rollupSeconds: number; rollupSteps: ImportStep[] }) =>
      `; rollups ready after ${r.rollupSeconds.toFixed(1)} s (${stepsLine(r.rollupSteps)})`;
    await run(['obligors.csv']);
    const invoices = await run(['invoices.csv']);
    log(
      `import ${kind}: ${data.invoices.toLocaleString('en-IN')} invoices in ${invoices.seconds.toFixed(1)} s: ${stepsLine(invoices.steps)}${ready(invoices)}`,
    );
    const payments = await run(['payments.csv']);
    log(
      `import ${kind}: ${data.payments.toLocaleString('en-IN')} payments in ${payments.seconds.toFixed(1)} s: ${stepsLine(payments.steps)}${ready(payments)}`,
    );
    const second = await createClient(database.db, {
      code: 'IMPBENCH2',
      name: 'Import Bench Traders Two',
      currency: 'INR',
      locale: 'en-IN',
      buckets: [30, 60, 90],
      dims: ['Region', 'Branch', 'Channel'],
      adminEmail: 'admin@impbench2.test',
      adminName: 'Bench Admin',
      adminPassword: 'Bench#Import#2026',
    });
    const oneBatch = await run(['obligors.csv', 'invoices.csv', 'payments.csv'], second.clientId);
    log(
      `import ${kind}: obligors, invoices and payments as one batch in ${oneBatch.seconds.toFixed(1)} s: ${stepsLine(oneBatch.steps)}${ready(oneBatch)}`,
    );
    const after = await referenceStatementMs(database.db);
    return {
      kind,
      invoices: data.invoices,
      payments: data.payments,
      invoiceSeconds: invoices.seconds,
      paymentSeconds: payments.seconds,
      invoicesPerSecond: Math.round(data.invoices / invoices.seconds),
      paymentsPerSecond: Math.round(data.payments / payments.seconds),
      oneBatchSeconds: oneBatch.seconds,
      oneBatchPerSecond: Math.round((data.invoices + data.payments) / oneBatch.seconds),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      steps: { invoices: invoices.steps, payments: payments.steps, oneBatch: oneBatch.steps },
      rollupSeconds: {
        invoices: invoices.rollupSeconds,
        payments: payments.rollupSeconds,
        oneBatch: oneBatch.rollupSeconds,
      },
      referenceMs: { before, after },
    };
  } finally {
    clearInterval(sampler);
    await dispose();
    rmSync(work, { recursive: true, force: true });
  }
}

export function importRateLines(rates: ImportRate[]): string[] {
  return rates.map(
    (r) =>
      `import ${r.kind}: invoices ${r.invoicesPerSecond.toLocaleString('en-IN')} rows/s (${r.invoices.toLocaleString('en-IN')} in ${r.invoiceSeconds.toFixed(1)} s), ` +
      `payments ${r.paymentsPerSecond.toLocaleString('en-IN')} rows/s (${r.payments.toLocaleString('en-IN')} in ${r.paymentSeconds.toFixed(1)} s), ` +
      `all three as one batch ${r.oneBatchPerSecond.toLocaleString('en-IN')} invoice+payment rows/s (${r.oneBatchSeconds.toFixed(1)} s), ` +
      `peak RSS ${r.peakRssMb} MB; validation and settlement included; rollups ready after ${r.rollupSeconds.invoices.toFixed(1)} s, ${r.rollupSeconds.payments.toFixed(1)} s and ${r.rollupSeconds.oneBatch.toFixed(1)} s; ` +
      referenceText(r.referenceMs),
  );
}

export function writeImportRates(dir: string, rates: ImportRate[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'import-latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), rates }, null, 2)}\n`,
  );
}
