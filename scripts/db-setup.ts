/**
 * Runs before the app starts: applies migrations and, on an empty database, loads the demo data.
 * PGlite allows one process per data folder, so this finishes and closes before `next start` opens it.
 */
import path from 'node:path';
import { defaultDataDir, openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { isSeeded, seedDatabase } from '@/lib/db/seed';
import { sessionSecret } from '@/lib/server/auth/session-cookie';
import { refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { refreshStaleHistories } from '@/lib/server/receivables/history/refresh-history';
import { refreshStaleForecasts } from '@/lib/server/forecast/forecast-store';
import { ensureStatistics } from '@/lib/db/statistics';
import { appUrlWarning } from '@/lib/server/config/app-url';

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    await migrateDatabase(database);
    // The folder actually opened (DATA_DIR), not always the default one.
    const where =
      database.kind === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `embedded PGlite (${path.relative(process.cwd(), defaultDataDir()) || '.'})`;
    if (await isSeeded(database.db)) {
      console.log(`Database ready on ${where}: migrations applied (${Date.now() - started} ms).`);
    } else {
      const scale = Number(process.env.SEED_SCALE ?? 1);
      console.log(
        `Empty database on ${where}: loading demo data (scale ${scale}); this takes minutes, each step is printed as it ends.`,
      );
      const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`.padStart(6);
      await seedDatabase(database.db, { scale, onProgress: (msg) => console.log(`  [${seconds()}] ${msg}`) });
      console.log(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    // A data folder seeded before the seed ran ANALYZE has no planner statistics (PGlite never gathers them).
    if (await ensureStatistics(database.db)) console.log('Planner statistics gathered (ANALYZE).');
    const refreshed = await refreshStaleRollups(database.db, new Date());
    if (refreshed.length) console.log(`Ageing rollups added for today for ${refreshed.length} client(s).`);
    const histories = await refreshStaleHistories(database.db);
    if (histories.length) console.log(`Ageing history rebuilt for ${histories.length} client(s).`);
    const forecasts = await refreshStaleForecasts(database.db);
    if (forecasts.length) console.log(`Cash-in forecast built for ${forecasts.length} client(s).`);
    sessionSecret(); // creates data/session-secret once when SESSION_SECRET is not set
    const warning = appUrlWarning();
    if (warning) console.warn(`\nWarning: ${warning}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
