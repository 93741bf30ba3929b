/**
 * npm run bench -- [options] (scripts/bench/options.ts has them all; docs/benchmarks.md says how to run each)
 *
 * Builds the benchmark data set with the app's own seed (scale 17 ≈ 1.02M documents for VARDHMAN)
 * in a dedicated PostgreSQL database (BENCH_DATABASE_URL, default receivables_bench) and an
 * embedded PGlite folder (./bench-data/pglite), then measures p50/p95 of the calls through the real
 * service functions beside the same answers computed naively from the ledger (the baseline), the
 * import rate of `npm run import`, the dashboard's LCP in Chromium and its first-load JavaScript,
 * the throughput over HTTP (load.ts) and the Excel reports' peak memory (reports.ts). `--import-only`,
 * `--load` and `--reports` measure only that part. Every run writes bench-results/ (latest.md,
 * latest.json, summary-latest.json); a full run (no option) also writes docs/benchmarks.json and
 * renders docs/benchmarks.md (page.ts), which `--render` does again without measuring. Benchmarks
 * are not tests: nothing here fails on a slow figure; the exit code is non-zero when the run itself
 * fails, or when a service and its baseline disagree (a wrong answer is measured, not a slow one).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild, measureDashboard } from './bench/browser';
import { readBuildStats } from './bench/build-stats';
import { benchCalls, callContext } from './bench/calls';
import { PGLITE_DIR, prepareDataset, type BenchDataset, type DbKind } from './bench/dataset';
import { explainSlowest } from './bench/explain';
import {
  judge,
  machineInfo,
  machineLine,
  renderText,
  RESULTS_DIR,
  uptimeLine,
  writeExplain,
  writeReport,
  type BenchReport,
  type CallResult,
  type DatasetReport,
  type DbCallResult,
} from './bench/report';
import { p95TargetOf, TARGET_LCP_MS, TARGET_P95_MS, TARGET_RATIO } from './bench/targets';
import { measure } from './bench/timing';
import { importRateLines, measureImportRate, writeImportRates, type ImportRate } from './bench/import-rate';
import { measureDailyImport, writeDailyImport } from './bench/import-daily';
import { benchReports } from './bench/reports';
import { loadLines, measureLoad, writeLoad, type LoadRun } from './bench/load';
import { FULL_RUN_LOAD, parse, USAGE, type Options } from './bench/options';
import { renderDocs, writeDocs } from './bench/page';
import { summariseRun, writeSummary, type ReportRuns } from './bench/summary';
import { referenceStatementMs } from './bench/reference';
import { measureSmallClient, writeSmallClient, type SmallClientRun } from './bench/small-client';
import { benchCash } from './bench/cash';
import { openDatabase } from '@/lib/db/client';
import { runCli } from './run-cli';

const started = performance.now();
const log = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(7)}s] ${message}`);

async function benchDatabase(kind: DbKind, options: Options, results: Map<string, CallResult>): Promise<DatasetReport> {
  const dataset: BenchDataset = await prepareDataset(kind, {
    scale: kind === 'pglite' ? options.pgliteScale : options.scale,
    today: options.today,
    skipSeed: options.reuse.includes(kind),
    pgUrl: options.pgUrl,
    log,
  });
  const measureStarted = performance.now();
  try {
    const loadBefore = uptimeLine();
    // PostgreSQL's speed on this machine, beside every figure of the run (PGlite's engine is another).
    const referenceBefore = kind === 'postgres' ? await referenceStatementMs(dataset.db) : undefined;
    const ctx = await callContext(dataset.db, dataset.volumes.clientId, dataset.today);
    log(
      `${dataset.label}: ${ctx.families} families with receivables; deep page ${ctx.deepPage}; family ${ctx.familyCode}; search "${ctx.searchTerm}"; load ${loadBefore.replace(/^.*load average:/, '')}${referenceBefore === undefined ? '' : `; reference statement ${referenceBefore} ms`}`,
    );
    const calls = benchCalls(ctx).filter((c) => !options.calls || options.calls.includes(c.id));
    for (const call of calls) {
      const result: DbCallResult = { mismatches: [], misses: [] };
      try {
        const service = await measure(() => call.service(dataset.db), {
          warmups: options.warmups,
          iterations: options.iterations,
          slowMs: 2000,
          slowIterations: Math.min(5, options.iterations),
          slowWarmups: 1,
        });
        result.service = service.timing;
        if (call.note) result.note = call.note(service.result);
        log(
          `${dataset.label} ${call.label}: p50 ${service.timing.p50.toFixed(1)} ms, p95 ${service.timing.p95.toFixed(1)} ms (n=${service.timing.n})${result.note ? `; ${result.note}` : ''}`,
        );
        if (options.baseline && call.baseline && call.compare) {
          const naive = call.baseline;
          const baseline = await measure(() => naive(dataset.baselineDb), {
            warmups: 1,
            iterations: options.baselineIterations,
            slowMs: 15_000,
            slowIterations: Math.min(3, options.baselineIterations),
            slowWarmups: 1,
          });
          result.baseline = baseline.timing;
          result.ratio = baseline.timing.p95 / service.timing.p95;
          result.mismatches = call.compare(service.result, baseline.result);
          log(
            `${dataset.label} ${call.label}: baseline p95 ${baseline.timing.p95.toFixed(1)} ms (n=${baseline.timing.n}), ratio ${result.ratio.toFixed(1)}x` +
              `${result.mismatches.length ? `\n!!! MISMATCH between service and baseline: ${result.mismatches.slice(0, 6).join('; ')}` : ', answers agree'}`,
          );
        }
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        log(`!!! ${dataset.label} ${call.label} failed: ${result.error}`);
      }
      judge(kind, result, call.id);
      const missesTime = result.service !== undefined && result.service.p95 > p95TargetOf(call.id, kind);
      if (options.explain && missesTime) {
        try {
          const explanation = await explainSlowest(dataset.db, call.service);
          if (explanation) {
            result.explain = explanation;
            result.explainFile = writeExplain(kind, call.id, explanation);
          }
        } catch (error) {
          log(
            `${dataset.label} ${call.label}: EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      const entry = results.get(call.id) ?? { id: call.id, label: call.label, path: call.path, byDb: {} };
      entry.byDb[kind] = { ...result, label: call.label, params: call.params };
      results.set(call.id, entry);
    }
    const loadAfter = uptimeLine();
    const referenceMs =
      referenceBefore === undefined
        ? undefined
        : { before: referenceBefore, after: await referenceStatementMs(dataset.db) };
    if (options.importDaily > 0) {
      const daily = await measureDailyImport(
        dataset.db,
        dataset.label,
        dataset.volumes.clientId,
        dataset.today,
        options.importDaily,
        log,
      );
      writeDailyImport(RESULTS_DIR, daily);
    }
    return {
      kind,
      label: dataset.label,
      where: dataset.where,
      scale: dataset.scale,
      today: dataset.today,
      serverVersion: dataset.serverVersion,
      settings: dataset.settings,
      volumes: dataset.volumes,
      seed: dataset.seed,
      previousSeed: dataset.previousSeed,
      context: ctx,
      loadBefore,
      loadAfter,
      ...(referenceMs && { referenceMs }),
      measureMs: Math.round(performance.now() - measureStarted),
    };
  } finally {
    await dataset.close();
  }
}

function currentBuildId(): string | undefined {
  try {
    return readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Plans of an earlier run must not be mistaken for this run's. */
function removeOldExplains(): void {
  try {
    for (const f of readdirSync(RESULTS_DIR)) if (/^explain-.*\.txt$/.test(f)) rmSync(path.join(RESULTS_DIR, f));
  } catch {
    /* no results folder yet */
  }
}

/** The import rate into each database (scratch databases, generated files); see scripts/bench/import-rate.ts. */
async function benchImports(options: Options): Promise<ImportRate[]> {
  const rates: ImportRate[] = [];
  for (const kind of options.dbs) {
    try {
      rates.push(await measureImportRate(kind, options.importRows, options.pgUrl, log));
    } catch (error) {
      log(`!!! import rate ${kind} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const line of importRateLines(rates)) log(line);
  writeImportRates(RESULTS_DIR, rates);
  return rates;
}

/** Every report from each (already seeded) database; see scripts/bench/reports.ts. */
async function benchAllReports(options: Options): Promise<{ exit: number; runs: ReportRuns }> {
  let failed = 0;
  const runs: ReportRuns = [];
  for (const kind of options.dbs) {
    const { results, failures } = await benchReports(
      {
        ...(kind === 'postgres' ? { url: options.pgUrl } : { pgliteDir: PGLITE_DIR }),
        reports: options.reports.codes,
        dates: options.reports.dates.length ? options.reports.dates : [options.today],
        email: options.reports.email,
        readRate: options.reports.readRate,
        log: (m) => log(`${kind} ${m}`),
      },
      RESULTS_DIR,
    );
    failed += failures.length;
    runs.push({ db: kind, results });
  }
  log(`wrote ${RESULTS_DIR}/reports-latest.{md,json}`);
  return { exit: failed ? 1 : 0, runs };
}

async function benchLoad(options: Options, load: { connections: number; seconds: number }): Promise<LoadRun> {
  const machine = machineInfo();
  const before = machine.uptime;
  const measured = await measureLoad({ pgUrl: options.pgUrl, ...load, log });
  const lines = loadLines(measured);
  const where = `Machine: ${machineLine(machine)}. Load before: \`${before}\`; after: \`${machineInfo().uptime}\`.`;
  console.log(`\n${where}\n${lines.join('\n')}\n`);
  writeLoad(RESULTS_DIR, measured, lines, where);
  log(`wrote ${RESULTS_DIR}/load-latest.{md,json}`);
  return measured;
}

/** A new small client's first answers beside the seeded PostgreSQL client (rolled back). */
async function benchSmallClient(options: Options): Promise<SmallClientRun> {
  const database = await openDatabase({ url: options.pgUrl });
  try {
    const run = await measureSmallClient(database.db, options.today, log);
    writeSmallClient(RESULTS_DIR, run);
    log(`wrote ${RESULTS_DIR}/small-client-latest.json`);
    return run;
  } finally {
    await database.close();
  }
}

const loadExit = (run: LoadRun) => (run.figures.some((f) => f.http.errors > 0) ? 1 : 0);

async function main(): Promise<number> {
  const options = parse();
  if (options.render) {
    log(`rendered ${renderDocs()}`);
    return 0;
  }
  if (options.reportsOnly) return (await benchAllReports(options)).exit;
  if (options.importOnly) {
    await benchImports(options);
    return 0;
  }
  if (options.load) return loadExit(await benchLoad(options, options.load));
  if (options.smallClientOnly) return (await benchSmallClient(options), 0);
  if (options.cashOnly) return (await benchCash(options, RESULTS_DIR, log), 0);
  removeOldExplains();
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    options: { ...options, pgUrl: options.pgUrl.replace(/\/\/[^@/]*@/, '//…@') },
    machine: machineInfo(),
    datasets: [],
    failures: [],
    calls: [],
    targets: { p95Ms: TARGET_P95_MS, ratio: TARGET_RATIO, lcpMs: TARGET_LCP_MS },
  };
  log(
    `machine: ${report.machine.cpus} CPUs, ${report.machine.cpuModel}, ${report.machine.memoryGb} GB; ${report.machine.uptime}`,
  );
  const results = new Map<string, CallResult>();
  const save = () => {
    report.calls = [...results.values()];
    report.finishedAt = new Date().toISOString();
    return writeReport(report);
  };
  for (const kind of options.dbs) {
    try {
      report.datasets.push(await benchDatabase(kind, options, results));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      report.failures.push({ kind, error: message });
      log(`!!! ${kind} benchmark failed: ${message}`);
    }
    save(); // keep what is measured so far
  }
  const imports = options.importRows > 0 ? await benchImports(options) : [];

  let buildOutput: string | undefined;
  if (options.buildStats || options.browser) {
    try {
      buildOutput = ensureBuild(log, options.buildStats);
    } catch (error) {
      report.buildError = error instanceof Error ? error.message : String(error);
      log(`!!! ${report.buildError}`);
    }
  }
  // Read the build's sizes before the page loads, so both describe the same build.
  const readBuild = () => {
    try {
      report.build = readBuildStats(buildOutput);
      if (!report.build) report.buildError ??= 'no .next build (run with --build-stats or --browser to build)';
    } catch (error) {
      report.build = undefined;
      report.buildError = `could not read the build (is next build running in this tree?): ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  readBuild();
  if (options.browser && !report.buildError) {
    const measured = report.datasets.map((d) => d.kind);
    // The page reads the benchmark data: the PostgreSQL database when there is one, else the PGlite folder.
    const usePostgres = measured.includes('postgres') || !measured.includes('pglite');
    if (!usePostgres) process.env.DATA_DIR = PGLITE_DIR;
    // Another `next build` in the same tree replaces .next under the running server: measure again
    // once if the build changed during the measurement, and say so if it changed again.
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const before = currentBuildId();
      try {
        report.browser = await measureDashboard({
          databaseUrl: usePostgres ? options.pgUrl : '',
          loads: 10,
          warmups: 2,
          log,
        });
        report.browserError = undefined;
        log(
          `dashboard: TTFB p95 ${report.browser.cold.ttfb.p95.toFixed(0)} ms, LCP p95 ${report.browser.cold.lcp.p95.toFixed(0)} ms (cold cache)`,
        );
      } catch (error) {
        report.browserError = error instanceof Error ? error.message : String(error);
        log(`!!! browser measurement failed: ${report.browserError}`);
      }
      const after = currentBuildId();
      if (before && before === after) break;
      const note = `the .next build changed during the page-load measurement (${before ?? 'none'} -> ${after ?? 'none'}): another next build ran in this tree`;
      log(`!!! ${note}${attempt === 1 ? '; measuring again' : ''}`);
      if (attempt === 2)
        report.browserError = `${report.browserError ? `${report.browserError}; ` : ''}${note}; figures unreliable`;
      readBuild();
    }
  } else if (!options.browser) {
    report.browserError = 'skipped (--no-browser)';
  }

  // Throughput and the reports last: they read the seeded databases the calls measured.
  const measuredPostgres = report.datasets.some((d) => d.kind === 'postgres');
  let load: LoadRun | undefined;
  if (options.withLoad && measuredPostgres) {
    try {
      load = await benchLoad(options, FULL_RUN_LOAD);
    } catch (error) {
      log(`!!! throughput failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let smallClient: SmallClientRun | undefined;
  if (options.withSmallClient && measuredPostgres) {
    try {
      smallClient = await benchSmallClient(options);
    } catch (error) {
      log(`!!! small client failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const reportRuns = options.withReports && report.datasets.length ? (await benchAllReports(options)).runs : [];

  const files = save();
  console.log(`\n${renderText(report)}\n`);
  log(`wrote ${files.md} and ${files.json}`);
  const full =
    options.full && report.failures.length === 0 && imports.length > 0 && load !== undefined && reportRuns.length > 0;
  const summary = summariseRun({ report, imports, load, smallClient, reports: reportRuns, full });
  log(`wrote ${writeSummary(RESULTS_DIR, summary)}`);
  if (full) log(`full run: wrote ${writeDocs(summary)}`);
  if (report.failures.length === options.dbs.length) return 1;
  // A benchmark whose service and baseline disagree measured a wrong answer: a failing check.
  const disagreements = [...results.values()].flatMap((call) =>
    Object.values(call.byDb).filter((r) => r && r.mismatches.length > 0),
  );
  if (disagreements.length) {
    log(`!!! ${disagreements.length} call(s) answer differently from the baseline: failing`);
    return 2;
  }
  return 0;
}

runCli(main, USAGE);
