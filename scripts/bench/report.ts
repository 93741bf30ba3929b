/**
 * The machine the figures come from, and the report: a plain-text table on stdout, Markdown in
 * bench-results/latest.md and everything machine-readable in bench-results/latest.json (plus a
 * timestamped copy of the JSON).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserFigures } from './browser';
import type { BuildStats } from './build-stats';
import type { BenchCall, CallContext } from './calls';
import type { DbKind, SeedFigures, Volumes } from './dataset';
import type { Explanation } from './explain';
import { REFERENCE_STATEMENT, referenceText, type ReferenceMs } from './reference';
import { p95TargetOf, TARGET_LCP_MS, TARGET_P95_MS, TARGET_RATIO } from './targets';
import { ms, type Timing } from './timing';

export const RESULTS_DIR = path.join(process.cwd(), 'bench-results');

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  memoryAvailableGb: number | null;
  node: string;
  platform: string;
  uptime: string;
}

export function machineInfo(): Machine {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpuModel = m[1]!.trim();
  } catch {
    /* not Linux */
  }
  let memoryAvailableGb: number | null = null;
  try {
    const m = /^MemAvailable:\s+(\d+) kB$/m.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (m) memoryAvailableGb = Math.round((Number(m[1]) / 1024 / 1024) * 10) / 10;
  } catch {
    /* not Linux */
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    memoryAvailableGb,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    uptime: uptimeLine(),
  };
}

export function uptimeLine(): string {
  const out = spawnSync('uptime', { encoding: 'utf8' });
  if (out.status === 0 && out.stdout) return out.stdout.trim();
  return `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`;
}

export interface DbCallResult {
  service?: Timing;
  baseline?: Timing;
  /** Baseline p95 / service p95. */
  ratio?: number;
  mismatches: string[];
  /** What the answer says beside its time (BenchCall.note). */
  note?: string;
  explain?: Explanation;
  explainFile?: string;
  error?: string;
  meetsTarget?: boolean;
  misses: string[];
}

export interface CallResult {
  id: string;
  label: string;
  path: BenchCall['path'];
  byDb: Partial<Record<DbKind, DbCallResult & { label: string; params: Record<string, unknown> }>>;
}

export interface DatasetReport {
  kind: DbKind;
  label: string;
  where: string;
  scale: number;
  today: string;
  serverVersion: string;
  settings: Record<string, string>;
  volumes: Volumes;
  seed?: SeedFigures;
  previousSeed?: SeedFigures;
  context: CallContext;
  loadBefore: string;
  loadAfter: string;
  /** PostgreSQL only: the machine's speed before and after the calls (reference.ts). */
  referenceMs?: ReferenceMs;
  measureMs: number;
  error?: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  command: string;
  options: Record<string, unknown>;
  machine: Machine;
  datasets: DatasetReport[];
  failures: { kind: DbKind; error: string }[];
  calls: CallResult[];
  browser?: BrowserFigures;
  browserError?: string;
  build?: BuildStats;
  buildError?: string;
  targets: { p95Ms: Record<DbKind, number>; ratio: number; lcpMs: number };
}

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const int = (n: number) => n.toLocaleString('en-US');

/** Decides whether one call on one database meets its targets. */
export function judge(kind: DbKind, result: DbCallResult, id = ''): void {
  const target = p95TargetOf(id, kind);
  const misses: string[] = [];
  if (result.error) misses.push('error');
  if (result.service && result.service.p95 > target) misses.push(`p95 > ${target} ms`);
  if (result.ratio !== undefined && result.ratio < TARGET_RATIO) misses.push(`ratio < ${TARGET_RATIO}x`);
  if (result.mismatches.length) misses.push('answer differs from baseline');
  result.misses = misses;
  result.meetsTarget = misses.length === 0;
}

function ratioText(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return '–';
  return r >= 100 ? `${Math.round(r)}x` : `${r.toFixed(1)}x`;
}

function timingCell(t: Timing | undefined, which: 'p50' | 'p95'): string {
  if (!t) return '–';
  return `${ms(t[which])}${which === 'p95' && t.reduced ? ` (n=${t.n})` : ''}`;
}

const DB_SHORT: Record<DbKind, string> = { postgres: 'PG', pglite: 'PGlite' };

function targetCell(call: CallResult): string {
  const parts = (['postgres', 'pglite'] as DbKind[])
    .filter((k) => call.byDb[k])
    .map((k) => {
      const r = call.byDb[k]!;
      return r.meetsTarget ? `${DB_SHORT[k]} yes` : `${DB_SHORT[k]} NO (${r.misses.join(', ')})`;
    });
  return parts.join('; ') || '–';
}

export function callRows(report: BenchReport): string[][] {
  const header = [
    'Call',
    'Path',
    'PG p50',
    'PG p95',
    'PGlite p50',
    'PGlite p95',
    'Baseline p95 PG / PGlite',
    'Ratio PG / PGlite',
    'Target met',
  ];
  const rows = report.calls.map((c) => {
    const pg = c.byDb.postgres;
    const pl = c.byDb.pglite;
    const pair = (a: string, b: string) => (pg && pl ? `${a} / ${b}` : pg ? a : b);
    return [
      c.label,
      c.path,
      pg?.error ? 'error' : timingCell(pg?.service, 'p50'),
      pg?.error ? 'error' : timingCell(pg?.service, 'p95'),
      pl?.error ? 'error' : timingCell(pl?.service, 'p50'),
      pl?.error ? 'error' : timingCell(pl?.service, 'p95'),
      pair(timingCell(pg?.baseline, 'p95'), timingCell(pl?.baseline, 'p95')),
      pair(ratioText(pg?.ratio), ratioText(pl?.ratio)),
      targetCell(c),
    ];
  });
  return [header, ...rows];
}

function textTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.slice(1).map(line)].join('\n');
}

function mdTable(rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    `| ${rows[0]!.map(esc).join(' | ')} |`,
    `| ${rows[0]!.map(() => '---').join(' | ')} |`,
    ...rows.slice(1).map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

function datasetLines(d: DatasetReport): string[] {
  const v = d.volumes;
  const lines = [
    `${d.label} (${d.where}; ${d.serverVersion}): scale ${Number.isNaN(d.scale) ? '?' : d.scale}, today ${d.today}, backdated ${d.context.backdated}`,
    `  VARDHMAN: ${int(v.invoices)} documents, ${int(v.payments)} payments, ${int(v.obligors)} obligors in ${int(v.families)} families, ` +
      `${int(v.openInvoices)} open items; rollups ${int(v.rollupRows)} rows over ${v.rollupDates} dates. All tenants: ${int(v.allInvoices)} documents, ${int(v.allPayments)} payments`,
  ];
  const s = d.seed;
  if (s) {
    const refresh = Object.entries(s.rollupRefreshMs)
      .map(([c, t]) => `${c} ${(t / 1000).toFixed(1)} s`)
      .join(', ');
    lines.push(
      `  Seed (seedDatabase, one transaction, rollup refresh included): ${(s.seedMs / 1000).toFixed(1)} s = ` +
        `${int(s.ledgerRowsPerSecond)} invoices+payments/s; rollup refresh (view update time): ${refresh || '–'}; VACUUM ANALYZE ${(s.analyzeMs / 1000).toFixed(1)} s`,
    );
  } else if (d.previousSeed) {
    const p = d.previousSeed;
    lines.push(
      `  Reused without reseeding (--reuse/--skip-seed); seeded ${p.seededAt} in ${(p.seedMs / 1000).toFixed(1)} s = ${int(p.ledgerRowsPerSecond)} invoices+payments/s`,
    );
  }
  lines.push(
    `  Settings: ${Object.entries(d.settings)
      .map(([k, x]) => `${k}=${x}`)
      .join(', ')}`,
  );
  lines.push(`  Load before measuring: ${d.loadBefore}`);
  lines.push(`  Load after measuring:  ${d.loadAfter} (measuring took ${(d.measureMs / 1000).toFixed(0)} s)`);
  if (d.referenceMs) lines.push(`  Machine speed: ${referenceText(d.referenceMs)} (${REFERENCE_STATEMENT}, best of 3)`);
  return lines;
}

function browserLines(b: BrowserFigures): string[] {
  const row = (name: string, x: BrowserFigures['cold']) =>
    `  ${name}: TTFB p50 ${ms(x.ttfb.p50)} / p95 ${ms(x.ttfb.p95)} (server ${ms(x.serverMs.p50)} / ${ms(x.serverMs.p95)}); ` +
    `LCP p50 ${ms(x.lcp.p50)} / p95 ${ms(x.lcp.p95)} ${x.lcp.p95 <= TARGET_LCP_MS ? '(target met)' : `(MISSES ${TARGET_LCP_MS} ms)`}`;
  return [
    `Dashboard ${b.url} on ${b.database}, build ${b.buildId}, ${b.loads} loads after ${b.warmups} warm-ups, Chromium headless:`,
    row('cold cache (new context per load)', b.cold),
    row('warm cache (one context)        ', b.warm),
    `  LCP element: ${b.lcpElement ?? '–'}; JS on a cold load: ${b.jsFiles} files, ${KB(b.jsTransferBytes)} transferred, ${KB(b.jsDecodedBytes)} decoded`,
  ];
}

function buildRows(b: BuildStats): string[][] {
  return [
    ['Route', 'First-load JS (raw)', 'First-load JS (gzip)', 'Chunks'],
    ...b.routes.map((r) => [r.route, KB(r.bytes), KB(r.gzipBytes), String(r.chunks)]),
  ];
}

function explainLines(report: BenchReport): string[] {
  const lines: string[] = [];
  for (const c of report.calls) {
    for (const kind of ['postgres', 'pglite'] as DbKind[]) {
      const r = c.byDb[kind];
      if (!r?.explain) continue;
      lines.push(
        `${DB_SHORT[kind]} ${c.label}: slowest of ${r.explain.statements} statements took ${ms(r.explain.statementMs)}; plan in ${r.explainFile}`,
      );
      for (const n of r.explain.costliest)
        lines.push(
          `    self ${ms(n.selfMs)} (total ${ms(n.totalMs)}, rows ${int(n.rows)} x ${n.loops} loops): ${n.node}`,
        );
    }
  }
  return lines;
}

function mismatchLines(report: BenchReport): string[] {
  const lines: string[] = [];
  for (const c of report.calls) {
    for (const kind of ['postgres', 'pglite'] as DbKind[]) {
      const r = c.byDb[kind];
      if (r?.mismatches.length)
        lines.push(
          `!!! ${DB_SHORT[kind]} ${c.label}: SERVICE AND BASELINE DISAGREE: ${r.mismatches.slice(0, 6).join('; ')}`,
        );
      if (r?.error) lines.push(`!!! ${DB_SHORT[kind]} ${c.label}: ERROR ${r.error}`);
    }
  }
  return lines;
}

export function machineLine(m: Machine): string {
  return `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB RAM (${m.memoryAvailableGb ?? '?'} GB available at start), Node ${m.node}, ${m.platform}`;
}

export function renderText(report: BenchReport): string {
  const out: string[] = [];
  out.push(`Machine: ${machineLine(report.machine)}`);
  out.push(`Load at start: ${report.machine.uptime}`);
  for (const d of report.datasets) out.push('', ...datasetLines(d));
  for (const f of report.failures) out.push('', `!!! ${f.kind}: ${f.error}`);
  out.push(
    '',
    `Targets: p95 <= ${TARGET_P95_MS.postgres} ms on PostgreSQL, <= ${TARGET_P95_MS.pglite} ms on PGlite; >= ${TARGET_RATIO}x faster than the baseline.`,
  );
  out.push(textTable(callRows(report)));
  const mism = mismatchLines(report);
  if (mism.length) out.push('', ...mism);
  const ex = explainLines(report);
  if (ex.length)
    out.push('', 'Calls that miss a target, costliest plan nodes (EXPLAIN ANALYZE of the slowest statement):', ...ex);
  out.push('');
  if (report.browser) out.push(...browserLines(report.browser));
  else out.push(`Browser: ${report.browserError ?? 'skipped'}`);
  out.push('');
  if (report.build) {
    out.push(
      `First-load JS per route (build ${report.build.buildId} of ${report.build.builtAt}, from ${report.build.source}; shared by all: ${KB(report.build.shared.bytes)} raw / ${KB(report.build.shared.gzipBytes)} gzip):`,
    );
    out.push(textTable(buildRows(report.build)));
  } else {
    out.push(`Build stats: ${report.buildError ?? 'skipped'}`);
  }
  return out.join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const out: string[] = [];
  out.push('# Receivables benchmark', '');
  out.push(`Run ${report.startedAt} → ${report.finishedAt}: \`${report.command}\``, '');
  out.push(`**Machine:** ${machineLine(report.machine)}  `, `**Load at start:** \`${report.machine.uptime}\``, '');
  out.push('## Data sets and import rate', '');
  for (const d of report.datasets)
    out.push(...datasetLines(d).map((l) => (l.startsWith('  ') ? `- ${l.trim()}` : `**${l}**`)), '');
  for (const f of report.failures) out.push(`**${f.kind} failed:** ${f.error}`, '');
  out.push('## Calls', '');
  out.push(
    `Targets: p95 ≤ ${TARGET_P95_MS.postgres} ms on PostgreSQL, ≤ ${TARGET_P95_MS.pglite} ms on PGlite; ≥ ${TARGET_RATIO}x faster than the baseline ` +
      '(same answers from invoices and payments, no rollups, no settled_date/paid_to_date). Path: *rollup* = answered from obligor_ageing; ' +
      '*ledger* = a backdated day without rollups, computed from the ledger by the service; *items* = invoice rows.',
    '',
  );
  out.push(mdTable(callRows(report)), '');
  const mism = mismatchLines(report);
  if (mism.length) out.push('### Disagreements', '', ...mism.map((l) => `- ${l}`), '');
  const ex = explainLines(report);
  if (ex.length) out.push('### Calls that miss a target', '', '```', ...ex, '```', '');
  out.push('## Dashboard page load', '');
  if (report.browser) out.push(...browserLines(report.browser).map((l) => `- ${l.trim()}`), '');
  else out.push(report.browserError ?? 'skipped', '');
  out.push('## First-load JavaScript per route', '');
  if (report.build) {
    out.push(
      `Build ${report.build.buildId} (${report.build.builtAt}), sizes from \`.next/${report.build.source === 'manifests' ? 'server/app/**/page_client-reference-manifest.js' : 'diagnostics/route-bundle-stats.json'}\`: ` +
        `the union of every segment's client chunks plus rootMainFiles (shared: ${KB(report.build.shared.bytes)} raw / ${KB(report.build.shared.gzipBytes)} gzip). ` +
        'Next 16 no longer prints sizes in the `next build` route table.',
      '',
    );
    out.push(mdTable(buildRows(report.build)), '');
  } else {
    out.push(report.buildError ?? 'skipped', '');
  }
  return out.join('\n');
}

export function writeReport(report: BenchReport): { json: string; md: string } {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const stampName = report.startedAt.replace(/[:.]/g, '-');
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  writeFileSync(path.join(RESULTS_DIR, `bench-${stampName}.json`), json);
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${renderMarkdown(report)}\n`);
  return { json: path.join('bench-results', 'latest.json'), md: path.join('bench-results', 'latest.md') };
}

export function writeExplain(kind: DbKind, callId: string, explanation: Explanation): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `explain-${kind}-${callId}.txt`);
  writeFileSync(
    file,
    `-- ${explanation.statementMs} ms; params ${JSON.stringify(explanation.params)}\n${explanation.sql.trim()}\n\n-- EXPLAIN (ANALYZE, BUFFERS):\n${explanation.plan}\n`,
  );
  return path.relative(process.cwd(), file);
}
