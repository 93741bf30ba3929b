import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { AgeingBoundaries } from '@/lib/domain/ageing';
import { notFound } from '@/lib/server/domain-errors';
import { historyAssignmentsCurrent, historyCovers } from './history/read-history';

/**
 * What an ageing read needs to know before it builds its SQL, read once per request and date: the
 * client's boundaries, whether rollups exist for the date (then they answer), and whether the ageing
 * history covers it (then it answers the levels it keeps); otherwise the ledger.
 */
export interface AgeingView {
  clientId: number;
  asOf: string;
  boundaries: AgeingBoundaries;
  hasRollups: boolean;
  hasHistory: boolean;
  /** The history's collector levels (a scoped user's own customers) were built with the current assignments. */
  hasCollectorHistory: boolean;
}

export async function ageingView(db: Db, clientId: number, asOf: string): Promise<AgeingView> {
  const [row] = await queryRows<{
    b1: number;
    b2: number;
    b3: number;
    hasRollups: boolean;
    hasHistory: boolean;
    assignmentsCurrent: boolean;
  }>(
    db,
    sql`
    select c.bucket1 as b1, c.bucket2 as b2, c.bucket3 as b3,
      exists (select 1 from ageing_snapshots s where s.client_id = c.id and s.as_of_date = ${asOf}::date) as "hasRollups",
      ${historyCovers(clientId, asOf)} as "hasHistory", ${historyAssignmentsCurrent(clientId)} as "assignmentsCurrent"
    from clients c where c.id = ${clientId}`,
  );
  if (!row) throw notFound('Client');
  const { b1, b2, b3, hasRollups, hasHistory, assignmentsCurrent } = row;
  return {
    clientId,
    asOf,
    boundaries: { b1, b2, b3 },
    hasRollups,
    hasHistory,
    hasCollectorHistory: hasHistory && assignmentsCurrent,
  };
}

/** True when `asOf` has rollups for the client. */
export async function hasSnapshot(db: Db, clientId: number, asOf: string): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`
    select exists (select 1 from ageing_snapshots where client_id = ${clientId} and as_of_date = ${asOf}::date) as found`,
  );
  return rows[0]?.found === true;
}
