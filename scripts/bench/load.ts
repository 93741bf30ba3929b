/**
 * Throughput (`npm run bench -- --load`): the production server (`next start`) on the seeded PostgreSQL
 * benchmark database, driven over HTTP by autocannon at N connections
 * for S seconds on the summary, the parent list and the open invoices. Prints requests/s and
 * p50/p95/p99 of each against the target (p95 under 250 ms at 32 connections).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '@/lib/db/client';
import { BENCH_PORT, ensureBuild, signIn, startServer, stopServer, waitReady } from './browser';
import { referenceStatementMs, referenceText, type ReferenceMs } from './reference';
import { TARGET_THROUGHPUT_P95_MS } from './targets';
import { percentile, summarise, type Timing } from './timing';

export interface LoadOptions {
  pgUrl: string;
  connections: number;
  seconds: number;
  log: (message: string) => void;
}

interface Side {
  requestsPerSecond: number;
  requests: number;
  errors: number;
  latency: Timing;
  p99: number;
}

export interface LoadFigures {
  target: string;
  path: string;
  http: Side;
}

/** A whole `--load` run: each call's figures and the machine's speed before and after it. */
export interface LoadRun {
  connections: number;
  seconds: number;
  figures: LoadFigures[];
  referenceMs: ReferenceMs;
}

/** The three calls a collector's morning leans on, as the API is asked for them. */
const TARGETS: { target: string; path: string }[] = [
  { target: 'Summary (client totals)', path: '/api/v4/clients/receivables/current/summary' },
  { target: 'Parent list, page 1, by overdue', path: '/api/v4/clients/receivables?sortBy=overdue&order=DESC&count=10' },
  { target: 'Open invoices, page 1', path: '/api/v4/invoices?count=10' },
];

function side(latencies: number[], errors: number, seconds: number): Side {
  return {
    requestsPerSecond: latencies.length / seconds,
    requests: latencies.length,
    errors,
    latency: { ...summarise(latencies), samples: [] },
    p99: percentile(
      [...latencies].sort((a, b) => a - b),
      99,
    ),
  };
}

async function overHttp(url: string, cookie: string, connections: number, seconds: number): Promise<Side> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1;
      else latencies.push(responseTime);
    });
  });
  return side(latencies, errors + result.errors + result.timeouts, result.duration);
}

export async function measureLoad(options: LoadOptions): Promise<LoadRun> {
  const { log, connections, seconds } = options;
  ensureBuild(log);
  const reference = async () => {
    const database = await openDatabase({ url: options.pgUrl });
    try {
      return await referenceStatementMs(database.db);
    } finally {
      await database.close();
    }
  };
  const before = await reference();
  log(`reference statement ${before} ms`);
  const base = `http://127.0.0.1:${BENCH_PORT}`;
  const server = startServer(options.pgUrl, log);
  const figures: LoadFigures[] = [];
  try {
    await waitReady(base, server.child, server.output);
    const cookie = (await signIn(base)).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const t of TARGETS) {
      log(`HTTP ${t.path}: ${connections} connections for ${seconds} s`);
      figures.push({ ...t, http: await overHttp(`${base}${t.path}`, cookie, connections, seconds) });
    }
  } finally {
    await stopServer(server.child);
    log('server stopped');
  }
  return { connections, seconds, figures, referenceMs: { before, after: await reference() } };
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function loadLines({ connections, seconds, figures, referenceMs }: LoadRun): string[] {
  const rows = figures.map((f) => {
    const s = f.http;
    const met = s.latency.p95 < TARGET_THROUGHPUT_P95_MS && s.errors === 0 ? 'yes' : 'NO';
    return `| ${f.target} | ${s.requestsPerSecond.toFixed(0)} | ${ms(s.latency.p50)} / ${ms(s.latency.p95)} / ${ms(s.p99)} | ${s.errors} | ${met} |`;
  });
  return [
    `Throughput at ${connections} connections for ${seconds} s over HTTP (PostgreSQL benchmark database, 127.0.0.1; ${referenceText(referenceMs)}; target p95 under ${TARGET_THROUGHPUT_P95_MS} ms):`,
    '',
    '| Call | Requests/s | p50 / p95 / p99 ms | Errors | Target met |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}

export function writeLoad(dir: string, load: LoadRun, lines: string[], machine: string): void {
  writeFileSync(path.join(dir, 'load-latest.json'), `${JSON.stringify({ machine, ...load }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'load-latest.md'), `# Throughput\n\n${machine}\n\n${lines.join('\n')}\n`);
}
