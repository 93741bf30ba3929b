import 'server-only';
import { getJobDatabase, getJobDb } from '@/lib/db/client';
import { reportError } from '@/lib/server/observability/report-error';
import { pruneRevokedSessions } from '@/lib/server/auth/current-session';
import { runScheduledDigests } from '@/lib/server/digest/runs';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { runScheduledStatements } from '@/lib/server/dunning/statement-runs';
import { checkPromisesEveryClient } from '@/lib/server/promises/check-promises';
import { refreshStaleRollups } from './refresh-rollups';
import { refreshStaleHistories } from './history/refresh-history';
import { refreshStaleForecasts } from '@/lib/server/forecast/forecast-store';
import { resumeRollupJobs } from './rollup-jobs';

const CHECK_EVERY_MS = 60_000;

/**
 * Ages move with the calendar: when a client's day turns (in its own time zone) a running server
 * adds that day's rollups and checks its promises to pay, once, in the background (`npm start` and the daily job add them too).
 * The check each minute is one indexed query. Reads never write: until this finishes, a read of
 * the new day is answered from the ledger, exactly. All of it runs on the jobs' pool (lib/db/client.ts),
 * never on the connections requests need.
 */
export function startNewDayRollups(): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      const db = await getJobDb();
      const now = new Date();
      // A rollup job that failed, or whose server stopped half-way, runs again (before the new day's
      // rollups, which wait for it).
      await resumeRollupJobs(db);
      const refreshed = await refreshStaleRollups(db, now);
      // Once per client day: the promises whose date has just passed.
      if (refreshed.length) await checkPromisesEveryClient(db, now, refreshed);
      if (refreshed.length) await pruneRevokedSessions(db);
      // The customer reminders of each client whose day has reached 09:00 and has no daily run yet.
      await runDailyReminders(db, now);
      // The statements of each client whose schedule's day has come (once per customer and period).
      if (refreshed.length) await runScheduledStatements(db, now);
      // The users' email digests of each client whose day has reached 07:00 (once per user and period).
      await runScheduledDigests(db, now);
    })()
      .catch((error: unknown) => reportError(error, { where: 'new-day rollups' }))
      .finally(() => {
        running = false;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
  startHistoryUpkeep();
}

/**
 * After an import the ageing history is rebuilt in the background (minutes at a million invoices),
 * on its own timer so that it never holds back a new day's rollups; until then reads of dates
 * without rollups take the ledger path. The stored cash-in forecast follows it, after an import and
 * on each new client day; until then the forecast is computed from the ledger. Not on the embedded
 * PGlite: its one connection would hold every page for the rebuild (~30 s at the demo's 60,000
 * documents), so there the daily job and the next start rebuild them, and the ledger answers until then.
 */
function startHistoryUpkeep(): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      const database = await getJobDatabase();
      if (database.kind !== 'postgres') return;
      await refreshStaleHistories(database.db);
      // A new client day or an import: the cash-in forecast's stored sums, after the history (both minutes at a million invoices).
      await refreshStaleForecasts(database.db);
    })()
      .catch((error: unknown) => reportError(error, { where: 'ageing history and forecast' }))
      .finally(() => {
        running = false;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
}

/**
 * At start-up: the rollup jobs that a stopped or crashed server left unfinished run again, in the
 * background (until they end, reads of their dates take the ledger).
 */
export function resumeRollupJobsAtStart(): void {
  void (async () => resumeRollupJobs(await getJobDb()))().catch((error: unknown) =>
    reportError(error, { where: 'rollup jobs at start' }),
  );
}
