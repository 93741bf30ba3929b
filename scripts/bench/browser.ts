/**
 * Page-load figures of the dashboard: `next start` on the PostgreSQL benchmark database, a session
 * from POST /api/sign_in, then Chromium (playwright-core, Debian's /usr/bin/chromium) loading
 * /borrowers/dashboard. TTFB and LCP come from the page's own performance entries. The server is
 * always stopped (its whole process group) before this returns.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { summarise, type Timing } from './timing';

/** BENCH_PORT moves the benchmark's server off 3300. */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3300);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ADMIN = { email: 'admin@vardhman.test', password: 'Receivables@2026' };
const DASHBOARD = '/borrowers/dashboard';

export interface LoadSample {
  ttfb: number;
  serverMs: number;
  lcp: number | null;
  lcpElement: string | null;
  domContentLoaded: number;
  load: number;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  jsFiles: number;
  status: number;
  finalPath: string;
}

export interface BrowserFigures {
  url: string;
  database: string;
  buildId: string;
  loads: number;
  warmups: number;
  /** New browser context per load: empty HTTP cache, the first visit of a user. */
  cold: { ttfb: Timing; serverMs: Timing; lcp: Timing; samples: LoadSample[] };
  /** One context for every load: static chunks from the HTTP cache, a returning user. */
  warm: { ttfb: Timing; serverMs: Timing; lcp: Timing; samples: LoadSample[] };
  lcpElement: string | null;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  jsFiles: number;
}

export interface BrowserOptions {
  databaseUrl: string;
  loads: number;
  warmups: number;
  log: (message: string) => void;
}

/** Runs `npx next build` when there is no build yet (or when forced); returns its output. */
export function ensureBuild(log: (m: string) => void, force = false): string | undefined {
  if (!force && existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) return undefined;
  log(force ? 'running next build (--build-stats)' : '.next/BUILD_ID missing: running next build');
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: { ...process.env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 900_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status}):\n${output.slice(-4000)}`);
  return output;
}

export function startServer(
  databaseUrl: string,
  log: (m: string) => void,
): { child: ChildProcess; output: () => string } {
  const chunks: string[] = [];
  // What `npm run serve` runs: next start behind the HTTP time limits.
  const next = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(
    process.execPath,
    ['--import', './scripts/http-limits.mjs', next, 'start', '-p', String(BENCH_PORT)],
    {
      cwd: process.cwd(),
      detached: true, // its own process group, so the whole group can be stopped
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: 'bench-session-secret-that-is-at-least-32-characters',
        PORT: String(BENCH_PORT),
      },
    },
  );
  child.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  log(`next start -p ${BENCH_PORT} (pid ${child.pid})`);
  return { child, output: () => chunks.join('').slice(-4000) };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!stopped) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await Promise.race([exited, sleep(2000)]);
  }
}

export async function waitReady(base: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${base}/`, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  throw new Error(`the server did not answer within 60 s:\n${output()}`);
}

export async function signIn(base: string): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${base}/api/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers
    .getSetCookie()
    .map((line) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return { name: pair!.slice(0, at).trim(), value: pair!.slice(at + 1).trim() };
    })
    .filter((c) => c.name && c.value);
  if (!cookies.length) throw new Error('sign-in answered without a session cookie');
  return cookies;
}

async function loadOnce(context: BrowserContext, url: string): Promise<LoadSample> {
  const page = await context.newPage();
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const figures = await page.evaluate(
      () =>
        new Promise<Omit<LoadSample, 'status' | 'finalPath'>>((resolve) => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          let lcp: number | null = null;
          let lcpElement: string | null = null;
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1];
            if (!last) return;
            lcp = last.startTime;
            const el = last.element;
            lcpElement = el
              ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}: ${(el.textContent ?? '').trim().slice(0, 40)}`
              : null;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (r) => r.initiatorType === 'script' || /\.js(\?|$)/.test(r.name),
          );
          setTimeout(
            () =>
              resolve({
                ttfb: nav.responseStart,
                serverMs: nav.responseStart - nav.requestStart,
                domContentLoaded: nav.domContentLoadedEventEnd,
                load: nav.loadEventEnd,
                lcp,
                lcpElement,
                jsTransferBytes: scripts.reduce((s, r) => s + r.transferSize, 0),
                jsDecodedBytes: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
                jsFiles: scripts.length,
              }),
            100,
          );
        }),
    );
    return { ...figures, status: response?.status() ?? 0, finalPath: new URL(page.url()).pathname };
  } finally {
    await page.close();
  }
}

function timings(samples: LoadSample[]) {
  return {
    ttfb: summarise(samples.map((s) => s.ttfb)),
    serverMs: summarise(samples.map((s) => s.serverMs)),
    lcp: summarise(samples.map((s) => s.lcp ?? Number.NaN).filter((x) => !Number.isNaN(x))),
    samples,
  };
}

export async function measureDashboard(options: BrowserOptions): Promise<BrowserFigures> {
  const { log } = options;
  const base = `http://localhost:${BENCH_PORT}`;
  const url = `${base}${DASHBOARD}`;
  const busy = await fetch(`${base}/`, { redirect: 'manual', signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (busy)
    throw new Error(
      `port ${BENCH_PORT} is already in use (another benchmark's server?); set BENCH_PORT to use another`,
    );
  const buildId = readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
  const server = startServer(options.databaseUrl, log);
  let browser: Browser | undefined;
  try {
    await waitReady(base, server.child, server.output);
    const cookies = await signIn(base);
    log(`signed in as ${ADMIN.email}; launching Chromium`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const newContext = async () => {
      const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      return context;
    };
    const cold: LoadSample[] = [];
    for (let i = 0; i < options.warmups + options.loads; i += 1) {
      const context = await newContext();
      try {
        const sample = await loadOnce(context, url);
        if (sample.finalPath !== DASHBOARD || sample.status >= 400) {
          throw new Error(`dashboard load ended on ${sample.finalPath} with status ${sample.status}`);
        }
        if (i >= options.warmups) cold.push(sample);
      } finally {
        await context.close();
      }
    }
    const warm: LoadSample[] = [];
    const context = await newContext();
    try {
      for (let i = 0; i < 1 + options.loads; i += 1) {
        const sample = await loadOnce(context, url);
        if (i >= 1) warm.push(sample);
      }
    } finally {
      await context.close();
    }
    const first = cold[0];
    return {
      url,
      database: options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@'),
      buildId,
      loads: options.loads,
      warmups: options.warmups,
      cold: timings(cold),
      warm: timings(warm),
      lcpElement: first?.lcpElement ?? null,
      jsTransferBytes: first?.jsTransferBytes ?? 0,
      jsDecodedBytes: first?.jsDecodedBytes ?? 0,
      jsFiles: first?.jsFiles ?? 0,
    };
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    await stopServer(server.child);
    log('server stopped');
  }
}
