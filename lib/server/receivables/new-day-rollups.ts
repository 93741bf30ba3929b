import 'server-only';
import { getDb } from '@/lib/db/client';
import { todayIso } from '@/lib/domain/dates';
import { reportError } from '@/lib/server/observability/report-error';
import { pruneRevokedSessions } from '@/lib/server/auth/current-session';
import { refreshStaleRollups } from './refresh-rollups';

const CHECK_EVERY_MS = 60_000;

/**
 * Ages move with the calendar: when a running server meets a new day it adds that day's rollups,
 * once, in the background (`npm start` and the daily job add them too). Reads never write: until
 * this finishes, a read of the new day is answered from the ledger, exactly.
 */
export function startNewDayRollups(): void {
  let day = todayIso();
  const timer = setInterval(() => {
    const today = todayIso();
    if (today === day) return;
    day = today;
    void (async () => {
      const db = await getDb();
      await refreshStaleRollups(db, today);
      await pruneRevokedSessions(db);
    })().catch((error: unknown) => {
      reportError(error, { where: 'new-day rollups', day: today });
    });
  }, CHECK_EVERY_MS);
  timer.unref();
}
