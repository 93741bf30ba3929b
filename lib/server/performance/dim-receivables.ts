import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TDimReceivablesQuery, TDimRow } from '@/lib/contract/performance';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { dimGroups, DimRowRaw, selectDimRows, toDimRow } from './dim-groups';
import { ageingView } from '@/lib/server/receivables/ageing-view';

/**
 * GET /v4/dim/receivables/current: the receivables as of `date` (today by default) summed per value
 * of dim1, dim2 or dim3, filtered like the receivables list, sorted and paged in SQL. Collections
 * here are the month to date's (the receivables rows' `paid`).
 */
export async function dimReceivables(
  db: Db,
  clientId: number,
  query: TDimReceivablesQuery & { scope?: ObligorScope },
): Promise<{ total: number; rows: TDimRow[] }> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const groups = dimGroups({ ...query, view: await ageingView(db, clientId, asOf) });
  const rows = await queryRows(db, selectDimRows(clientId, groups, query, query), DimRowRaw);
  const total = rows.length ? rows[0]!.total : await countGroups(db, clientId, groups);
  return { total, rows: rows.map((row) => toDimRow(row, asOf)) };
}

/** A page past the end still reports the real total. */
async function countGroups(db: Db, clientId: number, groups: Parameters<typeof selectDimRows>[1]): Promise<number> {
  const counted = await queryRow(
    db,
    sql`select count(*) as n from (${selectDimRows(clientId, groups, { sortBy: 'balance', order: 'DESC' })}) g`,
    row({ n: col.int }),
  );
  return counted?.n ?? 0;
}
