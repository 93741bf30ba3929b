/**
 * Deterministic demo data: for a given `today` every run writes the same rows (one fixed random
 * seed; every date relative to today). Everything is written in one transaction: all or nothing.
 *
 * Order per borrower client: plan customers in memory, run the ledger once to measure exposure,
 * set credit limits from it, write customers, run the ledger again writing invoices and payments
 * month by month, turn one receipt in twenty into a receipt on account or an advance allocated
 * later, then notes, tasks and notifications; last promises to pay and disputes.
 */
import 'server-only';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../schema';
import type { Db } from '../client';
import { allowParallelWorkers } from '../query';
import { hashPassword } from '../../server/auth/password';
import type { Counts } from './batch';
import { writeCollections } from './collections';
import { writeCommunications } from './communications';
import { dayNum, isDayString, todayInIndia } from './dates';
import { seedInvestors } from './investors';
import { seedPrepaid } from './prepaid';
import { seedAddresses } from './addresses';
import { measureLedger, writeLedger } from './ledger';
import { writeInstalments } from './instalments';
import { writeNotesAgainstInvoices } from './notes';
import { writeWriteOffs } from './write-offs';
import { writeReceiptsOnAccount } from './receipts';
import { planObligors } from './obligor-plan';
import { assignCreditLimits, writeObligors } from './obligors';
import { seedReferenceData } from './reference-data';
import { syncTaskIdentity, writeTasks } from './tasks';
import { scaledVolumes } from './tenants';
import { DEMO_PASSWORD, seedCustomerUsers, seedUsers } from './users';
import { refreshReceivableRollups } from '../../server/receivables/refresh-rollups';
import { refreshStaleHistories } from '../../server/receivables/history/refresh-history';
import { refreshStaleForecasts } from '../../server/forecast/forecast-store';
import { analyzeDatabase, analyzeLedger } from '../statistics';

export { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './users';

export interface SeedOptions {
  /** Multiplies customers, documents, payments and tasks (not users, clients or catalogues). */
  scale?: number;
  /** YYYY-MM-DD; defaults to today in India. */
  today?: string;
  /**
   * Build the ageing history after the seed (default): what any date without rollups reads. The
   * test suite's many small seeds leave it out (their other dates take the ledger path) and the
   * tests of the history build it themselves.
   */
  history?: boolean;
  /** Build the stored cash-in forecast after the seed (default); left out of the test suite's seeds likewise. */
  forecast?: boolean;
  onProgress?: (message: string) => void;
}

export interface SeedSummary {
  today: string;
  scale: number;
  /** Rows written per table (pages: catalogue size, whether or not it already existed). */
  counts: Record<string, number>;
  elapsedMs: number;
}

export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`scale must be a positive number, got ${scale}`);
  const todayText = options.today ?? todayInIndia();
  if (!isDayString(todayText)) throw new Error(`today must be a YYYY-MM-DD date, got ${todayText}`);
  const today = dayNum(todayText);
  const progress = options.onProgress ?? (() => {});
  const counts: Counts = {};

  // scrypt is deliberately slow: hash once, share the hash among every seeded user.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await allowParallelWorkers(tx);
    progress('reference data, clients and roles');
    const ref = await seedReferenceData(tx, today, counts);
    const staff = await seedUsers(tx, ref, today, counts, passwordHash);
    for (const borrower of ref.borrowers) {
      const { code } = borrower.spec;
      const volumes = scaledVolumes(borrower.spec, scale);
      const clientStaff = staff.get(borrower.clientId);
      if (!clientStaff) throw new Error(`no staff for ${code}`);
      progress(`${code}: planning ${volumes.parents} parent and ${volumes.children} child obligors`);
      const plan = planObligors(borrower, clientStaff, volumes, today);
      const exposures = await measureLedger(borrower, plan, volumes.invoices, today);
      assignCreditLimits(borrower, plan, exposures);
      await writeObligors(tx, borrower, clientStaff, plan, today, counts);
      progress(`${code}: obligors, limits, ratings and contacts written`);
      const ledger = await writeLedger(tx, borrower, plan, volumes.invoices, today, counts, progress);
      // The planner's statistics of the ledger just written (ANALYZE sees the transaction's own rows):
      // without them every later step plans for empty tables, and at scale 17 the write-offs' pass
      // and each promise check nested loops over the whole ledger (minutes each).
      await analyzeLedger(tx);
      await writeReceiptsOnAccount(tx, borrower.clientId, todayText, counts);
      await writeNotesAgainstInvoices(tx, borrower.clientId, counts);
      await writeWriteOffs(tx, borrower.clientId, todayText, counts);
      await writeInstalments(tx, borrower.clientId, counts);
      await writeCommunications(tx, borrower, clientStaff, plan, ledger, today, counts);
      await writeTasks(tx, borrower, clientStaff, plan, ledger, exposures, volumes.tasks, today, counts);
      progress(`${code}: communications, tasks and notifications written`);
      const snapshots = await refreshReceivableRollups(tx, borrower.clientId, todayText);
      progress(`${code}: ageing rollups refreshed for ${snapshots.length} dates`);
      const memberRole = borrower.roles.get('member');
      if (code === 'VARDHMAN' && memberRole !== undefined)
        await seedCustomerUsers(tx, borrower.clientId, memberRole, todayText, passwordHash, counts);
      // The seed day's customer reminders count as done: a server started that day does not email
      // the whole demo ledger in the background (Run now on /borrowers/reminders still sends).
      await tx.execute(sql`insert into dunning_runs (client_id, run_date, trigger, dry_run, status, finished_at)
        values (${borrower.clientId}, ${todayText}, 'DAILY', false, 'DONE', now())`);
    }
    await syncTaskIdentity(tx);
    // After the tasks' identity is set: a broken promise makes a task of its own.
    for (const borrower of ref.borrowers) {
      const clientStaff = staff.get(borrower.clientId)!;
      const portalUser = clientStaff.all.find((u) => u.email.startsWith('portal@'));
      await writeCollections(tx, borrower.clientId, clientStaff.admin.id, portalUser?.id ?? null, todayText, counts);
      progress(`${borrower.spec.code}: promises to pay and disputes written`);
    }
    await seedPrepaid(tx, ref, today, counts);
    progress('prepaid customers: advance top-ups written');
    await seedAddresses(tx, ref);
    progress('customers: postal addresses written');
    await seedInvestors(tx, ref, today, counts);
    progress('investors: originators, securities, offerings and holdings written');
  });
  // Statistics for the planner: PGlite never gathers them by itself (see statistics.ts).
  await analyzeDatabase(db);
  // Any date without rollups reads the ageing history; the server would build it soon, the seed does now.
  if (options.history ?? true)
    for (const clientId of await refreshStaleHistories(db)) progress(`client ${clientId}: ageing history built`);
  // The dashboard's cash-in forecast sums stored rows; the server would build them soon, the seed does now.
  if (options.forecast ?? true)
    for (const clientId of await refreshStaleForecasts(db)) progress(`client ${clientId}: cash-in forecast built`);
  return { today: todayText, scale, counts, elapsedMs: Math.round(performance.now() - started) };
}

function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Empties every table of the schema and restarts their identity sequences. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTables().map((t) => sql.identifier(getTableName(t)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

/** True once any client exists: the seed (or an import) has run. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.clients.id }).from(schema.clients).limit(1);
  return rows.length > 0;
}
