import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { LOCKS, inOneSnapshot, tryLock } from '@/lib/db/locks';
import { allowParallelWorkers, queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { buildAgeingHistory } from './build-history';

/**
 * The clients whose ageing history is not built from their current ledger, or whose collector
 * levels are not built with the current assignments: the history records the integration update
 * time (every import sets a new one) and the assignments time (every reassignment outside an
 * import) it was built with. Until it is rebuilt a date without rollups is answered from the
 * ledger (ageing-view.ts), exactly, only slower; after a reassignment, only collectors' dates.
 */
export async function staleHistoryClients(db: Db): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`
    select c.id from clients c left join data_update_times t on t.client_id = c.id
    where c.kind = 'BORROWER' and exists (select 1 from invoices i where i.client_id = c.id)
      and (t.history_ledger_time is null or t.history_ledger_time is distinct from t.integration_update_time
        or t.history_assignments_at is distinct from t.assignments_changed_at)
    order by c.id`,
    row({ id: col.int }),
  );
  return rows.map((r) => r.id);
}

/**
 * Rebuilds a client's ageing history from its ledger in one transaction, once at a time across app
 * servers (a second caller skips: the first one's history serves both), and records the integration
 * update time it was built from. Built outside the import: at a million invoices it takes minutes
 * (docs/benchmarks.md), and reads need it only for dates that have no rollups. Returns false when
 * another server holds the lock.
 */
export async function refreshAgeingHistory(
  db: Db,
  clientId: number,
  onStep?: (step: string) => void,
): Promise<boolean> {
  return inOneSnapshot(db, async (tx) => {
    if (!(await tryLock(tx, LOCKS.ageingHistory, clientId))) return false;
    await tx.execute(sql`set local jit = off`);
    await allowParallelWorkers(tx);
    // The times as the database writes them, so that they go back to it to the microsecond.
    const client = await queryRow(
      tx,
      sql`
      select c.bucket1 as b1, c.bucket2 as b2, c.bucket3 as b3, t.integration_update_time::text as "ledgerTime",
        t.assignments_changed_at::text as "assignmentsAt"
      from clients c left join data_update_times t on t.client_id = c.id where c.id = ${clientId}`,
      row({
        b1: col.int,
        b2: col.int,
        b3: col.int,
        ledgerTime: col.text.nullable(),
        assignmentsAt: col.text.nullable(),
      }),
    );
    if (!client) return false;
    await buildAgeingHistory(tx, clientId, client, onStep);
    await tx.execute(sql`
      insert into data_update_times (client_id, history_ledger_time, history_assignments_at)
      values (${clientId}, ${client.ledgerTime}::timestamptz, ${client.assignmentsAt}::timestamptz)
      on conflict (client_id) do update
        set history_ledger_time = excluded.history_ledger_time, history_assignments_at = excluded.history_assignments_at`);
    return true;
  });
}

/** Rebuilds the history of every client whose history is stale; the ids of those rebuilt. */
export async function refreshStaleHistories(db: Db): Promise<number[]> {
  const done: number[] = [];
  for (const clientId of await staleHistoryClients(db))
    if (await refreshAgeingHistory(db, clientId)) done.push(clientId);
  return done;
}
