import 'server-only';
import { noteSource } from '@/lib/server/observability/figure-sources';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col } from '@/lib/db/rows';
import type { TDim1ReceivablesRow, TSummaryQuery } from '@/lib/contract/receivables';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { AgeingFigures, ageingAmounts, summedColumns } from './ageing-columns';
import { hasItemFilters } from './ageing-source';
import { HISTORY_FIGURES, historyAt } from './history/read-history';
import { ageingSource, obligorConditions, whereAll } from './ageing-query';
import { ageingView } from './ageing-view';

/** The receivables overview by dim1: one row per dim1 value (and one for customers without one). */
export async function receivablesByDim1(
  db: Db,
  clientId: number,
  query: TSummaryQuery & { scope?: ObligorScope },
): Promise<TDim1ReceivablesRow[]> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const view = await ageingView(db, clientId, asOf);
  const conditions = obligorConditions(clientId, query);
  // A date without rollups reads the history's dim1 rows when no filter applies (key '0': no value).
  const fromHistory = !view.hasRollups && view.hasHistory && !hasItemFilters(query) && !conditions.length;
  if (fromHistory) noteSource('by dimension', 'history');
  const rows = await queryRows(
    db,
    fromHistory
      ? sql`
    select nullif(h.key, '0')::int as "dimId", coalesce(dv.name, 'Not assigned') as dim1,
      ${HISTORY_FIGURES}
    from ${historyAt(clientId, 'dim1', asOf)} h
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = nullif(h.key, '0')::int
    where h.listed_obligors > 0
    order by h.outstanding desc`
      : sql`
    select r.dim1_id as "dimId", coalesce(dv.name, 'Not assigned') as dim1, ${summedColumns()}
    from ${ageingSource(view, query)}
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = r.dim1_id
    ${whereAll(conditions)}
    group by r.dim1_id, dv.name
    order by sum(r.outstanding) desc`,
    AgeingFigures.extend({ dimId: col.int.nullable(), dim1: col.text }),
  );
  return rows.map((row) => {
    const amounts = ageingAmounts(row);
    return {
      dimId: row.dimId,
      dim1: row.dim1,
      ...amounts,
      receivables: amounts.invoiced,
      date: asOf,
    };
  });
}
