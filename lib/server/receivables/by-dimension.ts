import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TDim1ReceivablesRow, TSummaryQuery } from '@/lib/contract/receivables';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { ageingAmounts, summedColumns } from './ageing-columns';
import { ageingSource, obligorConditions, whereAll } from './ageing-query';
import { ageingView } from './ageing-view';

/** The receivables overview by dim1: one row per dim1 value (and one for customers without one). */
export async function receivablesByDim1(
  db: Db,
  clientId: number,
  query: TSummaryQuery & { scope?: ObligorScope },
): Promise<TDim1ReceivablesRow[]> {
  const asOf = query.date ?? (await clientToday(db, clientId));
  const source = ageingSource(await ageingView(db, clientId, asOf), query);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.dim1_id as "dimId", coalesce(dv.name, 'Not assigned') as dim1, ${summedColumns()}
    from ${source}
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = r.dim1_id
    ${whereAll(obligorConditions(clientId, query))}
    group by r.dim1_id, dv.name
    order by sum(r.outstanding) desc`,
  );
  return rows.map((row) => {
    const amounts = ageingAmounts(row);
    return {
      dimId: row.dimId == null ? null : Number(row.dimId),
      dim1: String(row.dim1),
      ...amounts,
      receivables: amounts.invoiced,
      date: asOf,
    };
  });
}
