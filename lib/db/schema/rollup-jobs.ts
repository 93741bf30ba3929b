import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * The rollup refresh an import leaves to do (lib/server/receivables/rollup-jobs.ts): written in the
 * import's own transaction, so a committed batch always has its job, and a crash after the commit
 * leaves it here to resume. A client's unfinished jobs run together as one refresh.
 */
export const rollupJobs = pgTable(
  'rollup_jobs',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    id: integer().notNull().generatedByDefaultAsIdentity(),
    importId: integer(), // the batch that queued it; null when start-up found the figures behind the ledger
    queuedAt: timestamp({ withTimezone: true }).notNull(), // the import's commit: "refreshed after the import of ..."
    asOf: date().notNull(), // the import's today: the current date of the rollups it rebuilds
    since: date(), // nothing before this date moved; null: every date
    // False: on the dates that had rollups, only the customers listed in rollup_job_obligors moved.
    everyObligor: boolean().notNull(),
    // The dates whose snapshot the import withdrew (so that reads take the ledger) though their rows
    // stay right for every customer the batch did not touch: the refresh rebuilds only those customers.
    keptDates: date()
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: text().$type<'PENDING' | 'RUNNING' | 'DONE'>().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    progress: text(),
    lastError: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('rollup_jobs_unfinished')
      .on(t.clientId)
      .where(sql`${t.status} <> 'DONE'`),
    check('rollup_jobs_status', sql`${t.status} in ('PENDING', 'RUNNING', 'DONE')`),
  ],
);

/** The customers a job's batch touched (dropped when the job is done). */
export const rollupJobObligors = pgTable(
  'rollup_job_obligors',
  {
    clientId: integer().notNull(),
    jobId: integer().notNull(),
    sysObligorCode: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jobId, t.sysObligorCode] }),
    foreignKey({ columns: [t.clientId, t.jobId], foreignColumns: [rollupJobs.clientId, rollupJobs.id] }),
  ],
);
