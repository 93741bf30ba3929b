import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRow } from './query';
import { col, row } from './rows';

/**
 * Advisory-lock keys, so that work on one client never runs twice at once, on one app server or
 * on several sharing the database. Transaction-scoped: a crashed holder releases its lock.
 */
export const LOCKS = {
  /** A client's ledger and rollups: an import, a rollup refresh. */
  clientLedger: 7106,
  /** The daily task reminders, over every client. */
  dueReminders: 7107,
  /** A client's daily reminder run (dunning): started once per client day. */
  dunning: 7108,
  /** A client's rollup job: one runner at a time across app servers; the others skip it. */
  rollupJob: 7109,
  /** A client's ageing history rebuild: once at a time across app servers. */
  ageingHistory: 7110,
  /** A client's stored cash-in forecast build: once at a time across app servers. */
  forecastStore: 7111,
  /**
   * A client's edit log: taken by the insert trigger audit_log_chain (drizzle/ SQL), not by code,
   * so that concurrent entries chain one after the other. Listed so that no other lock takes it.
   */
  auditChain: 7156,
} as const;

/** Waits for a client's lock inside the current transaction (`tx`). */
export async function lockClient(tx: Db, key: number, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key}, ${clientId})`);
}

/** Takes a lock inside the current transaction if it is free; false when another holder has it. */
export async function tryLock(tx: Db, key: number, id = 0): Promise<boolean> {
  const lock = await queryRow(tx, sql`select pg_try_advisory_xact_lock(${key}, ${id}) as got`, row({ got: col.bool }));
  return lock?.got === true;
}

/**
 * `work` in a transaction that reads one snapshot of the database (repeatable read), so that an
 * import committing meanwhile is read whole or not at all. Set by the driver on `begin`: inside a
 * caller's transaction (a savepoint; the benchmark's rolled-back small client) the caller's snapshot
 * holds, since PostgreSQL takes an isolation level only before a transaction's first statement.
 */
export function inOneSnapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read' });
}
