import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
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
  const found = await queryRow(
    db,
    sql`
    select c.bucket1 as b1, c.bucket2 as b2, c.bucket3 as b3,
      exists (select 1 from ageing_snapshots s where s.client_id = c.id and s.as_of_date = ${asOf}::date) as "hasRollups",
      ${historyCovers(clientId, asOf)} as "hasHistory", ${historyAssignmentsCurrent(clientId)} as "assignmentsCurrent"
    from clients c where c.id = ${clientId}`,
    row({
      b1: col.int,
      b2: col.int,
      b3: col.int,
      hasRollups: col.bool,
      hasHistory: col.bool,
      assignmentsCurrent: col.bool,
    }),
  );
  if (!found) throw notFound('Client');
  const { b1, b2, b3, hasRollups, hasHistory, assignmentsCurrent } = found;
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
  const snapshot = await queryRow(
    db,
    sql`
    select exists (select 1 from ageing_snapshots where client_id = ${clientId} and as_of_date = ${asOf}::date) as found`,
    row({ found: col.bool }),
  );
  return snapshot?.found === true;
}
