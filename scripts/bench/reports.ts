/**
 * Excel reports at scale (`npm run bench -- --reports`): each report of GET /reports/download.xlsx
 * streamed from the benchmark database by a process of its own (scripts/bench/report-run.ts), so
 * that the peak RSS measured is that report's. Prints rows, seconds, bytes and peak RSS per report
 * and writes bench-results/reports-latest.{json,md}. The target is a peak under 1 GiB at a million
 * invoices; nothing fails on a figure (benchmarks are not tests).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_CODES, type ReportCode } from '@/lib/contract/reports';
import type { ReportRunResult } from './report-run';
import { TARGET_REPORT_RSS_MB } from './targets';

export interface ReportBenchOptions {
  /** PostgreSQL URL, or a PGlite folder. */
  url?: string;
  pgliteDir?: string;
  reports: ReportCode[];
  /** As-of dates (each report runs once per date). */
  dates: string[];
  email: string;
  /** Read the download no faster than this (MB/s), as a slow client would; null reads at once. */
  readRate: number | null;
  log: (message: string) => void;
}

export function parseReportCodes(list: string | undefined): ReportCode[] {
  if (!list) return [...REPORT_CODES];
  const codes = list
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((c) => !(REPORT_CODES as readonly string[]).includes(c));
  if (unknown.length) throw new Error(`--report takes ${REPORT_CODES.join(', ')}; unknown: ${unknown.join(', ')}`);
  return codes as ReportCode[];
}

/** One report in a child process (the same tsx loader and conditions as this one). */
function runOne(report: ReportCode, date: string, options: ReportBenchOptions): Promise<ReportRunResult> {
  const script = path.join(import.meta.dirname, 'report-run.ts');
  const args = [
    ...process.execArgv,
    script,
    '--report',
    report,
    '--date',
    date,
    '--email',
    options.email,
    ...(options.url ? ['--url', options.url] : ['--pglite', options.pgliteDir!]),
    ...(options.readRate ? ['--read-rate', String(options.readRate)] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as ReportRunResult);
      else
        reject(new Error(`${report} ${date} exited ${code}: ${(err || out).trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

const count = (n: number) => n.toLocaleString('en-IN');

export function reportLine(r: ReportRunResult): string {
  const rows = Object.values(r.rows).reduce((s, n) => s + n, 0);
  return (
    `${r.report} as of ${r.date}: ${count(rows)} rows (${Object.entries(r.rows)
      .map(([s, n]) => `${s} ${count(n)}`)
      .join(', ')}), ` +
    `${r.seconds.toFixed(1)} s, ${(r.bytes / 1024 / 1024).toFixed(1)} MB, peak RSS ${r.peakRssMb} MB (${r.startRssMb} MB before the report), ` +
    `peak heap ${r.peakHeapMb} MB${r.readRateMbps ? `, read at ${r.readRateMbps} MB/s` : ''}${r.peakRssMb > TARGET_REPORT_RSS_MB ? ' — OVER 1 GiB' : ''}`
  );
}

function markdown(results: ReportRunResult[]): string {
  const lines = [
    '| Report | As of | Rows | Seconds | xlsx MB | Peak RSS MB (before) | Peak heap MB |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const rows = Object.values(r.rows).reduce((s, n) => s + n, 0);
    lines.push(
      `| ${r.report} | ${r.date} | ${count(rows)} | ${r.seconds.toFixed(1)} | ${(r.bytes / 1024 / 1024).toFixed(1)} | ${r.peakRssMb} (${r.startRssMb}) | ${r.peakHeapMb} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Runs every report for every date, one after the other (never two at once: RSS and time are each one's own). */
export async function benchReports(
  options: ReportBenchOptions,
  resultsDir: string,
): Promise<{ results: ReportRunResult[]; failures: string[] }> {
  const results: ReportRunResult[] = [];
  const failures: string[] = [];
  for (const date of options.dates) {
    for (const report of options.reports) {
      options.log(`report ${report} as of ${date}: streaming…`);
      try {
        const result = await runOne(report, date, options);
        results.push(result);
        options.log(reportLine(result));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(message);
        options.log(`!!! ${message}`);
      }
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'reports-latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), email: options.email, readRateMbps: options.readRate, results, failures }, null, 2)}\n`,
  );
  writeFileSync(path.join(resultsDir, 'reports-latest.md'), markdown(results));
  return { results, failures };
}
