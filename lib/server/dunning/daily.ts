import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { LOCKS, tryLock } from '@/lib/db/locks';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { asStatementOrigin } from '@/lib/db/statement-log';
import { reportError } from '@/lib/server/observability/report-error';
import { activePolicy } from './policy';
import { resumeStaleRuns, runReminders } from './runs';

/**
 * The daily reminders start at this hour of each client's own day, not at midnight: by then the
 * morning import has settled what customers paid overnight, so nobody who paid is chased.
 */
export const DAILY_REMINDER_HOUR = 9;

/**
 * The daily run of every borrower client whose day has reached DAILY_REMINDER_HOUR and that has
 * no DAILY run for that day yet (one indexed query; the per-minute check of a running server and
 * the daily job both call it). The run row is made under the client's advisory lock, so two app
 * servers cannot both start it; a client whose policy is switched off gets none (and is not
 * looked at again that day: its run row says DONE with no message). Returns the runs started.
 */
export function runDailyReminders(db: Db, now = new Date()): Promise<number> {
  // Its statements are checked for their tenant filter like a call's (scripts/check-tenant-filters.ts).
  return asStatementOrigin('job.dailyReminders', () => dailyReminders(db, now));
}

async function dailyReminders(db: Db, now: Date): Promise<number> {
  // First the runs whose runner died half-way: what they claimed goes, and a daily run goes on.
  await resumeStaleRuns(db, { now });
  const due = await queryRows(
    db,
    sql`
    with client_day as (
      select id, (${now.toISOString()}::timestamptz at time zone time_zone) as local_now from clients where kind = 'BORROWER')
    select cd.id, cd.local_now::date::text as today from client_day cd
    where extract(hour from cd.local_now) >= ${DAILY_REMINDER_HOUR}
      and not exists (select 1 from dunning_runs r where r.client_id = cd.id and r.trigger = 'DAILY'
        and r.run_date = cd.local_now::date)
    order by cd.id`,
    row({ id: col.int, today: col.day }),
  );
  let started = 0;
  for (const client of due) {
    const clientId = client.id;
    try {
      const policy = await activePolicy(db, clientId);
      const runId = await db.transaction(async (tx) => {
        if (!(await tryLock(tx, LOCKS.dunning, clientId))) return null;
        const done = await queryRow(
          tx,
          sql`select 1 as one from dunning_runs where client_id = ${clientId} and trigger = 'DAILY' and run_date = ${client.today}`,
          row({ one: col.int }),
        );
        if (done) return null;
        const run = await queryRow(
          tx,
          sql`insert into dunning_runs (client_id, run_date, trigger, dry_run, status, finished_at)
          values (${clientId}, ${client.today}, 'DAILY', false, ${policy.enabled ? 'RUNNING' : 'DONE'},
            ${policy.enabled ? null : sql`now()`}) returning id`,
          row({ id: col.int }),
        );
        return run!.id;
      });
      if (runId === null || !policy.enabled) continue;
      await runReminders(db, {
        clientId,
        userId: null,
        trigger: 'DAILY',
        dryRun: false,
        today: client.today,
        runId,
        policy,
      });
      started += 1;
    } catch (error) {
      reportError(error, { where: 'daily reminders', clientId });
    }
  }
  return started;
}
