/**
 * The daily job (run by cron once a day, e.g. `15 6 * * * cd /app && npm run jobs:daily`): runs
 * the rollup jobs imports left unfinished, adds the new day's ageing rollups, checks promises to
 * pay (a broken one makes a task), reminds assignees of tasks due tomorrow or overdue, runs each
 * client's customer reminders (dunning, once per client day from 09:00 its time), emails the users'
 * digests of the dashboard (from 07:00 client time, once per user and period), and forgets
 * sign-outs whose cookies have expired anyway.
 */
import { openDatabase } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { pruneRevokedSessions } from '@/lib/server/auth/current-session';
import { runScheduledDigests } from '@/lib/server/digest/runs';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { runScheduledStatements } from '@/lib/server/dunning/statement-runs';
import { sendDueReminders } from '@/lib/server/notifications/due-reminders';
import { checkPromisesEveryClient } from '@/lib/server/promises/check-promises';
import { refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { refreshStaleHistories } from '@/lib/server/receivables/history/refresh-history';
import { refreshStaleForecasts } from '@/lib/server/forecast/forecast-store';
import { resumeRollupJobs } from '@/lib/server/receivables/rollup-jobs';

async function main() {
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    await migrateDatabase(database);
    const now = new Date();
    const resumed = await resumeRollupJobs(database.db);
    const refreshed = await refreshStaleRollups(database.db, now);
    const broken = await checkPromisesEveryClient(database.db, now);
    const reminders = await sendDueReminders(database.db, now);
    const dunningRuns = await runDailyReminders(database.db, now);
    const statements = await runScheduledStatements(database.db, now);
    await pruneRevokedSessions(database.db);
    const histories = await refreshStaleHistories(database.db);
    // After the promises' check: the forecast reads their statuses.
    const forecasts = await refreshStaleForecasts(database.db, now);
    // After the rollups, promises and forecast: the digests carry their figures.
    const digests = await runScheduledDigests(database.db, now);
    console.log(
      `${now.toISOString()}: rollup jobs finished for ${resumed.length} client(s); rollups added for ${refreshed.length} client(s); ageing history rebuilt for ${histories.length}; cash-in forecast built for ${forecasts.length}; ${broken} promise(s) not kept; ${reminders} task reminder(s) sent; ${dunningRuns} customer reminder run(s); ${statements} scheduled statement(s) emailed; ${digests} digest(s) emailed.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
