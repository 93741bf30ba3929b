import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as Sentry from '@sentry/nextjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listRoute } from '@/app/api/reports/list/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as parentsRoute } from '@/app/api/v4/parentobligors/receivables/current/route';
import { TEST_TODAY } from '../helpers/seeded';
import { analyticsAllowedOn } from '@/lib/domain/analytics-host';
import { reportError } from '@/lib/server/observability/report-error';
import { callRoute } from '../helpers/api';
import { createSeededDatabase, signInAs } from '../helpers/seeded';
import type { TestDatabase } from '../helpers/db';

let database: TestDatabase;
let server: http.Server;
const envelopes: string[] = [];

beforeAll(async () => {
  database = await createSeededDatabase(0.02);
  // A stand-in for Sentry's ingest endpoint: the SDK posts envelopes to /api/<project>/envelope/.
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      envelopes.push(`${req.url}\n${body}`);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  delete process.env.SENTRY_DSN;
  delete process.env.LOG_REQUESTS;
  server?.close();
  await database?.dispose();
});

describe('structured request logs', () => {
  it('write one JSON line per API call with method, path, status and duration, and no secrets', async () => {
    process.env.LOG_REQUESTS = '1';
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    await callRoute(listRoute, '/api/reports/list', { cookie, query: { token: 'secret-value' } });
    await callRoute(listRoute, '/api/reports/list');
    const lines = log.mock.calls
      .map((c) => String(c[0]))
      .filter((l) => l.includes('"msg":"api"'))
      .map((l) => JSON.parse(l));
    log.mockRestore();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', path: '/api/reports/list', status: 200 });
    expect(lines[1]).toMatchObject({ level: 'warn', status: 401 });
    expect(typeof lines[0].durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret-value|rd_session/);
  });
});

describe('which source answered', () => {
  async function loggedSources(call: () => Promise<unknown>): Promise<string | undefined> {
    process.env.LOG_REQUESTS = '1';
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let lines: string[];
    try {
      await call();
    } finally {
      lines = log.mock.calls.map((c) => String(c[0]));
      log.mockRestore();
      delete process.env.LOG_REQUESTS;
    }
    const line = lines.find((l) => l.includes('"msg":"api"'));
    return line ? (JSON.parse(line) as { sources?: string }).sources : undefined;
  }

  it('logs the tier of each ageing figure: the rollups of a rollup date, the ledger of another date', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    // The seed keeps rollups for today; this test database has no ageing history, so other dates take the ledger.
    const today = await loggedSources(() =>
      callRoute(parentsRoute, '/api/v4/parentobligors/receivables/current', { cookie, query: { date: TEST_TODAY } }),
    );
    expect(today).toBe('families:rollup');
    const past = await loggedSources(() =>
      callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', { cookie, query: { date: '2026-08-17' } }),
    );
    expect(past).toBe('obligors:ledger');
  });
});

describe('error reporting', () => {
  it('sends the error to Sentry when SENTRY_DSN is set', async () => {
    const dsn = `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/42`;
    process.env.SENTRY_DSN = dsn;
    Sentry.init({ dsn, tracesSampleRate: 0 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError(new Error('ledger import exploded'), { where: 'test' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Sentry.flush(3000);
    error.mockRestore();
    const sent = envelopes.find((e) => e.includes('ledger import exploded'));
    expect(sent).toBeTruthy();
    expect(sent).toContain('/api/42/envelope/');
  });
});

describe('analytics hosts', () => {
  it('are every host but localhost and demo hosts', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      'app.localhost',
      '::1',
      'demo.receivables.in',
      'receivables-demo.example.com',
    ]) {
      expect(analyticsAllowedOn(host)).toBe(false);
    }
    for (const host of ['receivables.vardhman.in', 'app.example.com', 'demography.example.com'])
      expect(analyticsAllowedOn(host)).toBe(true);
  });
});
