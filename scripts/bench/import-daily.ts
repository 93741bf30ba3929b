/**
 * The daily import: a batch of new invoices for existing customers and part payments of open
 * invoices into the benchmark's large ledger, as an ERP's daily export brings them. It runs in an
 * outer transaction that is rolled back, so the benchmark database is left as it was; the timing
 * covers staging, validation, upserts and the settlement (the commit itself is not included), and
 * the rollup job after it is timed on its own.
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { runImport } from '@/lib/server/imports/run-import';
import { runRollupJobs } from '@/lib/server/receivables/rollup-jobs';
import { importStepTimer, stepsLine, type ImportStep } from './import-steps';

export interface DailyImportRate {
  kind: string;
  ledgerInvoices: number;
  invoices: number;
  payments: number;
  seconds: number;
  rowsPerSecond: number;
  /** Seconds of the rollup job after the import: until the figures are ready. */
  rollupSeconds: number;
  /** Seconds per step of the import, from its progress messages. */
  steps: ImportStep[];
  peakRssMb: number;
}

class RollBack extends Error {}

const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

async function writeBatch(db: Db, clientId: number, today: string, invoices: number, dir: string): Promise<number> {
  const obligors = await queryRows(
    db,
    sql`
    select sys_obligor_code as code from obligors where client_id = ${clientId} order by sys_obligor_code`,
    row({ code: col.text }),
  );
  const open = await queryRows(
    db,
    sql`
    select sys_invoice_num as num, (amount - paid_to_date)::text as due from invoices
    where client_id = ${clientId} and status = 'OPEN' and doc_type = 'INVOICE' and amount - paid_to_date >= 2
    order by sys_invoice_num limit ${Math.ceil(invoices / 4)}`,
    row({ num: col.text, due: col.text }),
  );
  const stamp = Date.now().toString(36);
  const lines = ['sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount'];
  for (let i = 0; i < invoices; i++) {
    const issued = addDays(today, -(i % 3));
    lines.push(
      `D${stamp}-${i},DAY/${stamp}/${i},${obligors[(i * 7919) % obligors.length]!.code},${issued},${addDays(issued, 30)},${((i * 7919) % 90_000) + 1_000}.50`,
    );
  }
  writeFileSync(path.join(dir, 'invoices.csv'), `${lines.join('\n')}\n`);
  const payments = ['payment_ref,sys_invoice_num,paid_date,amount'];
  open.forEach((row, i) =>
    payments.push(
      `DP${stamp}-${i},${row.num},${addDays(today, -(i % 3))},${(Math.floor(Number(row.due) * 50) / 100).toFixed(2)}`,
    ),
  );
  writeFileSync(path.join(dir, 'payments.csv'), `${payments.join('\n')}\n`);
  return open.length;
}

export async function measureDailyImport(
  db: Db,
  kind: string,
  clientId: number,
  today: string,
  invoices: number,
  log: (message: string) => void,
): Promise<DailyImportRate> {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-daily-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  try {
    const ledger = await queryRow(
      db,
      sql`select count(*)::int as n from invoices where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    const payments = await writeBatch(db, clientId, today, invoices, dir);
    const source = (name: string) => ({ name, open: () => createReadStream(path.join(dir, name)) });
    const timer = importStepTimer();
    let seconds = 0;
    let rollupSeconds = 0;
    const started = performance.now();
    try {
      await db.transaction(async (tx) => {
        const report = await runImport(tx, {
          clientId,
          userId: null,
          source: 'CLI',
          today,
          files: [source('invoices.csv'), source('payments.csv')],
          onProgress: timer.onProgress,
          rollups: 'queue',
        });
        seconds = (performance.now() - started) / 1000;
        if (report.status !== 'SUCCEEDED')
          throw new Error(`daily batch refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
        await runRollupJobs(tx, clientId);
        rollupSeconds = (performance.now() - started) / 1000 - seconds;
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    const steps = timer.steps(started + seconds * 1000);
    const rows = invoices + payments;
    log(
      `daily import ${kind}: ${invoices.toLocaleString('en-IN')} invoices + ${payments.toLocaleString('en-IN')} payments into ` +
        `${ledger!.n.toLocaleString('en-IN')} invoices in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s); ` +
        `${stepsLine(steps)}; rollups ready after ${rollupSeconds.toFixed(1)} s`,
    );
    return {
      kind,
      ledgerInvoices: ledger!.n,
      invoices,
      payments,
      seconds,
      rowsPerSecond: Math.round(rows / seconds),
      rollupSeconds,
      steps,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    };
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function writeDailyImport(dir: string, rate: DailyImportRate): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `import-daily-${rate.kind.toLowerCase().replace(/\W+/g, '-')}.json`),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...rate }, null, 2)}\n`,
  );
}
