import 'server-only';
import { z } from 'zod';
import { LOCKS, lockClient } from '@/lib/db/locks';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TImportReport } from '@/lib/contract/imports';
import type { Db } from '@/lib/db/client';
import { allowParallelWorkers, queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { clients, dataUpdateTimes, imports } from '@/lib/db/schema';
import { todayIso } from '@/lib/domain/dates';
import { recogniseErpCopies } from '@/lib/server/bank/erp-copies';
import { refreshSettlement } from '@/lib/server/receivables/refresh-rollups';
import { buildFirstForecast } from '@/lib/server/forecast/forecast-store';
import { earliestChange } from './change-dates';
import { queueRollupJob, startRollupJobs, waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { checkPromises } from '@/lib/server/promises/check-promises';
import {
  APPLY_ORDER,
  applyAllocations,
  applyInstalments,
  applyInvoices,
  applyObligors,
  applyDisputes,
  applyPayments,
  applyRatings,
  type ApplyContext,
  type KindCounts,
} from './apply';
import { IMPORT_KINDS, type ImportKind } from './formats';
import { kindOfFile } from './header-plan';
import { ErrorSink, readIntoStage, type FileSummary, type ImportSource } from './read-file';
import { createStageTables, indexStageTables, skippedRows } from './stage';
import { validateStaged } from './validate';
import { tellDateOrders } from './date-order';
import { auditBatch } from './audit-batch';
import { applyCheques } from './cheque-import';
import type { DateOrder } from './values';
import { allocateReExportedReceipts } from './re-exported-receipts';

export interface ImportOptions {
  clientId: number;
  /** The uploading user (credit limit history's changed_by); null from the command line. */
  userId: number | null;
  source: 'CLI' | 'UPLOAD';
  files: ImportSource[];
  /** The as-of day of the rollup refresh (tests and reproducible runs); the client's today by default. */
  today?: string;
  /**
   * The ageing rollups are rebuilt by a job after the commit: `wait` runs it and returns when the
   * figures are ready (the default: the command line, tests), `background` starts it and returns
   * at once (an upload), `queue` leaves it to the caller (`runRollupJobs`, timed on its own).
   */
  rollups?: 'wait' | 'background' | 'queue';
  /**
   * Import the good rows and skip the bad ones (and the rows that depend on them) instead of
   * refusing the batch. An unreadable file or header still refuses it.
   */
  skipBadRows?: boolean;
  /** How the files write slashed dates; absent: told from each file's values (date-order.ts). */
  dateOrder?: DateOrder;
  onProgress?: (message: string) => void;
}

/** Thrown inside the transaction to roll the whole batch back. */
class BatchRejected extends Error {}

/** The kind of each file, or errors: unknown names, two files of one kind, an empty batch. */
function planFiles(files: ImportSource[], sink: ErrorSink): Map<ImportKind, ImportSource> {
  const byKind = new Map<ImportKind, ImportSource>();
  if (!files.length)
    sink.add(
      {
        file: '',
        line: 0,
        column: '',
        reason: 'no files: give obligors, invoices, payments or ratings (.csv or .xlsx)',
      },
      true,
    );
  for (const file of files) {
    const kind = kindOfFile(file.name);
    if (!kind) {
      sink.add(
        {
          file: file.name,
          line: 0,
          column: '',
          reason: `not an import file: name it ${IMPORT_KINDS.map((k) => `${k}.csv`).join(', ')} (or .xlsx)`,
        },
        true,
      );
    } else if (byKind.has(kind)) {
      sink.add(
        {
          file: file.name,
          line: 0,
          column: '',
          reason: `a second ${kind} file (${byKind.get(kind)?.name} is the first): one file per kind`,
        },
        true,
      );
    } else byKind.set(kind, file);
  }
  return byKind;
}

/**
 * Imports one batch for one client in one transaction: stage every file, validate, and only when
 * no row has an error upsert them, settle the items, set the integration update time and queue the
 * rollup job that rebuilds the figures after the commit. A failed batch writes nothing but its
 * report row. A process killed half-way leaves nothing behind; killed after the commit, it leaves
 * the job to resume.
 */
export async function runImport(db: Db, options: ImportOptions): Promise<TImportReport> {
  const started = new Date();
  const startedMs = performance.now();
  const progress = options.onProgress ?? (() => {});
  const [client] = await db.select().from(clients).where(eq(clients.id, options.clientId));
  if (!client || client.kind !== 'BORROWER') throw new Error(`no borrower client ${options.clientId}`);
  const today = options.today ?? todayIso(started, client.timeZone);
  const sink = new ErrorSink();
  const byKind = planFiles(options.files, sink);
  let summaries: FileSummary[] = [];
  const counts: Partial<Record<ImportKind, KindCounts>> = {};
  let dimensionValuesCreated = 0;
  const warnings: string[] = []; // the date orders told or assumed; bank receipts the ERP's copy replaced

  const report = (status: TImportReport['status'], id: number): TImportReport => {
    const changes = Object.values(counts).reduce((n, c) => n + c.inserted + c.updated, 0);
    return {
      id,
      status,
      files: summaries.map(({ name, kind, rows }) => ({ name, kind, rows })),
      counts,
      changes,
      dimensionValuesCreated,
      errorCount: sink.count,
      skipped: Object.values(counts).reduce((n, c) => n + c.skipped, 0),
      warnings,
      // By file, then line: format errors and reference errors of a row side by side.
      errors: [...sink.errors].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
      startedAt: started.toISOString(),
      durationMs: Math.round(performance.now() - startedMs),
    };
  };
  const record = async (tx: Db, result: TImportReport) => {
    const [row] = await tx
      .insert(imports)
      .values({
        clientId: options.clientId,
        source: options.source,
        userId: options.userId,
        status: result.status,
        files: result.files,
        counts: result.counts,
        errorCount: result.errorCount,
        errors: result.errors,
        startedAt: started,
        finishedAt: new Date(),
        durationMs: result.durationMs,
      })
      .returning({ id: imports.id });
    await auditBatch(tx, options, row!.id, result);
    return row!.id;
  };

  try {
    // Before the transaction: a file whose order cannot be told refuses the batch, skipBadRows or not.
    const dateOrders = options.dateOrder ? null : await tellDateOrders(byKind, sink, warnings, progress);
    if (sink.fatal) throw new BatchRejected();
    const imported = await db.transaction(async (tx) => {
      // One import per client at a time; another waits here rather than interleaving upserts.
      await lockClient(tx, LOCKS.clientLedger, options.clientId);
      // The batch's statements run once each over large tables: compiling them (JIT) costs more than it saves.
      await tx.execute(sql`set local jit = off`);
      // A batch checks and settles against the whole ledger, like the background rebuilds.
      await allowParallelWorkers(tx);
      await createStageTables(tx);
      for (const kind of IMPORT_KINDS) {
        const source = byKind.get(kind);
        if (!source) continue;
        const dateOrder = options.dateOrder ?? dateOrders?.get(kind) ?? 'dmy';
        progress(`${source.name}: reading`);
        summaries.push(
          await readIntoStage(tx, source, kind, { currency: client.currency, dateOrder }, sink, (rows) => {
            if (rows % 100_000 < 1000) progress(`${source.name}: ${rows.toLocaleString('en-IN')} rows staged`);
          }),
        );
        progress(`${source.name}: ${summaries.at(-1)!.rows.toLocaleString('en-IN')} rows staged`);
      }
      summaries = IMPORT_KINDS.flatMap((k) => summaries.filter((s) => s.kind === k));
      await indexStageTables(tx);
      const reExported = await allocateReExportedReceipts(tx, options.clientId, today);
      if (reExported) progress(`payments: ${reExported} re-exported receipts allocated to the bills they name`);
      await recogniseErpCopies(tx, options.clientId, warnings); // one receipt counts once: the ERP's copy wins
      // Rows with format errors are staged with their keys, so references are checked for every
      // row all the same: one report names every problem of the batch.
      progress('validating references');
      await validateStaged(tx, options.clientId, summaries, sink, options.skipBadRows);
      if (sink.fatal || (sink.count && !options.skipBadRows)) throw new BatchRejected();
      const skipped = await skippedRows(tx);
      const ctx: ApplyContext = { db: tx, clientId: options.clientId, userId: options.userId, today, skipped };
      for (const kind of APPLY_ORDER) {
        const file = summaries.find((s) => s.kind === kind);
        if (!file && !(kind === 'allocations' && reExported)) continue;
        progress(`${file?.name ?? 'payments'}: writing${file ? '' : ' allocations'}`);
        if (!file) counts.allocations = await applyAllocations(ctx, reExported);
        else if (kind === 'obligors') {
          const { dimensionValues, ...c } = await applyObligors(ctx, file.columns, file.rows);
          counts.obligors = c;
          dimensionValuesCreated = dimensionValues;
        } else if (kind === 'ratings') counts.ratings = await applyRatings(ctx, file.rows);
        else if (kind === 'invoices') counts.invoices = await applyInvoices(ctx, file.rows);
        else if (kind === 'instalments') counts.instalments = await applyInstalments(ctx, file.rows);
        else if (kind === 'payments') counts.payments = await applyPayments(ctx, file.rows);
        else if (kind === 'disputes') counts.disputes = await applyDisputes(ctx, file.rows);
        else if (kind === 'cheques') counts.cheques = await applyCheques(ctx, file.rows);
        else counts.allocations = await applyAllocations(ctx, file.rows + reExported);
      }
      // Files with a header and no rows (or an unreadable workbook's first sheet) bring nothing: the
      // ledger, its figures and the integration update time stay exactly as they were.
      if (summaries.every((s) => s.rows === 0)) {
        progress('no rows in the batch: nothing changes');
        const empty = report('SUCCEEDED', 0);
        return { ...empty, id: await record(tx, empty) };
      }
      const changed = Object.values(counts).some((c) => c.inserted + c.updated > 0);
      if (changed) await analyseGrownTables(tx, options.clientId, counts, progress);
      const since = changed ? await earliestChange(tx, counts) : undefined;
      // Only new rows (since is set): no stored item lost a payment and no customer moved, so only the
      // batch's items can settle differently and only the batch's customers can age differently.
      const scope: { items?: SQL; obligors?: SQL } = since ? await batchScope(tx, options.clientId) : {};
      // Settled here, not by the job: reads of dates without rollups skip settled items.
      if (changed) {
        progress('settling the paid items');
        await refreshSettlement(tx, options.clientId, scope.items);
      }
      // Payments just imported may keep (or, past their date, settle) promises to pay.
      await checkPromises(tx, options.clientId, today);
      const committedAt = new Date();
      await tx
        .insert(dataUpdateTimes)
        .values({ clientId: options.clientId, integrationUpdateTime: committedAt })
        .onConflictDoUpdate({ target: dataUpdateTimes.clientId, set: { integrationUpdateTime: committedAt } });
      const result = report('SUCCEEDED', 0);
      const id = await record(tx, result);
      // An unchanged ledger keeps its month-end rollups; today's are rebuilt all the same.
      await queueRollupJob(tx, {
        clientId: options.clientId,
        importId: id,
        queuedAt: committedAt,
        asOf: today,
        since: changed ? since : today,
        obligors: scope.obligors,
      });
      progress(
        changed
          ? `rollup job queued: the ageing rollups${since ? ` from ${since}` : ''} are rebuilt after the commit`
          : "no changes: rollup job queued for today's rollups",
      );
      return { ...result, id };
    });
    if (imported.status === 'SUCCEEDED' && summaries.some((s) => s.rows > 0)) {
      if ((options.rollups ?? 'wait') === 'wait') await waitForRollups(db, options.clientId, { onProgress: progress });
      else if (options.rollups === 'background') startRollupJobs(options.clientId);
      // A client's first import builds its stored cash-in forecast before it returns (forecast-store.ts).
      const documents = summaries.find((s) => s.kind === 'invoices')?.rows ?? 0;
      if (await buildFirstForecast(db, options.clientId, documents))
        progress('first import: stored cash-in forecast built');
    }
    return imported;
  } catch (error) {
    if (!(error instanceof BatchRejected)) throw error;
    for (const kind of Object.keys(counts) as ImportKind[]) delete counts[kind];
    const result = report('FAILED', 0);
    return { ...result, id: await record(db, result) };
  }
}

/**
 * The items and the customers a batch of new rows touches, each in a temporary table: the items for
 * the settlement pass, the customers for the rollup job (which copies them and reads them for every
 * date).
 */
async function batchScope(db: Db, clientId: number): Promise<{ items: SQL; obligors?: SQL }> {
  await db.execute(sql`create temporary table import_touched_obligors on commit drop as
    select sys_obligor_code from import_invoices
    union select i.sys_obligor_code from import_payments p join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = p.sys_invoice_num
    union select sys_obligor_code from import_payments where kind <> 'AGAINST'
    union select i.sys_obligor_code from import_allocations a join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = a.sys_invoice_num
    union select i.sys_obligor_code from import_instalments k join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = k.sys_invoice_num
    union select sys_obligor_code from import_ratings
    union select i.sys_obligor_code from import_disputes d join invoices i on i.client_id = ${clientId} and i.sys_invoice_num = d.sys_invoice_num`);
  await db.execute(sql`analyze import_touched_obligors`);
  const share = await queryRow(
    db,
    sql`select
    (select count(*) from import_touched_obligors)::int as touched, (select count(*) from obligors where client_id = ${clientId})::int as "all"`,
    row({ touched: col.int, all: col.int }),
  );
  // The batch's new items were settled as they were written (applyInvoices); stored ones it pays are not.
  // Kept in an analysed table, not as a query: the planner guesses 200 rows for a union of staging
  // tables, and for a batch of 800,000 payments chose a nested loop of every item against every other.
  await db.execute(sql`create temporary table import_touched_items on commit drop as
    select sys_invoice_num from import_payments where ok and sys_invoice_num is not null
    union select sys_invoice_num from import_allocations where ok
    union select against_sys_invoice_num from import_invoices where ok and against_sys_invoice_num is not null
    except select sys_invoice_num from import_new_invoices`);
  await db.execute(sql`analyze import_touched_items`);
  return {
    items: sql`select sys_invoice_num from import_touched_items`,
    // Touching most customers, rebuilding a date whole is cheaper than picking them out.
    obligors: share!.touched * 2 < share!.all ? sql`select sys_obligor_code from import_touched_obligors` : undefined,
  };
}

const TABLES: Record<ImportKind, string> = {
  obligors: 'obligors',
  ratings: 'obligor_ratings',
  invoices: 'invoices',
  payments: 'payments',
  allocations: 'allocations',
  instalments: 'instalments',
  disputes: 'disputes',
  cheques: 'cheques',
};

/**
 * Statistics describe the tables as they were at the last ANALYZE (autovacuum has not seen this
 * batch: it is not committed, and PGlite has no autovacuum at all). A table is analysed when the
 * batch matters to the plans: the table has grown by a tenth since then, in this batch or over
 * several, or the statistics misjudge the client's own rows of it (the planner's estimate off by more
 * than half and by more than MISJUDGED_ROWS). The second is a new or small client beside a large one:
 * its rows are too few to move the table, but until the statistics know the client the planner takes
 * it for a large one and picks plans that crawl (a forecast statement of 31 ms took 6.5 s). A small
 * batch into a ledger the statistics know skips the seconds an ANALYZE of a large table costs. Growth
 * is read from the table's pages against the pages counted at the last ANALYZE.
 */
async function analyseGrownTables(
  db: Db,
  clientId: number,
  counts: Partial<Record<ImportKind, KindCounts>>,
  progress: (m: string) => void,
): Promise<void> {
  for (const [kind, c] of Object.entries(counts) as [ImportKind, KindCounts][]) {
    if (c.inserted + c.updated === 0) continue;
    const size = await queryRow(
      db,
      sql`
      select relpages::float8 as analysed, (pg_relation_size(oid) / current_setting('block_size')::int)::float8 as now
      from pg_class where oid = ${TABLES[kind]}::regclass`,
      row({ analysed: col.num, now: col.num }),
    );
    const tableGrew = !size || size.analysed === 0 || size.now >= 1.1 * size.analysed;
    if (!tableGrew && !(await misjudgesClient(db, TABLES[kind], clientId))) continue;
    progress(`analysing ${TABLES[kind]}`);
    await db.execute(sql`analyze ${sql.identifier(TABLES[kind])}`);
  }
}

/**
 * Below this many rows of difference, a misjudged client costs no plan worth an ANALYZE. Small: a new
 * client's 124 customers estimated at one made the forecast nest a loop over the ledger per customer
 * (42 s instead of 1.6 s, `npm run bench -- --small-client`); an ANALYZE samples a bounded number of
 * rows, and once the statistics know the client its next batches are judged right and skip it.
 */
const MISJUDGED_ROWS = 50;

/** Whether the planner's estimate of the client's rows in `table` is off by more than half (and MISJUDGED_ROWS). */
async function misjudgesClient(db: Db, table: string, clientId: number): Promise<boolean> {
  const t = sql.identifier(table);
  const actual = await queryRow(
    db,
    sql`select count(*) as n from ${t} where client_id = ${clientId}`,
    row({ n: col.int }),
  );
  const plan = await queryRow(
    db,
    sql`explain (format json) select 1 from ${t} where client_id = ${clientId}`,
    row({ 'QUERY PLAN': col.json(z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) }))) }),
  );
  const estimated = plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  const rows = actual?.n ?? 0;
  const [low, high] = [Math.min(rows, estimated), Math.max(rows, estimated)];
  return high - low > MISJUDGED_ROWS && high > 2 * low;
}
