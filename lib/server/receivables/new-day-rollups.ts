import 'server-only';
import { getDb } from '@/lib/db/client';
import { reportError } from '@/lib/server/observability/report-error';
import { pruneRevokedSessions } from '@/lib/server/auth/current-session';
import { runDailyReminders } from '@/lib/server/dunning/daily';
import { refreshStaleRollups } from './refresh-rollups';

const CHECK_EVERY_MS = 60_000;

/**
 * Ages move with the calendar: when a client's day turns (in its own time zone) a running server
 * adds that day's rollups, once, in the background (`npm start` and the daily job add them too).
 * The check each minute is one indexed query. Reads never write: until this finishes, a read of
 * the new day is answered from the ledger, exactly.
 */
export function startNewDayRollups(): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      const db = await getDb();
      const refreshed = await refreshStaleRollups(db, new Date());
      if (refreshed.length) await pruneRevokedSessions(db);
      // The customer reminders of each client whose day has reached 09:00 and has no daily run yet.
      await runDailyReminders(db, new Date());
    })()
      .catch((error: unknown) => reportError(error, { where: 'new-day rollups' }))
      .finally(() => {
        running = false;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
}
