/**
 * One report streamed in a process of its own, so that its peak RSS is its own: started by
 * scripts/bench/reports.ts, it signs in no one but builds the user's session as sign-in does,
 * streams the workbook through the same code as GET /reports/download.xlsx (prepareReport and
 * workbookStream) into /dev/null (or --out FILE), optionally reading no faster than --read-rate MB/s
 * like a slow download, and prints one line `RESULT {json}`: rows per sheet, bytes, seconds, RSS.
 */
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/db/client';
import { REPORT_CODES, type ReportCode } from '@/lib/contract/reports';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { sessionFor } from '@/lib/server/auth/sign-in';
import { prepareReport } from '@/lib/server/reports/download-report';
import type { ReportSheet } from '@/lib/server/reports/workbook-writer';
import { workbookStream } from '@/lib/server/reports/workbook-writer';
import { findUserByEmail } from '@/lib/server/users/load-user';
import { runCli } from '../run-cli';

const USAGE =
  'usage: report-run.ts --report CODE (--url URL | --pglite DIR) --email EMAIL [--date YYYY-MM-DD] [--out FILE] [--read-rate MB/s]';

export interface ReportRunResult {
  report: ReportCode;
  date: string;
  email: string;
  rows: Record<string, number>;
  bytes: number;
  seconds: number;
  /** RSS once the database is open and the modules are loaded, before the report starts. */
  startRssMb: number;
  /** Peak RSS of the whole process (getrusage maxRSS). */
  peakRssMb: number;
  /** Peak heap used, sampled every 100 ms. */
  peakHeapMb: number;
  readRateMbps: number | null;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      report: { type: 'string' },
      url: { type: 'string' },
      pglite: { type: 'string' },
      email: { type: 'string' },
      date: { type: 'string' },
      out: { type: 'string' },
      'read-rate': { type: 'string' },
    },
  });
  const report = values.report as ReportCode;
  if (!REPORT_CODES.includes(report) || !values.email || (!values.url && !values.pglite)) throw new Error(USAGE);
  const readRate = values['read-rate'] ? Number(values['read-rate']) : null;
  const database = await openDatabase(values.url ? { url: values.url } : { dataDir: values.pglite });
  try {
    const user = await findUserByEmail(database.db, values.email);
    if (!user) throw new Error(`no user ${values.email}`);
    const session = await sessionFor(database.db, user);
    const { ctx, meta, sheets } = await prepareReport(database.db, session, obligorScope(session), {
      clientId: session.clientId,
      report,
      date: values.date,
    });
    const rows: Record<string, number> = {};
    // Each sheet's rows counted on their way to the writer.
    const counted = async function* () {
      for (const sheet of (await sheets(ctx)) as ReportSheet<unknown>[]) {
        rows[sheet.name] = 0;
        yield {
          ...sheet,
          rows: (async function* () {
            for await (const row of sheet.rows) {
              rows[sheet.name]! += 1;
              yield row;
            }
          })(),
        };
      }
    };
    let failure: unknown;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 100);
    const startRss = process.memoryUsage().rss;
    const started = performance.now();
    let bytes = 0;
    const meter = new Transform({
      async transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        // A slow reader: take the chunk no sooner than the rate allows.
        if (readRate) await sleep((chunk.length / (readRate * 1024 * 1024)) * 1000);
        done(null, chunk);
      },
    });
    const body = workbookStream(meta, counted, (error) => {
      failure = error;
    });
    await pipeline(Readable.fromWeb(body as WebReadableStream), meter, createWriteStream(values.out ?? '/dev/null'));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (failure) throw failure;
    const result: ReportRunResult = {
      report,
      date: ctx.asOf,
      email: values.email,
      rows,
      bytes,
      seconds,
      startRssMb: mb(startRss),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      peakHeapMb: mb(peakHeap),
      readRateMbps: readRate,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
