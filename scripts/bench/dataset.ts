/**
 * The benchmark databases: a dedicated PostgreSQL database (receivables_bench) and an embedded
 * PGlite folder (./bench-data/pglite), seeded through the app's own seedDatabase. Never touches
 * ./data, .e2e-data or the test database.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, POSTGRES_DEFAULT_WORKERS, type Database, type Db } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { refreshStaleHistories } from '@/lib/server/receivables/history/refresh-history';
import { refreshStaleForecasts } from '@/lib/server/forecast/forecast-store';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { isSeeded, seedDatabase } from '@/lib/db/seed';
import { scaledVolumes, VARDHMAN } from '@/lib/db/seed/tenants';

export const BENCH_DATA_DIR = path.join(process.cwd(), 'bench-data');
const DEFAULT_PGLITE_DIR = path.join(BENCH_DATA_DIR, 'pglite');
/** BENCH_PGLITE_DIR moves the embedded benchmark database (e.g. to run two benchmarks side by side). */
export const PGLITE_DIR = process.env.BENCH_PGLITE_DIR
  ? path.resolve(process.env.BENCH_PGLITE_DIR)
  : DEFAULT_PGLITE_DIR;
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/receivables_bench';

export type DbKind = 'postgres' | 'pglite';

export interface SeedFigures {
  scale: number;
  today: string;
  /** seedDatabase wall time, rollup refresh included. */
  seedMs: number;
  /** VACUUM ANALYZE after the seed (what autovacuum would do shortly after an import). */
  analyzeMs: number;
  /** Rows written per table by the seed (all tenants). */
  counts: Record<string, number>;
  /** Time spent in the rollup refresh per client (the spec's view update time), from the seed's progress log. */
  rollupRefreshMs: Record<string, number>;
  /** (invoices + payments) written per second of seedDatabase. */
  ledgerRowsPerSecond: number;
  seededAt: string;
}

export interface Volumes {
  clientId: number;
  invoices: number;
  payments: number;
  obligors: number;
  families: number;
  openInvoices: number;
  rollupRows: number;
  rollupDates: number;
  allInvoices: number;
  allPayments: number;
}

export interface BenchDataset {
  kind: DbKind;
  label: string;
  database: Database;
  db: Db;
  /**
   * The baseline's connection: on PostgreSQL one that may use PostgreSQL's default parallel workers
   * (the app's own ask for none, lib/db/client.ts), so the peers' method is timed as a server runs it
   * out of the box; on PGlite the same database.
   */
  baselineDb: Db;
  /** Closes the database and the baseline's connection. */
  close(): Promise<void>;
  where: string;
  scale: number;
  today: string;
  seed?: SeedFigures;
  /** Figures of the seed that built a database reused with --skip-seed. */
  previousSeed?: SeedFigures;
  volumes: Volumes;
  serverVersion: string;
  settings: Record<string, string>;
}

function stamp(started: number): string {
  return `[${((performance.now() - started) / 1000).toFixed(1).padStart(7)}s]`;
}

/** What the seed of a benchmark database measured, kept beside it for runs that reuse it. */
function metaFile(kind: DbKind, pgUrl: string): string {
  if (kind === 'pglite')
    return PGLITE_DIR === DEFAULT_PGLITE_DIR
      ? path.join(BENCH_DATA_DIR, 'pglite-meta.json')
      : `${PGLITE_DIR}-meta.json`;
  const name = databaseName(pgUrl);
  return path.join(BENCH_DATA_DIR, name === 'receivables_bench' ? 'postgres-meta.json' : `postgres-${name}-meta.json`);
}

function readMeta(kind: DbKind, pgUrl: string): SeedFigures | undefined {
  try {
    return JSON.parse(readFileSync(metaFile(kind, pgUrl), 'utf8')) as SeedFigures;
  } catch {
    return undefined;
  }
}

/** The database name of a PostgreSQL URL, checked to be a plain identifier. */
function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected benchmark database name "${name}"`);
  if (name === 'test' || name === 'postgres')
    throw new Error(`refusing to use the "${name}" database for the benchmark`);
  return name;
}

async function recreatePostgres(url: string, log: (m: string) => void): Promise<void> {
  const name = databaseName(url);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = await openDatabase({ url: adminUrl.toString() });
  try {
    log(`dropping and recreating database ${name}`);
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
}

async function postgresExists(url: string): Promise<boolean> {
  const name = databaseName(url);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = await openDatabase({ url: adminUrl.toString() });
  try {
    const found = await queryRow(
      admin.db,
      sql`select count(*)::int as n from pg_database where datname = ${name}`,
      row({ n: col.int }),
    );
    return (found?.n ?? 0) > 0;
  } finally {
    await admin.close();
  }
}

async function seed(
  database: Database,
  meta: string,
  scale: number,
  today: string,
  log: (m: string) => void,
): Promise<SeedFigures> {
  const started = performance.now();
  const marks: { at: number; message: string }[] = [];
  const summary = await seedDatabase(database.db, {
    scale,
    today,
    onProgress: (message) => {
      marks.push({ at: performance.now(), message });
      log(`${stamp(started)} ${message}`);
    },
  });
  // The refresh is the step between "...notifications written" and "...rollups refreshed" per client.
  const rollupRefreshMs: Record<string, number> = {};
  marks.forEach((mark, i) => {
    const match = /^(\w+): ageing rollups refreshed/.exec(mark.message);
    const before = marks[i - 1];
    if (match && before) rollupRefreshMs[match[1]!] = Math.round(mark.at - before.at);
  });
  log(`${stamp(started)} VACUUM ANALYZE`);
  const analyzeStarted = performance.now();
  await database.db.execute(sql.raw('vacuum analyze'));
  const analyzeMs = Math.round(performance.now() - analyzeStarted);
  const ledgerRows = (summary.counts.invoices ?? 0) + (summary.counts.payments ?? 0);
  const figures: SeedFigures = {
    scale,
    today: summary.today,
    seedMs: summary.elapsedMs,
    analyzeMs,
    counts: summary.counts,
    rollupRefreshMs,
    ledgerRowsPerSecond: Math.round(ledgerRows / (summary.elapsedMs / 1000)),
    seededAt: new Date().toISOString(),
  };
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  writeFileSync(meta, `${JSON.stringify(figures, null, 2)}\n`);
  return figures;
}

async function readVolumes(db: Db, today: string): Promise<Volumes> {
  const client = await queryRow(db, sql`select id from clients where code = ${VARDHMAN.code}`, row({ id: col.int }));
  if (!client) throw new Error('benchmark database has no VARDHMAN client: seed it (run without --skip-seed)');
  const clientId = client.id;
  const v = await queryRow(
    db,
    sql`
    select
      (select count(*) from invoices where client_id = ${clientId}) as invoices,
      (select count(*) from payments where client_id = ${clientId}) as payments,
      (select count(*) from obligors where client_id = ${clientId}) as obligors,
      (select count(*) from obligors where client_id = ${clientId} and parent_sys_obligor_code is null) as families,
      (select count(*) from invoices where client_id = ${clientId} and (settled_date is null or settled_date > ${today}::date)
        and issue_date <= ${today}::date) as open_invoices,
      (select count(*) from obligor_ageing where client_id = ${clientId}) as rollup_rows,
      (select count(*) from ageing_snapshots where client_id = ${clientId}) as rollup_dates,
      (select count(*) from invoices) as all_invoices,
      (select count(*) from payments) as all_payments`,
    row({
      invoices: col.int,
      payments: col.int,
      obligors: col.int,
      families: col.int,
      open_invoices: col.int,
      rollup_rows: col.int,
      rollup_dates: col.int,
      all_invoices: col.int,
      all_payments: col.int,
    }),
  );
  if (!v) throw new Error('no volumes read');
  return {
    clientId,
    invoices: v.invoices,
    payments: v.payments,
    obligors: v.obligors,
    families: v.families,
    openInvoices: v.open_invoices,
    rollupRows: v.rollup_rows,
    rollupDates: v.rollup_dates,
    allInvoices: v.all_invoices,
    allPayments: v.all_payments,
  };
}

async function seededToday(db: Db, clientId?: number): Promise<string | undefined> {
  const seeded = await queryRow(
    db,
    sql`
    select max(s.as_of_date)::text as d from ageing_snapshots s join clients c on c.id = s.client_id
    where c.code = ${VARDHMAN.code} ${clientId ? sql`and c.id = ${clientId}` : sql``}`,
    row({ d: col.day.nullable() }),
  );
  return seeded?.d ?? undefined;
}

async function serverInfo(db: Db, kind: DbKind): Promise<{ version: string; settings: Record<string, string> }> {
  const v = await queryRow(db, sql`select version() as v`, row({ v: col.text }));
  const names = [
    'shared_buffers',
    'work_mem',
    'effective_cache_size',
    'max_parallel_workers_per_gather',
    'jit',
    'random_page_cost',
  ];
  const rows = await queryRows(
    db,
    sql`
    select name, setting, unit from pg_settings where name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
    row({ name: col.text, setting: col.text, unit: col.text.nullable() }),
  );
  const settings = Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} ${r.unit}` : r.setting]));
  const version = kind === 'pglite' ? `PGlite (${(v?.v ?? '').split(',')[0]})` : ((v?.v ?? '').split(',')[0] ?? '');
  return { version, settings };
}

export interface PrepareOptions {
  scale: number;
  today: string;
  skipSeed: boolean;
  pgUrl: string;
  log: (message: string) => void;
}

/** Opens (and unless skipSeed, rebuilds and seeds) the benchmark database of one kind. */
export async function prepareDataset(kind: DbKind, options: PrepareOptions): Promise<BenchDataset> {
  const { log } = options;
  const started = performance.now();
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  let database: Database;
  let where: string;
  if (kind === 'postgres') {
    where = options.pgUrl.replace(/\/\/[^@/]*@/, '//…@');
    if (!options.skipSeed) await recreatePostgres(options.pgUrl, log);
    else if (!(await postgresExists(options.pgUrl)))
      throw new Error(`--skip-seed: database ${databaseName(options.pgUrl)} does not exist`);
    database = await openDatabase({ url: options.pgUrl });
  } else {
    where = path.relative(process.cwd(), PGLITE_DIR);
    if (!options.skipSeed) {
      log(`removing ${where}`);
      rmSync(PGLITE_DIR, { recursive: true, force: true });
    } else if (!existsSync(PGLITE_DIR)) {
      throw new Error(`--skip-seed: ${where} does not exist`);
    }
    mkdirSync(PGLITE_DIR, { recursive: true });
    database = await openDatabase({ dataDir: PGLITE_DIR });
  }
  try {
    await migrateDatabase(database);
    let seedFigures: SeedFigures | undefined;
    let previousSeed: SeedFigures | undefined;
    let scale = options.scale;
    let today = options.today;
    if (!options.skipSeed) {
      if (await isSeeded(database.db)) throw new Error(`${label} benchmark database is not empty after recreation`);
      const volumes = scaledVolumes(VARDHMAN, scale);
      log(
        `${label}: seeding scale ${scale} for ${today} (VARDHMAN: ${volumes.parents} parents, ${volumes.children} children, ${volumes.invoices} documents)`,
      );
      seedFigures = await seed(database, metaFile(kind, options.pgUrl), scale, today, log);
      log(
        `${label}: seeded in ${(seedFigures.seedMs / 1000).toFixed(1)} s (+ ${(seedFigures.analyzeMs / 1000).toFixed(1)} s VACUUM ANALYZE) ${stamp(started)}`,
      );
    } else {
      if (!(await isSeeded(database.db))) throw new Error(`--skip-seed: the ${label} benchmark database is empty`);
      previousSeed = readMeta(kind, options.pgUrl);
      today = (await seededToday(database.db)) ?? previousSeed?.today ?? today;
      scale = previousSeed?.scale ?? Number.NaN;
      log(
        `${label}: reusing the seeded database (today = ${today}${previousSeed ? `, scale ${previousSeed.scale}` : ''})`,
      );
      // A migration may have reset the rollups (new rollup tables): rebuild what is missing, as db:setup does.
      const refreshStarted = performance.now();
      const refreshed = await refreshStaleRollups(database.db, today);
      if (refreshed.length)
        log(
          `${label}: rollups rebuilt for ${refreshed.length} client(s) in ${((performance.now() - refreshStarted) / 1000).toFixed(1)} s`,
        );
      // A ledger changed since (an import run) or a new history column: the server would rebuild it in the background.
      const historyStarted = performance.now();
      const histories = await refreshStaleHistories(database.db);
      if (histories.length)
        log(
          `${label}: ageing history rebuilt for ${histories.length} client(s) in ${((performance.now() - historyStarted) / 1000).toFixed(1)} s`,
        );
      const forecastStarted = performance.now();
      const forecasts = await refreshStaleForecasts(database.db);
      if (forecasts.length)
        log(
          `${label}: cash-in forecast built for ${forecasts.length} client(s) in ${((performance.now() - forecastStarted) / 1000).toFixed(1)} s`,
        );
    }
    const volumes = await readVolumes(database.db, today);
    const info = await serverInfo(database.db, kind);
    const baseline =
      kind === 'postgres'
        ? await openDatabase({ url: options.pgUrl, parallelWorkers: POSTGRES_DEFAULT_WORKERS })
        : null;
    const opened = database;
    return {
      kind,
      label,
      database,
      db: database.db,
      baselineDb: baseline?.db ?? database.db,
      close: async () => {
        await baseline?.close();
        await opened.close();
      },
      where,
      scale,
      today,
      seed: seedFigures,
      previousSeed,
      volumes,
      serverVersion: info.version,
      settings: info.settings,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
