import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TSummaryQuery } from '@/lib/contract/receivables';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { todayIso } from '@/lib/domain/dates';
import { getClient } from '@/lib/server/clients/get-client';
import { AMOUNT_KEYS, COUNT_KEYS, summedColumns } from './ageing-columns';
import { ageingSource, obligorConditions, whereAll } from './ageing-query';

/** The receivables overview by dim1: one row per dim1 value (and one for customers without one). */
export async function receivablesByDim1(db: Db, clientId: number, query: TSummaryQuery & { scope?: ObligorScope }) {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayIso();
  const source = await ageingSource(db, clientId, asOf, { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 }, query);
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select r.dim1_id as "dimId", coalesce(dv.name, 'Not assigned') as dim1, ${summedColumns()}
    from ${source}
    left join dimension_values dv on dv.client_id = ${clientId} and dv.id = r.dim1_id
    ${whereAll(obligorConditions(clientId, query))}
    group by r.dim1_id, dv.name
    order by sum(r.outstanding) desc`);
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row, date: asOf };
    for (const key of [...AMOUNT_KEYS, ...COUNT_KEYS]) out[key] = Number(row[key]);
    out.receivables = out.invoiced;
    return out as Record<(typeof AMOUNT_KEYS)[number] | (typeof COUNT_KEYS)[number], number> & { dimId: number | null; dim1: string; date: string; receivables: number };
  });
}
