import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPromiseStatsQuery, TPromiseStatsRow } from '@/lib/contract/promises';
import { defaultRange } from '@/lib/domain/dates';
import { keptRate, latestPromiseDate } from '@/lib/domain/promises';
import { clientToday } from '@/lib/server/clients/client-day';
import { scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';

/**
 * GET /promises/stats: per collector (the user who took the promise), the promises whose promised
 * date fell in fromDate..toDate (by default from the start of the range every period screen opens on to the
 * last day a promise may be dated), by status, and
 * the kept rate kept / (kept + partial + broken). A scoped user counts only their customers' promises.
 */
export async function promiseStats(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: TPromiseStatsQuery,
): Promise<TPromiseStatsRow[]> {
  const today = await clientToday(db, clientId);
  const fromDate = query.fromDate ?? defaultRange(today).fromDate;
  // Up to the last day a promise taken today may have, so the open ones are counted too.
  const toDate = query.toDate ?? latestPromiseDate(today);
  const where: SQL[] = [
    sql`p.client_id = ${clientId}`,
    sql`p.promised_date between ${fromDate}::date and ${toDate}::date`,
  ];
  const inScope = scopeCondition(clientId, scope, sql`p.sys_obligor_code`);
  if (inScope) where.push(inScope);
  const rows = await queryRows(
    db,
    sql`select p.user_id as "userId", u.name as "userName",
      count(*) filter (where p.status = 'KEPT')::int as kept,
      count(*) filter (where p.status = 'PARTIAL')::int as partial,
      count(*) filter (where p.status = 'BROKEN')::int as broken,
      count(*) filter (where p.status = 'OPEN')::int as open
    from promises p left join users u on u.client_id = p.client_id and u.id = p.user_id
    where ${sql.join(where, sql` and `)}
    group by p.user_id, u.name
    order by u.name nulls last, p.user_id`,
    row({
      userId: col.int.nullable(),
      userName: col.text.nullable(),
      kept: col.int,
      partial: col.int,
      broken: col.int,
      open: col.int,
    }),
  );
  return rows.map((r) => ({ ...r, keptRate: keptRate(r) }));
}
