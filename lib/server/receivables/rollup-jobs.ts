import 'server-only';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { getJobDb, type Db } from '@/lib/db/client';
import { LOCKS, lockClient, tryLock } from '@/lib/db/locks';
import { allowParallelWorkers, queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { rollupJobObligors, rollupJobs } from '@/lib/db/schema';
import { clientToday } from '@/lib/server/clients/client-day';
import { reportError } from '@/lib/server/observability/report-error';
import { rebuildRollups } from './refresh-rollups';

/**
 * The rollup job: an import commits the ledger (the integration update time) and queues the
 * rebuild of the ageing rollups in the same transaction; the job rebuilds them after it (the view
 * update time). Until it has run, the dates it will rebuild have no snapshot, so every read of
 * them is answered from the ledger, exactly. The job rebuilds from the ledger, so running it again
 * after a crash gives the same figures; a client's unfinished jobs run together, on one app server
 * at a time (an advisory lock), and an import of the client waits for a running one.
 */

/** What a runner did: rebuilt the rollups, found another runner on the client, or found nothing to do. */
type RollupJobOutcome = 'done' | 'busy' | 'idle';

interface QueuedJob {
  clientId: number;
  /** The batch; null when start-up found the figures behind the ledger with no job. */
  importId: number | null;
  /** The import's commit, also its integration update time. */
  queuedAt: Date;
  /** The current date of the rollups (the import's today). */
  asOf: string;
  /** Nothing before this date moved; undefined: every date. */
  since?: string;
  /** A query of the customers the batch touched; undefined: every customer. */
  obligors?: SQL;
}

/**
 * Queues the rollup job of a batch inside the import's transaction, and withdraws the snapshots of
 * the dates it will rebuild, so that reads take the ledger until it has run. Their rows stay: for
 * a batch that touched few customers the job rebuilds only theirs (`kept_dates`).
 */
export async function queueRollupJob(tx: Db, job: QueuedJob): Promise<void> {
  const { clientId } = job;
  const queued = await queryRow(
    tx,
    sql`
    with withdrawn as (
      delete from ageing_snapshots where client_id = ${clientId} ${job.since ? sql`and as_of_date >= ${job.since}::date` : sql``}
      returning as_of_date)
    insert into rollup_jobs (client_id, import_id, queued_at, as_of, since, every_obligor, kept_dates)
    select ${clientId}::int, ${job.importId}::int, ${job.queuedAt.toISOString()}::timestamptz, ${job.asOf}::date,
      ${job.since ?? null}::date, ${!job.obligors}, coalesce(array_agg(as_of_date order by as_of_date), '{}')
    from withdrawn
    returning id`,
    row({ id: col.int }),
  );
  if (job.obligors) {
    await tx.execute(sql`insert into rollup_job_obligors (client_id, job_id, sys_obligor_code)
      select distinct ${clientId}::int, ${queued!.id}::int, code from (${job.obligors}) touched(code)`);
  }
}

/** A client's unfinished jobs as one rebuild: the earliest date, every customer any of them touched. */
interface Plan {
  ids: number[];
  asOf: string;
  since?: string;
  everyObligor: boolean;
  kept: string[];
}

async function planOf(tx: Db, clientId: number): Promise<Plan | null> {
  const jobs = await queryRow(
    tx,
    sql`
    select array_agg(id order by id) as ids, max(as_of)::text as "asOf", min(since)::text as since,
      bool_or(since is null) as full, bool_or(every_obligor) as "everyObligor",
      (select string_agg(distinct d::text, ',') from rollup_jobs k, unnest(k.kept_dates) d
        where k.client_id = ${clientId} and k.status <> 'DONE') as kept
    from rollup_jobs where client_id = ${clientId} and status <> 'DONE'`,
    // Aggregates over no unfinished job are null.
    row({
      ids: col.array(col.int).nullable(),
      asOf: col.day.nullable(),
      since: col.day.nullable(),
      full: col.bool.nullable(),
      everyObligor: col.bool.nullable(),
      kept: col.text.nullable(),
    }),
  );
  if (!jobs?.ids?.length || !jobs.asOf) return null;
  const full = jobs.full === true;
  return {
    ids: jobs.ids,
    asOf: jobs.asOf,
    since: full ? undefined : (jobs.since ?? undefined),
    everyObligor: full || jobs.everyObligor === true,
    kept: jobs.kept ? jobs.kept.split(',') : [],
  };
}

const planLine = (plan: Plan) =>
  `rebuilding the ageing rollups ${plan.since ? `from ${plan.since}` : 'of every date'}` +
  (plan.everyObligor ? '' : " (the batch's customers on dates with rollups)");

/**
 * Runs a client's unfinished rollup jobs as one rebuild, unless another runner (this server or
 * another) is on them: claimed in a short transaction of its own, so that every server sees the
 * job started and counts its attempts even if this process dies, then rebuilt in one transaction
 * that marks the jobs done: a runner killed half-way leaves the old rollups and the job to resume.
 */
export async function runRollupJobs(
  db: Db,
  clientId: number,
  options: { onProgress?: (message: string) => void } = {},
): Promise<RollupJobOutcome> {
  const progress = options.onProgress ?? (() => {});
  const claimed = await db.transaction(async (tx) => {
    if (!(await tryLock(tx, LOCKS.rollupJob, clientId))) return null;
    const rows = await tx
      .update(rollupJobs)
      .set({
        status: 'RUNNING',
        attempts: sql`${rollupJobs.attempts} + 1`,
        startedAt: new Date(),
        progress: 'rebuilding the ageing rollups',
      })
      .where(and(eq(rollupJobs.clientId, clientId), ne(rollupJobs.status, 'DONE')))
      .returning({ id: rollupJobs.id });
    return rows.map((r) => r.id);
  });
  if (claimed === null) return 'busy';
  if (!claimed.length) return 'idle';
  const started = performance.now();
  try {
    return await db.transaction(async (tx) => {
      if (!(await tryLock(tx, LOCKS.rollupJob, clientId))) return 'busy' as const;
      // An import of the client commits before the rebuild reads the ledger, or waits until it ends.
      await lockClient(tx, LOCKS.clientLedger, clientId);
      await allowParallelWorkers(tx);
      // Jobs queued since the claim are taken too.
      const plan = await planOf(tx, clientId);
      if (!plan) return 'idle' as const;
      progress(planLine(plan));
      const dates = await rebuildRollups(tx, clientId, plan.asOf, {
        since: plan.since,
        obligors: plan.everyObligor
          ? undefined
          : sql`select sys_obligor_code from rollup_job_obligors
              where client_id = ${clientId} and job_id in (${sql.join(
                plan.ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        kept: plan.kept,
        onProgress: progress,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      await tx
        .update(rollupJobs)
        .set({ status: 'DONE', finishedAt: new Date(), progress: `${dates.length} dates rebuilt in ${seconds} s` })
        .where(and(eq(rollupJobs.clientId, clientId), inArray(rollupJobs.id, plan.ids)));
      await tx
        .delete(rollupJobObligors)
        .where(and(eq(rollupJobObligors.clientId, clientId), inArray(rollupJobObligors.jobId, plan.ids)));
      return 'done' as const;
    });
  } catch (error) {
    await db
      .update(rollupJobs)
      .set({ status: 'PENDING', progress: null, lastError: error instanceof Error ? error.message : String(error) })
      .where(and(eq(rollupJobs.clientId, clientId), inArray(rollupJobs.id, claimed), eq(rollupJobs.status, 'RUNNING')));
    throw error;
  }
}

/**
 * Runs the client's jobs and returns once its figures have caught up with its ledger: while
 * another runner has them, waits for it (the command line, tests, benchmarks).
 */
export async function waitForRollups(
  db: Db,
  clientId: number,
  options: { onProgress?: (message: string) => void } = {},
): Promise<RollupJobOutcome> {
  for (;;) {
    const outcome = await runRollupJobs(db, clientId, options);
    if (outcome !== 'busy') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the client's rollup job in the background of this server, on the jobs' pool (after an
 * upload: the import answers at once).
 */
export function startRollupJobs(clientId: number): void {
  void getJobDb()
    .then((db) => runRollupJobs(db, clientId))
    .catch((error: unknown) => reportError(error, { where: 'rollup job', clientId }));
}

/**
 * Runs the unfinished jobs of every client (at start-up, each minute in a running server, in the
 * daily job): the job of a server that stopped or crashed half-way. A client whose figures are
 * behind its last import with no job for it (the integration update time after the view update
 * time, and no job queued at that import) gets a full rebuild queued first. Answers the clients
 * whose rollups were rebuilt.
 */
export async function resumeRollupJobs(db: Db): Promise<number[]> {
  const due = await queryRows(
    db,
    sql`
    select t.client_id as "clientId",
      not exists (select 1 from rollup_jobs j where j.client_id = t.client_id
        and (j.status <> 'DONE' or j.queued_at >= t.integration_update_time)) as lost
    from data_update_times t
    where t.integration_update_time > coalesce(t.view_update_time, '-infinity'::timestamptz)
      or exists (select 1 from rollup_jobs j where j.client_id = t.client_id and j.status <> 'DONE')`,
    row({ clientId: col.int, lost: col.bool }),
  );
  const rebuilt: number[] = [];
  for (const { clientId, lost } of due) {
    try {
      if (lost) await queueLostJob(db, clientId);
      if ((await runRollupJobs(db, clientId)) === 'done') rebuilt.push(clientId);
    } catch (error) {
      // One client's failing job (kept, with its error, for the next try) holds up no other client.
      reportError(error, { where: 'rollup job', clientId });
    }
  }
  return rebuilt;
}

async function queueLostJob(db: Db, clientId: number): Promise<void> {
  const asOf = await clientToday(db, clientId);
  await db.transaction(async (tx) => {
    await lockClient(tx, LOCKS.clientLedger, clientId);
    // Another server may have queued it meanwhile.
    const still = await queryRow(
      tx,
      sql`select not exists (select 1 from rollup_jobs j join data_update_times t on t.client_id = j.client_id
        where j.client_id = ${clientId} and (j.status <> 'DONE' or j.queued_at >= t.integration_update_time)) as lost`,
      row({ lost: col.bool }),
    );
    if (still?.lost) await queueRollupJob(tx, { clientId, importId: null, queuedAt: new Date(), asOf });
  });
}

/**
 * When the client's figures are being rebuilt after an import: the commit of the latest import
 * whose rollup job has not ended, or null when they have caught up.
 */
export async function rollupsPendingSince(db: Db, clientId: number): Promise<string | null> {
  const pending = await queryRow(
    db,
    sql`select max(queued_at) as at from rollup_jobs where client_id = ${clientId} and status <> 'DONE'`,
    row({ at: col.instant.nullable() }),
  );
  return pending?.at ?? null;
}
