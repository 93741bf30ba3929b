/**
 * npm run import -- --client CODE [--today YYYY-MM-DD] [--no-wait] [--skip-bad-rows] [--date-order dmy|mdy] <files or folders>
 * npm run import -- --client CODE --bank-statement FILE [--account LABEL] [--mapping "date=…,narration=…,…"]
 *
 * Imports obligors, invoices, payments and ratings (.csv or .xlsx; a folder contributes its .csv
 * and .xlsx files) into one client, in one transaction: any bad row and nothing is written.
 * Exit code 0 when imported, 1 when the batch was refused (the report lists every bad row),
 * --date-order says how the files write 05/11/2026 (dmy, day first, or mdy); without it each file's
 * order is told from its values (lib/server/imports/date-order.ts).
 * 2 for a usage error, 3 when the embedded database is busy and --no-wait was given. A bank
 * statement (cash application) is read into its bank account the same way as an upload: refused
 * whole (exit 1) when its running balance breaks, lines imported before counted as duplicates.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { clients } from '@/lib/db/schema';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { runImport } from '@/lib/server/imports/run-import';
import { waitForRollups } from '@/lib/server/receivables/rollup-jobs';
import { formatReport } from '@/lib/server/imports/format-report';
import { isDateOrder } from '@/lib/server/imports/values';
import { parseColumnMapping } from '@/lib/domain/bank-statement-columns';
import { importStatement } from '@/lib/server/bank/store-statement';
import { DomainError } from '@/lib/server/domain-errors';
import { openForCli } from './cli-database';
import { runCli } from './run-cli';

const USAGE = [
  'usage: npm run import -- --client CODE [--today YYYY-MM-DD] [--no-wait] [--skip-bad-rows] [--date-order dmy|mdy] <files or folders>',
  '       npm run import -- --client CODE --bank-statement FILE [--account LABEL] [--mapping "date=Posted,narration=Details,deposit=Money In,withdrawal=Money Out,balance=Running"]',
].join('\n');

function sources(paths: string[]): ImportSource[] {
  return paths.flatMap((p) => {
    const full = path.resolve(p);
    const files = statSync(full).isDirectory()
      ? readdirSync(full)
          .filter((f) => /\.(csv|xlsx)$/i.test(f))
          .sort()
          .map((f) => path.join(full, f))
      : [full];
    return files.map((file) => ({
      name: path.basename(file),
      open: () => createReadStream(file, { highWaterMark: 1 << 20 }),
    }));
  });
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      client: { type: 'string' },
      today: { type: 'string' },
      'no-wait': { type: 'boolean', default: false },
      'skip-bad-rows': { type: 'boolean', default: false },
      'date-order': { type: 'string' },
      'bank-statement': { type: 'string' },
      account: { type: 'string' },
      mapping: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const statement = values['bank-statement'];
  if (!values.client || (statement ? positionals.length > 0 : !positionals.length)) {
    console.error(USAGE);
    return 2;
  }
  if (values.today && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
    console.error(`--today must be YYYY-MM-DD\n${USAGE}`);
    return 2;
  }
  const dateOrder = values['date-order'];
  if (dateOrder !== undefined && !isDateOrder(dateOrder)) {
    console.error(`--date-order is dmy (day first, 05/11/2026) or mdy (month first, 11/05/2026)\n${USAGE}`);
    return 2;
  }
  const mapping = values.mapping ? parseColumnMapping(values.mapping) : null;
  if (mapping && !mapping.ok) {
    console.error(`--mapping: ${mapping.reason}\n${USAGE}`);
    return 2;
  }
  let files: ImportSource[];
  try {
    files = sources(statement ? [statement] : positionals);
  } catch (error) {
    console.error(`import: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const started = performance.now();
  const stamp = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)}s]`;
  const database = await openForCli({ wait: !values['no-wait'], log: (m) => console.error(m) });
  if (!database) return 3;
  try {
    const [client] = await database.db.select().from(clients).where(eq(clients.code, values.client.toUpperCase()));
    if (!client || client.kind !== 'BORROWER') {
      console.error(`import: no borrower client with code ${values.client} (create it with npm run client:create)`);
      return 2;
    }
    if (statement) {
      try {
        const outcome = await importStatement(
          database.db,
          { clientId: client.id, userId: null },
          { file: files[0]!, account: values.account?.trim() || null, mapping: mapping?.ok ? mapping.mapping : null },
        );
        console.log(`${stamp()} statement ${outcome.id} of ${client.code}: ${JSON.stringify(outcome)}`);
        return 0;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        console.error(`import: ${error.message}`);
        return 1;
      }
    }
    console.log(
      `${stamp()} importing ${files.map((f) => f.name).join(', ')} into ${client.code} (${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
    );
    const report = await runImport(database.db, {
      clientId: client.id,
      userId: null,
      source: 'CLI',
      files,
      today: values.today,
      skipBadRows: values['skip-bad-rows'],
      dateOrder,
      onProgress: (message) => console.log(`${stamp()} ${message}`),
      rollups: 'queue',
    });
    console.log(formatReport(report));
    if (report.status !== 'SUCCEEDED') return 1;
    // The import is committed; its rollup job rebuilds the figures, timed on its own.
    const committed = performance.now();
    const outcome = await waitForRollups(database.db, client.id, {
      onProgress: (message) => console.log(`${stamp()} ${message}`),
    });
    if (outcome === 'done')
      console.log(`${stamp()} rollups ready after ${((performance.now() - committed) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
