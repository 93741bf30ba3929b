/**
 * Throughput (`npm run bench -- --load`): the production server (`next start`) on the seeded
 * PostgreSQL benchmark database, driven over HTTP by autocannon at N connections for S seconds on
 * the summary, the parent list and the open invoices; then the same services called in-process
 * with the same concurrency and the same pool size, which is the ceiling on this machine. Prints
 * requests/s and p50/p95/p99 of both, and HTTP as a share of the ceiling.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ZInvoicesQuery, ZReceivablesQuery, ZSummaryQuery } from '@/lib/contract/receivables';
import { openDatabase, type Db } from '@/lib/db/client';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { eq } from 'drizzle-orm';
import { clients } from '@/lib/db/schema';
import { BENCH_PORT, ensureBuild, signIn, startServer, stopServer, waitReady } from './browser';
import { referenceStatementMs, referenceText, type ReferenceMs } from './reference';
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
  inProcess: Side;
}

/** A whole `--load` run: each call's figures and the machine's speed before and after it. */
export interface LoadRun {
  figures: LoadFigures[];
  referenceMs: ReferenceMs;
}

/** The three calls a collector's morning leans on, as the API is asked for them. */
const TARGETS: { target: string; path: string; service: (db: Db, clientId: number) => Promise<unknown> }[] = [
  {
    target: 'Summary (client totals)',
    path: '/api/v4/clients/receivables/current/summary',
    service: (db, clientId) => receivablesSummary(db, clientId, ZSummaryQuery.parse({})),
  },
  {
    target: 'Parent list, page 1, by overdue',
    path: '/api/v4/clients/receivables?sortBy=overdue&order=DESC&count=10',
    service: (db, clientId) =>
      listReceivables(db, clientId, ZReceivablesQuery.parse({ sortBy: 'overdue', order: 'DESC', count: 10 })),
  },
  {
    target: 'Open invoices, page 1',
    path: '/api/v4/invoices?count=10',
    service: (db, clientId) => listOpenInvoices(db, clientId, ZInvoicesQuery.parse({ count: 10 })),
  },
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

async function inProcess(run: () => Promise<unknown>, connections: number, seconds: number): Promise<Side> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await run();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return side(latencies, errors, (performance.now() - started) / 1000);
}

export async function measureLoad(options: LoadOptions): Promise<LoadRun> {
  const { log, connections, seconds } = options;
  ensureBuild(log);
  const before = await openDatabase({ url: options.pgUrl }).then(async (database) => {
    try {
      return await referenceStatementMs(database.db);
    } finally {
      await database.close();
    }
  });
  log(`reference statement ${before} ms`);
  const base = `http://127.0.0.1:${BENCH_PORT}`;
  const server = startServer(options.pgUrl, log);
  const figures: LoadFigures[] = [];
  try {
    await waitReady(base, server.child, server.output);
    const cookie = (await signIn(base)).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const t of TARGETS) {
      log(`HTTP ${t.path}: ${connections} connections for ${seconds} s`);
      const http = await overHttp(`${base}${t.path}`, cookie, connections, seconds);
      figures.push({ target: t.target, path: t.path, http, inProcess: http });
    }
  } finally {
    await stopServer(server.child);
    log('server stopped');
  }
  // The ceiling: the services alone, same concurrency and pool size as the server (DATABASE_POOL_SIZE).
  const database = await openDatabase({ url: options.pgUrl });
  try {
    const [client] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'VARDHMAN'));
    if (!client) throw new Error('--load: the benchmark database has no VARDHMAN: seed it with npm run bench first');
    const clientId = client.id;
    for (const [i, t] of TARGETS.entries()) {
      log(`in-process ${t.target}: ${connections} at once for ${seconds} s`);
      figures[i]!.inProcess = await inProcess(() => t.service(database.db, clientId), connections, seconds);
    }
    return { figures, referenceMs: { before, after: await referenceStatementMs(database.db) } };
  } finally {
    await database.close();
  }
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function loadLines({ figures, referenceMs }: LoadRun, connections: number, seconds: number): string[] {
  const rows = figures.map((f) => {
    const share = f.inProcess.requestsPerSecond ? (f.http.requestsPerSecond / f.inProcess.requestsPerSecond) * 100 : 0;
    const l = (s: Side) =>
      `${s.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(s.latency.p50)} / p95 ${ms(s.latency.p95)} / p99 ${ms(s.p99)} ms${s.errors ? `, ${s.errors} errors` : ''}`;
    return `| ${f.target} | ${l(f.http)} | ${l(f.inProcess)} | ${share.toFixed(0)}% |`;
  });
  return [
    `Throughput at ${connections} connections for ${seconds} s (PostgreSQL benchmark database, next start on 127.0.0.1; ${referenceText(referenceMs)}):`,
    '',
    '| Call | HTTP | In-process (ceiling) | HTTP / ceiling |',
    '|---|---|---|---|',
    ...rows,
  ];
}

export function writeLoad(dir: string, load: LoadRun, lines: string[], machine: string): void {
  writeFileSync(path.join(dir, 'load-latest.json'), `${JSON.stringify({ machine, ...load }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'load-latest.md'), `# Throughput\n\n${machine}\n\n${lines.join('\n')}\n`);
}
