/**
 * docs/benchmarks.md from a run's summary (summary.ts): how to run each benchmark, the targets, the
 * current figures with the machine on one line, and one line per gap with its known cause (causes.ts).
 * Nothing in it is written by hand: history lives in git.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { callCause, NO_CAUSE, OTHER_CAUSES, type CallGap } from './causes';
import type { DbKind } from './dataset';
import { REFERENCE_STATEMENT } from './reference';
import { readSummary, summaryJson, type BenchSummary, type CallFigures } from './summary';
import {
  CALL_TARGET_P95_MS,
  p95TargetOf,
  TARGET_IMPORT_ROWS_PER_S,
  TARGET_LCP_MS,
  TARGET_P95_MS,
  TARGET_RATIO,
  TARGET_REPORT_RSS_MB,
  TARGET_ROLLUPS_READY_S,
  TARGET_THROUGHPUT_P95_MS,
  THROUGHPUT_CONNECTIONS,
} from './targets';

const HOW_TO_RUN = path.join(import.meta.dirname, 'how-to-run.md');
const DOCS_JSON = path.join(process.cwd(), 'docs', 'benchmarks.json');
const DOCS_MD = path.join(process.cwd(), 'docs', 'benchmarks.md');
const DB_NAME: Record<DbKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const DBS: DbKind[] = ['postgres', 'pglite'];

const INDIAN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const int = (x: number) => INDIAN.format(x);
/** Milliseconds: one decimal under 100, whole above, Indian grouping. */
const ms = (x: number) => (Number.isFinite(x) ? (x < 100 ? x.toFixed(1) : int(x)) : '–');
const bold = (text: string, over: boolean) => (over ? `**${text}**` : text);
const ratioText = (r: number) => (r >= 100 ? `${int(r)}x` : `${r.toFixed(1)}x`);

/** An ISO day (2026-11-28) as dd/mm/yyyy. */
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
/** An instant as the day it was in India, dd/mm/yyyy. */
const dayInIndia = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(instant));

export interface Gap {
  /** What missed: the call or the benchmark, and where. */
  subject: string;
  figure: string;
  target: string;
  cause: string;
}

const overP95 = (id: string, f: CallFigures | undefined, db: DbKind) =>
  f !== undefined && !(f.p95 <= p95TargetOf(id, db));
const underRatio = (f: CallFigures | undefined) => f?.ratio !== undefined && f.ratio < TARGET_RATIO;

/** Every figure of the run past its target, with its known cause. */
export function gapsOf(summary: BenchSummary): Gap[] {
  const gaps: Gap[] = [];
  const callGap = (id: string, subject: string, gap: CallGap, db: DbKind, figure: string, target: string) =>
    gaps.push({ subject, figure, target, cause: callCause(id, gap, db) });
  for (const call of summary.calls) {
    for (const db of DBS) {
      const f = call.byDb[db];
      if (!f) continue;
      const subject = `${call.label}, ${DB_NAME[db]}`;
      if (f.error) gaps.push({ subject, figure: 'failed', target: 'an answer', cause: f.error });
      else if (overP95(call.id, f, db))
        callGap(call.id, subject, 'p95', db, `p95 ${ms(f.p95)} ms`, `${p95TargetOf(call.id, db)} ms`);
      if (f.agrees === false)
        gaps.push({ subject, figure: 'answer differs from the baseline', target: 'the same answer', cause: NO_CAUSE });
      if (underRatio(f)) callGap(call.id, subject, 'ratio', db, ratioText(f.ratio!), `${TARGET_RATIO}x the baseline`);
    }
  }
  const other = (subject: string, figure: string, target: string, key: keyof typeof OTHER_CAUSES) =>
    gaps.push({ subject, figure, target, cause: OTHER_CAUSES[key] ?? NO_CAUSE });
  if (summary.pages && summary.pages.lcpColdP95 > TARGET_LCP_MS)
    other('The dashboard, cold', `LCP p95 ${int(summary.pages.lcpColdP95)} ms`, `${int(TARGET_LCP_MS)} ms`, 'lcp');
  for (const r of summary.imports) {
    const subject = `Import of ${int(r.invoices)} invoices, ${DB_NAME[r.db]}`;
    if (r.invoicesPerSecond < TARGET_IMPORT_ROWS_PER_S)
      other(subject, `${int(r.invoicesPerSecond)} rows/s`, `${int(TARGET_IMPORT_ROWS_PER_S)} rows/s`, 'import-rate');
    if (r.rollupsReadyS > TARGET_ROLLUPS_READY_S)
      other(subject, `rollups ready after ${r.rollupsReadyS} s`, `${TARGET_ROLLUPS_READY_S} s`, 'rollups-ready');
  }
  for (const c of summary.throughput?.calls ?? [])
    if (c.p95 >= TARGET_THROUGHPUT_P95_MS || c.errors > 0)
      other(
        `${c.label} over HTTP`,
        `p95 ${ms(c.p95)} ms, ${c.errors} errors`,
        `under ${TARGET_THROUGHPUT_P95_MS} ms`,
        'throughput',
      );
  for (const r of summary.reports)
    if (r.peakRssMb > TARGET_REPORT_RSS_MB)
      other(
        `${r.report}, ${DB_NAME[r.db]}`,
        `peak RSS ${int(r.peakRssMb)} MB`,
        `${int(TARGET_REPORT_RSS_MB)} MB`,
        'report-rss',
      );
  return gaps;
}

function machineLine(s: BenchSummary): string {
  const m = s.machine;
  const parts = [`${m.cores} cores`, m.cpuModel, `${m.memoryGb} GB`, `Node ${m.node}`];
  if (m.postgres) parts.push(m.postgres);
  const reference = m.referenceMs
    ? `; reference statement ${int(m.referenceMs.before)} ms before the calls, ${int(m.referenceMs.after)} ms after`
    : '';
  return `**Machine**: ${parts.join(', ')}${reference}.`;
}

function runLines(s: BenchSummary): string[] {
  const lines = [`Run of ${dayInIndia(s.date)}, commit \`${s.commit}\`: \`${s.command}\`.`];
  if (s.note) lines.push(s.note);
  const d = s.dataset;
  if (d)
    lines.push(
      `Data: the demo seed at scale ${d.scale}, ${int(d.documents)} documents, ${int(d.customers)} customers in ${int(d.families)} families; today ${day(d.today)}, backdated ${day(d.backdated)}.`,
    );
  return lines;
}

function callCell(id: string, f: CallFigures | undefined, db: DbKind): string {
  if (!f) return '–';
  if (f.error) return '**failed**';
  return `${ms(f.p50)} / ${bold(ms(f.p95), overP95(id, f, db))}`;
}

function callTable(s: BenchSummary): string[] {
  const rows = s.calls.map((c) => {
    const pg = c.byDb.postgres;
    const withBaseline = pg?.baselineP95 !== undefined ? pg : c.byDb.pglite;
    const baseline = withBaseline?.baselineP95 === undefined ? '–' : ms(withBaseline.baselineP95);
    const ratio =
      withBaseline?.ratio === undefined ? '–' : bold(ratioText(withBaseline.ratio), underRatio(withBaseline));
    return `| ${c.label} | \`${c.id}\` | ${c.path} | ${callCell(c.id, pg, 'postgres')} | ${callCell(c.id, c.byDb.pglite, 'pglite')} | ${baseline} | ${ratio} |`;
  });
  return [
    '| Call | Id | From | PostgreSQL p50 / p95 | PGlite p50 / p95 | Baseline p95 | Faster than baseline |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

function otherTables(s: BenchSummary): string[] {
  const out: string[] = ['### Pages', ''];
  const p = s.pages;
  out.push(
    p
      ? `The dashboard in Chromium: LCP ${int(p.lcpColdP50)} / ${bold(int(p.lcpColdP95), p.lcpColdP95 > TARGET_LCP_MS)} ms (p50 / p95) cold, p95 ${int(p.lcpWarmP95)} ms warm${p.firstLoadJsKb === undefined ? '' : `; ${int(p.firstLoadJsKb)} kB of first-load JavaScript (gzip)`}.`
      : 'Not measured in this run.',
    '',
    '### Import',
    '',
  );
  if (s.imports.length) {
    out.push(
      '| Database | Invoices | Invoices/s | Payments/s | First load, rows/s | Rollups ready after | Peak RSS |',
      '|---|---|---|---|---|---|---|',
      ...s.imports.map(
        (r) =>
          `| ${DB_NAME[r.db]} | ${int(r.invoices)} | ${bold(int(r.invoicesPerSecond), r.invoicesPerSecond < TARGET_IMPORT_ROWS_PER_S)} | ${int(r.paymentsPerSecond)} | ${int(r.firstLoadPerSecond)} | ${bold(`${r.rollupsReadyS} s`, r.rollupsReadyS > TARGET_ROLLUPS_READY_S)} | ${int(r.peakRssMb)} MB |`,
      ),
    );
  } else out.push('Not measured in this run.');
  out.push('', '### Throughput', '');
  const t = s.throughput;
  if (t) {
    out.push(
      `Over HTTP at ${t.connections} connections, ${t.seconds} s per call:`,
      '',
      '| Call | Requests/s | p50 / p95 ms | Errors |',
      '|---|---|---|---|',
      ...t.calls.map(
        (c) =>
          `| ${c.label} | ${int(c.requestsPerSecond)} | ${c.p50 === undefined ? '–' : ms(c.p50)} / ${bold(ms(c.p95), c.p95 >= TARGET_THROUGHPUT_P95_MS)} | ${c.errors} |`,
      ),
    );
  } else out.push('Not measured in this run.');
  out.push('', '### A small client beside the large one', '');
  const c = s.smallClient;
  out.push(
    c
      ? `A new client's first ledger (${int(c.invoices)} invoices, imported in ${c.importSeconds} s) beside the seeded one, each call answered once at once: ` +
          `${c.callsOverTarget} of ${c.calls} over their targets; slowest first answer ${bold(`${ms(c.slowestFirstMs)} ms`, c.slowestFirstMs > (c.slowestTargetMs ?? TARGET_P95_MS.postgres))} (${c.slowestCall}, target ${c.slowestTargetMs ?? TARGET_P95_MS.postgres} ms); ` +
          `its ${c.workbook.report} workbook as of ${day(c.workbook.date)} in ${c.workbook.seconds} s.`
      : 'Not measured in this run.',
  );
  out.push('', '### Excel reports', '');
  if (s.reports.length) {
    out.push(
      '| Report | Database | As of | Seconds | Peak RSS |',
      '|---|---|---|---|---|',
      ...s.reports.map(
        (r) =>
          `| ${r.report} | ${DB_NAME[r.db]} | ${day(r.date)} | ${r.seconds} | ${bold(`${int(r.peakRssMb)} MB`, r.peakRssMb > TARGET_REPORT_RSS_MB)} |`,
      ),
    );
  } else out.push('Not measured in this run.');
  return out;
}

function targetLines(): string[] {
  return [
    `- Each call: p95 ≤ ${TARGET_P95_MS.postgres} ms on PostgreSQL and ≤ ${TARGET_P95_MS.pglite} ms on PGlite, at least ${TARGET_RATIO}x faster than its baseline, and the same answer; a statement download of two years, every line (PDF and XLSX: ${Object.keys(
      CALL_TARGET_P95_MS,
    )
      .map((id) => `\`${id}\``)
      .join(', ')}), ${CALL_TARGET_P95_MS['portal-statement-pdf']} ms on either.`,
    `- The dashboard: LCP p95 ≤ ${int(TARGET_LCP_MS)} ms on a cold load.`,
    `- Import: a million invoices at ${int(TARGET_IMPORT_ROWS_PER_S)} rows/s or more, the rollups ready within ${TARGET_ROLLUPS_READY_S} s of each commit.`,
    `- Throughput: p95 under ${TARGET_THROUGHPUT_P95_MS} ms at ${THROUGHPUT_CONNECTIONS} connections on each of the three calls, no errors.`,
    `- Excel reports: peak RSS under ${int(TARGET_REPORT_RSS_MB)} MB (1 GiB) at a million invoices.`,
  ];
}

/** The whole of docs/benchmarks.md. */
export function renderBenchmarksPage(summary: BenchSummary): string {
  const gaps = gapsOf(summary);
  return [
    '# Benchmarks',
    '',
    'How fast the product answers at a million invoices, and how to measure it. `npm run bench` renders',
    'this page from its last full run (`docs/benchmarks.json`); `npm run bench -- --render` renders it again',
    'from that file. Do not edit it by hand. Benchmarks are not tests: nothing fails on a slow figure.',
    '',
    '- [Current figures](#current-figures): [calls](#calls), [pages](#pages), [import](#import),',
    '  [throughput](#throughput), [Excel reports](#excel-reports)',
    '- [Gaps](#gaps)',
    '- [Targets](#targets)',
    '- [How to run each benchmark](#how-to-run-each-benchmark)',
    '',
    '## Current figures',
    '',
    machineLine(summary),
    `A figure compares only beside its reference statement (\`${REFERENCE_STATEMENT}\`, best of three): machines of one kind differ by two to three times.`,
    '',
    ...runLines(summary),
    '',
    '### Calls',
    '',
    'p50 / p95 in ms through the service the API runs; over its target in bold. From: *rollup* (the',
    "day's rollups), *history* (the ageing history), *stored* (the stored forecast), *ledger*, *items*",
    "(invoice rows). The baseline computes the same answer the peers' way, from every invoice and what",
    'settles it; a run whose answers differ fails.',
    '',
    ...callTable(summary),
    '',
    ...otherTables(summary),
    '',
    '## Gaps',
    '',
    ...(gaps.length
      ? gaps.map((g) => `- **${g.subject}**: ${g.figure} (target ${g.target}): ${g.cause}.`)
      : ['None: every figure of this run is within its target.']),
    '',
    '## Targets',
    '',
    ...targetLines(),
    '',
    readFileSync(HOW_TO_RUN, 'utf8').trimEnd(),
    '',
  ].join('\n');
}

/** A full run: its summary becomes docs/benchmarks.json, and the page is rendered from it. */
export function writeDocs(summary: BenchSummary): string {
  writeFileSync(DOCS_JSON, summaryJson(summary));
  return renderDocs();
}

/** `--render`: docs/benchmarks.md from docs/benchmarks.json. */
export function renderDocs(): string {
  writeFileSync(DOCS_MD, renderBenchmarksPage(readSummary(DOCS_JSON)));
  return `${path.relative(process.cwd(), DOCS_JSON)} → ${path.relative(process.cwd(), DOCS_MD)}`;
}
