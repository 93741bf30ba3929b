/**
 * The figures of one run, as JSON: per call p50, p95, the target and the baseline check; the pages,
 * the import, the throughput and the reports; the machine (CPU, cores, the reference statement) and
 * the date and commit. Every run writes bench-results/summary-latest.json; a full run (every
 * benchmark at its default size) also writes docs/benchmarks.json and renders docs/benchmarks.md
 * from it (page.ts), which `npm run bench -- --render` does again without measuring.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DbKind } from './dataset';
import type { ImportRate } from './import-rate';
import type { SmallClientRun } from './small-client';
import type { LoadRun } from './load';
import type { BenchReport } from './report';
import type { ReportRunResult } from './report-run';
import { p95TargetOf } from './targets';

const ZReference = z.object({ before: z.number(), after: z.number() });

const ZCallFigures = z.object({
  p50: z.number(),
  p95: z.number(),
  /** The baseline's p95, and how many times the call is faster; absent for a call without a baseline. */
  baselineP95: z.number().optional(),
  ratio: z.number().optional(),
  /** False when the call's answer differs from the baseline's (the run then fails). */
  agrees: z.boolean().optional(),
  error: z.string().optional(),
});
export type CallFigures = z.infer<typeof ZCallFigures>;

const ZSummaryCall = z.object({
  id: z.string(),
  label: z.string(),
  /** Where the answer comes from: rollup, history, stored, ledger or items (calls.ts). */
  path: z.string(),
  byDb: z.object({ postgres: ZCallFigures.optional(), pglite: ZCallFigures.optional() }),
});
export type SummaryCall = z.infer<typeof ZSummaryCall>;

/** The JSON of a run, checked when it is read back (`--render`, the tests). */
export const ZBenchSummary = z.object({
  /** When the run started (ISO instant) and the commit it measured. */
  date: z.string(),
  commit: z.string(),
  command: z.string(),
  /** Every benchmark at its default size: only such a run renders docs/benchmarks.md by itself. */
  full: z.boolean(),
  /** Where the figures come from, when not from one `npm run bench`. */
  note: z.string().optional(),
  machine: z.object({
    cpuModel: z.string(),
    cores: z.number(),
    memoryGb: z.number(),
    node: z.string(),
    postgres: z.string().optional(),
    /** PostgreSQL's time for the reference statement before and after the calls (reference.ts). */
    referenceMs: ZReference.optional(),
  }),
  dataset: z
    .object({
      scale: z.number(),
      documents: z.number(),
      customers: z.number(),
      families: z.number(),
      today: z.string(),
      backdated: z.string(),
    })
    .optional(),
  calls: z.array(ZSummaryCall),
  pages: z
    .object({
      lcpColdP50: z.number(),
      lcpColdP95: z.number(),
      lcpWarmP95: z.number(),
      firstLoadJsKb: z.number().optional(),
    })
    .optional(),
  imports: z.array(
    z.object({
      db: z.enum(['postgres', 'pglite']),
      invoices: z.number(),
      invoicesPerSecond: z.number(),
      paymentsPerSecond: z.number(),
      firstLoadPerSecond: z.number(),
      /** The slowest of the three batches' rollups, seconds after its commit. */
      rollupsReadyS: z.number(),
      peakRssMb: z.number(),
    }),
  ),
  throughput: z
    .object({
      connections: z.number(),
      seconds: z.number(),
      calls: z.array(
        z.object({
          label: z.string(),
          path: z.string(),
          requestsPerSecond: z.number(),
          p50: z.number().optional(),
          p95: z.number(),
          errors: z.number(),
        }),
      ),
    })
    .optional(),
  /** A new small client's first answers beside the seeded one (small-client.ts). */
  smallClient: z
    .object({
      invoices: z.number(),
      importSeconds: z.number(),
      /** The slowest first answer of any call, and which. */
      slowestFirstMs: z.number(),
      slowestCall: z.string(),
      /** That call's own target (a statement download has one of its own); absent in older runs: the screens' 50 ms. */
      slowestTargetMs: z.number().optional(),
      callsOverTarget: z.number(),
      calls: z.number(),
      workbook: z.object({ report: z.string(), date: z.string(), seconds: z.number() }),
    })
    .optional(),
  reports: z.array(
    z.object({
      db: z.enum(['postgres', 'pglite']),
      report: z.string(),
      date: z.string(),
      seconds: z.number(),
      peakRssMb: z.number(),
    }),
  ),
});
export type BenchSummary = z.infer<typeof ZBenchSummary>;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
  const commit = head.status === 0 ? head.stdout.trim() : 'unknown';
  return dirty.stdout?.trim() ? `${commit}+changes` : commit;
}

export type ReportRuns = { db: DbKind; results: ReportRunResult[] }[];

export interface RunParts {
  report: BenchReport;
  imports: ImportRate[];
  load?: LoadRun;
  smallClient?: SmallClientRun;
  reports: ReportRuns;
  full: boolean;
}

/** The summary of a run from what each benchmark measured. */
export function summariseRun({ report, imports, load, smallClient, reports, full }: RunParts): BenchSummary {
  const pg = report.datasets.find((d) => d.kind === 'postgres');
  const first = pg ?? report.datasets[0];
  const firstLoadJs = report.build?.routes.find((r) => r.route === '/borrowers/dashboard');
  return {
    date: report.startedAt,
    commit: gitCommit(),
    command: report.command,
    full,
    machine: {
      cpuModel: report.machine.cpuModel,
      cores: report.machine.cpus,
      memoryGb: report.machine.memoryGb,
      node: report.machine.node,
      // version() without the build: 'PostgreSQL 15.14 (Debian 15.14-0+deb12u1)'.
      ...(pg && { postgres: pg.serverVersion.split(' on ')[0] }),
      ...(pg?.referenceMs && { referenceMs: pg.referenceMs }),
    },
    ...(first && {
      dataset: {
        scale: first.scale,
        documents: first.volumes.invoices,
        customers: first.volumes.obligors,
        families: first.volumes.families,
        today: first.today,
        backdated: first.context.backdated,
      },
    }),
    calls: report.calls.map((c) => ({
      id: c.id,
      label: c.label,
      path: c.path,
      byDb: Object.fromEntries(
        Object.entries(c.byDb).map(([db, r]) => [
          db,
          {
            p50: round(r.service?.p50 ?? Number.NaN),
            p95: round(r.service?.p95 ?? Number.NaN),
            ...(r.baseline && { baselineP95: round(r.baseline.p95, 0), ratio: round(r.ratio ?? 0) }),
            ...(r.baseline && { agrees: r.mismatches.length === 0 }),
            ...(r.error && { error: r.error }),
          },
        ]),
      ),
    })),
    ...(report.browser && {
      pages: {
        lcpColdP50: round(report.browser.cold.lcp.p50, 0),
        lcpColdP95: round(report.browser.cold.lcp.p95, 0),
        lcpWarmP95: round(report.browser.warm.lcp.p95, 0),
        ...(firstLoadJs && { firstLoadJsKb: round(firstLoadJs.gzipBytes / 1024, 0) }),
      },
    }),
    imports: imports.map((r) => ({
      db: r.kind,
      invoices: r.invoices,
      invoicesPerSecond: Math.round(r.invoicesPerSecond),
      paymentsPerSecond: Math.round(r.paymentsPerSecond),
      firstLoadPerSecond: Math.round(r.oneBatchPerSecond),
      rollupsReadyS: round(Math.max(r.rollupSeconds.invoices, r.rollupSeconds.payments, r.rollupSeconds.oneBatch)),
      peakRssMb: r.peakRssMb,
    })),
    ...(load && {
      throughput: {
        connections: load.connections,
        seconds: load.seconds,
        calls: load.figures.map((f) => ({
          label: f.target,
          path: f.path,
          requestsPerSecond: Math.round(f.http.requestsPerSecond),
          p50: round(f.http.latency.p50),
          p95: round(f.http.latency.p95),
          errors: f.http.errors,
        })),
      },
    }),
    ...(smallClient && { smallClient: smallClientSummary(smallClient) }),
    reports: reports.flatMap(({ db, results }) =>
      results.map((r) => ({ db, report: r.report, date: r.date, seconds: round(r.seconds), peakRssMb: r.peakRssMb })),
    ),
  };
}

function smallClientSummary(run: SmallClientRun): NonNullable<BenchSummary['smallClient']> {
  const slowest = run.calls.reduce((a, b) => (b.firstMs > a.firstMs ? b : a));
  return {
    invoices: run.invoices,
    importSeconds: round(run.importSeconds),
    slowestFirstMs: round(slowest.firstMs),
    slowestCall: slowest.label,
    slowestTargetMs: p95TargetOf(slowest.id, 'postgres'),
    callsOverTarget: run.calls.filter((c) => c.overTarget).length,
    calls: run.calls.length,
    workbook: { report: run.workbook.report, date: run.workbook.date, seconds: round(run.workbook.seconds) },
  };
}

export const summaryJson = (summary: BenchSummary) => `${JSON.stringify(summary, null, 2)}\n`;

/** Every run's summary in bench-results/ (git-ignored): the latest and a copy named by its start. */
export function writeSummary(dir: string, summary: BenchSummary): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `summary-${summary.date.replace(/[:.]/g, '-')}.json`), summaryJson(summary));
  writeFileSync(path.join(dir, 'summary-latest.json'), summaryJson(summary));
  return path.join(path.relative(process.cwd(), dir), 'summary-latest.json');
}

export function readSummary(file: string): BenchSummary {
  return ZBenchSummary.parse(JSON.parse(readFileSync(file, 'utf8')));
}
