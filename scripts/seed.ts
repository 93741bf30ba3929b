/**
 * npm run seed -- [--scale N] [--reset] [--today YYYY-MM-DD]
 *
 * Seeds the demo data into DATABASE_URL (PostgreSQL) or the embedded PGlite in ./data/pglite.
 * Refuses a database that already has data unless --reset is given (which empties every table).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { DEMO_PASSWORD, DEMO_USERS, isSeeded, resetDatabase, seedDatabase } from '@/lib/db/seed';
import { runCli } from './run-cli';

const USAGE = 'usage: npm run seed -- [--scale N] [--reset] [--today YYYY-MM-DD]';

function parse() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      reset: { type: 'boolean', default: false },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number\n${USAGE}`);
  return { scale, reset: values.reset, today: values.today };
}

async function main(): Promise<number> {
  const args = parse();
  const started = performance.now();
  const stamp = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)}s]`;
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (./data/pglite or DATA_DIR)';
  try {
    console.log(`${stamp()} database: ${where}; migrating`);
    await migrateDatabase(database);
    if (await isSeeded(database.db)) {
      if (!args.reset) {
        console.error('The database already has data. Run again with --reset to empty it and seed from scratch.');
        return 1;
      }
      console.log(`${stamp()} --reset: emptying every table`);
      await resetDatabase(database.db);
    }
    console.log(`${stamp()} seeding at scale ${args.scale}${args.today ? ` for ${args.today}` : ''}`);
    const summary = await seedDatabase(database.db, {
      scale: args.scale,
      today: args.today,
      onProgress: (message) => console.log(`${stamp()} ${message}`),
    });
    console.log(
      `\nSeeded for today = ${summary.today}, scale ${summary.scale}, in ${(summary.elapsedMs / 1000).toFixed(1)} s:`,
    );
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(summary.counts).sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-IN').padStart(12)}`);
    }
    console.log(`\nDemo users (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.role.padEnd(15)} ${u.description}`);
    console.log(`\n${stamp()} done`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);
