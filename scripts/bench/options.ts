/** The command line of `npm run bench`: every option, its default and its check. */
import { parseArgs } from 'node:util';
import { todayIso } from '@/lib/domain/dates';
import { DEFAULT_PG_URL, type DbKind } from './dataset';
import { parseReportCodes } from './reports';
import { THROUGHPUT_CONNECTIONS } from './targets';

export const USAGE = `usage: npm run bench -- [--scale N] [--pglite-scale N] [--db postgres|pglite|both] [--iterations N]
       [--warmups N] [--baseline-iterations N] [--skip-seed] [--browser|--no-browser] [--build-stats]
       [--reuse postgres|pglite] [--no-baseline] [--no-explain] [--calls id,id] [--today YYYY-MM-DD]
       [--import-rows N] [--import-only] [--no-import] [--import-daily N]
       [--load [--connections N] [--duration S]] [--no-load]
       [--reports [--report CODE,CODE] [--report-date YYYY-MM-DD,…] [--report-user EMAIL] [--read-rate MB/s]] [--no-reports]
       [--small-client] [--no-small-client] [--cash]
       [--render]
  With no option: every benchmark (a full run), then docs/benchmarks.json and docs/benchmarks.md.`;

/** Scale 17: VARDHMAN gets 60,000 x 17 = 1.02M documents (and 5,100 parents / 51,000 children). */
const DEFAULT_SCALE = 17;
/** The import target is stated at a million invoices. */
const DEFAULT_IMPORT_ROWS = 1_000_000;
const DEFAULT_LOAD = { connections: THROUGHPUT_CONNECTIONS, seconds: 30 };

function positive(name: string, value: string | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'}\n${USAGE}`);
  return n;
}

export function parse() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      'pglite-scale': { type: 'string' },
      db: { type: 'string', default: 'both' },
      iterations: { type: 'string' },
      warmups: { type: 'string' },
      'baseline-iterations': { type: 'string' },
      'skip-seed': { type: 'boolean', default: false },
      reuse: { type: 'string' },
      browser: { type: 'boolean', default: true },
      'no-browser': { type: 'boolean', default: false },
      'build-stats': { type: 'boolean', default: false },
      'no-baseline': { type: 'boolean', default: false },
      'no-explain': { type: 'boolean', default: false },
      calls: { type: 'string' },
      today: { type: 'string' },
      'import-rows': { type: 'string' },
      'import-only': { type: 'boolean', default: false },
      load: { type: 'boolean', default: false },
      connections: { type: 'string' },
      duration: { type: 'string' },
      'no-import': { type: 'boolean', default: false },
      'no-load': { type: 'boolean', default: false },
      'no-reports': { type: 'boolean', default: false },
      'small-client': { type: 'boolean', default: false },
      'no-small-client': { type: 'boolean', default: false },
      cash: { type: 'boolean', default: false },
      render: { type: 'boolean', default: false },
      'import-daily': { type: 'string' },
      reports: { type: 'boolean', default: false },
      report: { type: 'string' },
      'report-date': { type: 'string' },
      'report-user': { type: 'string', default: 'admin@vardhman.test' },
      'read-rate': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!['postgres', 'pglite', 'both'].includes(values.db))
    throw new Error(`--db must be postgres, pglite or both\n${USAGE}`);
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today))
    throw new Error(`--today must be YYYY-MM-DD\n${USAGE}`);
  const scale = positive('scale', values.scale, DEFAULT_SCALE);
  const reportDates = (values['report-date'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (reportDates.some((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d)))
    throw new Error(`--report-date takes YYYY-MM-DD dates separated by a comma\n${USAGE}`);
  const reuse = (values.reuse ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (reuse.some((k) => k !== 'postgres' && k !== 'pglite'))
    throw new Error(`--reuse takes postgres, pglite or both separated by a comma\n${USAGE}`);
  return {
    scale,
    pgliteScale: positive('pglite-scale', values['pglite-scale'], scale),
    dbs: (values.db === 'both' ? ['postgres', 'pglite'] : [values.db]) as DbKind[],
    iterations: positive('iterations', values.iterations, 30, true),
    warmups: positive('warmups', values.warmups, 3, true),
    baselineIterations: positive('baseline-iterations', values['baseline-iterations'], 5, true),
    /** Databases reused as they are (--skip-seed: all of them; --reuse: the ones named). */
    reuse: (values['skip-seed'] ? ['postgres', 'pglite'] : reuse) as DbKind[],
    browser: values.browser && !values['no-browser'],
    buildStats: values['build-stats'],
    baseline: !values['no-baseline'],
    explain: !values['no-explain'],
    calls: values.calls
      ? values.calls
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    today: values.today ?? todayIso(),
    /** Invoices per generated import file (payments: 80 % of them); 0 skips the import rate. */
    importRows: values['no-import'] ? 0 : positive('import-rows', values['import-rows'], DEFAULT_IMPORT_ROWS, true),
    importOnly: values['import-only'],
    /** --load: throughput over HTTP against the in-process ceiling, on the seeded PostgreSQL database. */
    load: values.load
      ? {
          connections: positive('connections', values.connections, DEFAULT_LOAD.connections, true),
          seconds: positive('duration', values.duration, DEFAULT_LOAD.seconds, true),
        }
      : undefined,
    /** The throughput and the Excel reports after the rest of a run (a full run has both). */
    withLoad: !values['no-load'],
    withReports: !values['no-reports'],
    /** --small-client: only a new small client's first answers beside the seeded one (small-client.ts). */
    smallClientOnly: values['small-client'],
    withSmallClient: !values['no-small-client'],
    /** --cash: only the 10,000-credit bank statement against the seeded PostgreSQL client (cash.ts). */
    cashOnly: values.cash,
    /** --render: docs/benchmarks.md from docs/benchmarks.json, nothing measured. */
    render: values.render,
    /** Every benchmark at its default size (no option but reusing a seeded database): renders docs/benchmarks.md. */
    full: process.argv
      .slice(2)
      .every((arg, i, all) => arg === '--skip-seed' || arg.startsWith('--reuse') || all[i - 1] === '--reuse'),
    /** New invoices of a daily batch into the benchmark ledger (payments: a quarter as many), rolled back; 0: none. */
    importDaily: values['import-daily'] === undefined ? 0 : positive('import-daily', values['import-daily'], 0, true),
    /** --reports: only the Excel reports. */
    reportsOnly: values.reports,
    reports: {
      codes: parseReportCodes(values.report),
      dates: reportDates,
      email: values['report-user'],
      readRate: values['read-rate'] === undefined ? null : positive('read-rate', values['read-rate'], 1),
    },
    pgUrl: process.env.BENCH_DATABASE_URL || DEFAULT_PG_URL,
  };
}

export type Options = ReturnType<typeof parse>;

export const FULL_RUN_LOAD = DEFAULT_LOAD;
