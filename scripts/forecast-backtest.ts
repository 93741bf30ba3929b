/**
 * npm run forecast:backtest -- [--scale N] [--today YYYY-MM-DD] [--date YYYY-MM-DD] [--url POSTGRES_URL] [--client CODE]
 *
 * Seeds the demo ledger into a scratch PGlite database (nothing else is touched) and prints each
 * borrower client's forecast back-test: the model's weekly error (MAPE) over the month ends, the two
 * simple rules' on the same weeks, how much lower the model's is, and the share of the weeks inside
 * its 80% band; with --date, as of that day. The figures of docs/forecast.md come from it. With
 * --url it reads an existing database instead (a client's own ledger, or the benchmark's scale-17
 * one) and changes nothing: the time each client takes is a past date's forecast computed cold.
 * --client CODE reads only that client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { seedDatabase } from '@/lib/db/seed';
import { DEFAULT_WEEKS } from '@/lib/domain/cash-forecast';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { cashForecast } from '@/lib/server/forecast/cash-forecast';
import { runCli } from './run-cli';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      today: { type: 'string' },
      date: { type: 'string' },
      url: { type: 'string' },
      client: { type: 'string' },
    },
  });
  const dir = values.url ? null : mkdtempSync(join(tmpdir(), 'forecast-backtest-'));
  const database = await openDatabase(dir ? { dataDir: dir } : { url: values.url! });
  try {
    if (dir) {
      await migrateDatabase(database);
      const seeded = await seedDatabase(database.db, {
        scale: values.scale === undefined ? 1 : Number(values.scale),
        ...(values.today ? { today: values.today } : {}),
        forecast: false,
      });
      console.log(`demo ledger, scale ${seeded.scale}, today ${seeded.today}`);
    } else console.log(`the ledger at ${values.url!.replace(/\/\/[^@/]*@/, '//')}`);
    const clients = await queryRows(
      database.db,
      sql`select id, code from clients where kind = 'BORROWER' ${values.client ? sql`and code = ${values.client}` : sql``} order by id`,
      row({ id: col.int, code: col.text }),
    );
    if (values.date) console.log(`as of ${values.date}`);
    for (const client of clients) {
      const started = performance.now();
      const f = await cashForecast(database.db, client.id, ALL_OBLIGORS, { weeks: DEFAULT_WEEKS }, values.date);
      const b = f.backtest;
      console.log(
        `${client.code}: model ${b.mape}% | due date ${b.rules.dueDate.mape}% (model ${b.rules.dueDate.improvement}% lower) | ` +
          `customer mean ${b.rules.customerMean.mape}% (model ${b.rules.customerMean.improvement}% lower) | ` +
          `band ${b.bandShare}% of ${b.points.filter((p) => p.actual > 0).length} weeks | ${Math.round(performance.now() - started)} ms`,
      );
    }
    return 0;
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runCli(
  main,
  'usage: npm run forecast:backtest -- [--scale N] [--today YYYY-MM-DD] [--date YYYY-MM-DD] [--url POSTGRES_URL] [--client CODE]',
);
